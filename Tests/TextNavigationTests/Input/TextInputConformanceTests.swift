import Testing
import TextNavigation

/// The generic contract, run against every conforming type: laid-out text at several widths
/// (Latin, CJK, Arabic, mixed bidi, emoji, hard breaks) and the scanned page.
@Suite("TextInput conformance")
struct TextInputConformanceTests {
    static let texts: [(String, String)] = [
        ("Latin", "Alice was beginning to get very tired of sitting by her sister on the bank."),
        ("hard breaks", "one\ntwo three\r\n\nfour\u{2028}five six seven\n"),
        ("Japanese", "下人は、羅生門の下で雨やみを待っていた。広い門の下には、この男のほかに誰もいない。"),
        ("Arabic", "يولد جميع الناس أحرارًا متساوين في الكرامة والحقوق. وهم قد وهبوا عقلاً وضميرًا."),
        ("mixed bidi", "He said שלום עולם and left; قال 123 مرحبا world."),
        ("emoji and marks", "Cafe\u{301} 👍🏽 a\u{200B}b 👨‍👩‍👧 e\u{301}e\u{301}e\u{301} x\u{FEFF}y"),
        ("empty", ""),
        ("spaces", "a      b      c"),
    ]

    @Test(arguments: texts, [1.0, 5, 12, 40])
    func laidOutText(text: (String, String), width: Double) throws {
        let input = try LaidOutTextInput(text.1, width: width)
        expectTextInputConformance(input, width: width, "\(text.0) at width \(width)")
    }

    @Test(arguments: [1.5, 2])
    func laidOutTextAtLargerTextSizes(scale: Double) throws {
        let input = try LaidOutTextInput(Self.texts[0].1, width: 20, textScale: scale)
        expectTextInputConformance(input, width: 20, "Latin at scale \(scale)")
    }

    @Test func scannedPage() throws {
        expectTextInputConformance(try #require(ScannedPageTests.page()), "scanned page")
    }

    @Test func scannedArabicPage() throws {
        let page = try #require(
            ScannedPage(lines: [
                ScannedPage.Line(text: "بسم الله", rect: Rect(x: 40, y: 10, width: 120, height: 30)),
                ScannedPage.Line(text: "الرحمن الرحيم", rect: Rect(x: 20, y: 50, width: 150, height: 28)),
            ]))
        expectTextInputConformance(page, "scanned Arabic page")
    }
}

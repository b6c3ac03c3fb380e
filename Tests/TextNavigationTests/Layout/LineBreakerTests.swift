import Foundation
import Testing

@testable import TextNavigation

/// The lines found without shaping (``LineBreaker``, behind pagination and line units) are the
/// full layout's lines: the same line units as ``TextLayout/lineUnits`` for every paragraph
/// of every bundled book at several widths, for the Unicode line break test strings and for
/// hostile text, whichever way ICU is asked for opportunities.
@Suite("Line breaking without shaping")
struct LineBreakerTests {
    static let accesses: [LineBreaker.Access] = [.automatic, .forward]
    static let widths: [Double] = [1, 7, 37, 70]

    /// `storage`'s line units from ``LineBreaker`` with `access`, and from the full layout.
    static func bothLines(
        _ storage: TextStorage, locale: String, width: Double, access: LineBreaker.Access,
        full: TextLayout? = nil
    ) throws -> (lean: [Range<Int>], full: [Range<Int>]) {
        let canonical = try ICU.Locale.canonical(locale)
        var breaker = LineBreaker(storage: storage, locale: canonical, width: width)
        breaker.access = access
        let layout = try full ?? TextLayout(storage: storage, locale: locale, width: width)
        return (try breaker.lineUnits().ranges, layout.lineUnits.ranges)
    }

    static func excerpt(_ storage: TextStorage) -> String {
        String(storage.string.prefix(40).debugDescription)
    }

    @Test(arguments: ["alice-in-wonderland.txt", "kokoro.txt", "lunyu-analects.txt", "rashomon.txt", "udhr-arabic.txt"])
    func bookParagraphsBreakAsTheFullLayoutDoes(name: String) throws {
        let book = try BookDocuments.book(name)
        let locale =
            name.hasPrefix("rashomon") || name.hasPrefix("kokoro") ? "ja" : name.hasPrefix("udhr") ? "ar" : "en"
        var lines = 0
        for paragraph in book.paragraphs {
            var layout = try TextLayout(storage: paragraph.text, locale: locale, width: Self.widths[0])
            for width in Self.widths {
                layout = layout.withWidth(width)
                for access in Self.accesses {
                    let (lean, full) = try Self.bothLines(
                        paragraph.text, locale: locale, width: width, access: access, full: layout)
                    #expect(lean == full, "\(name) at width \(width), \(access): \(Self.excerpt(paragraph.text))")
                    lines += lean.count
                }
            }
        }
        #expect(lines > book.paragraphs.count * Self.widths.count * Self.accesses.count)
    }

    /// The books as they are on disk: hard-wrapped lines and CR LF kept inside paragraphs.
    @Test(arguments: BookFixture.all)
    func hardWrappedParagraphsBreakAsTheFullLayoutDoes(book: BookFixture) throws {
        for storage in try book.paragraphs() {
            for width in Self.widths {
                for access in Self.accesses {
                    let (lean, full) = try Self.bothLines(storage, locale: book.locale, width: width, access: access)
                    #expect(lean == full, "\(book.path) at width \(width), \(access): \(Self.excerpt(storage))")
                }
            }
        }
    }

    @Test func unicodeLineBreakTestStringsBreakAsTheFullLayoutDoes() throws {
        var checked = 0
        for testCase in try BreakTestCase.all(in: "LineBreakTest.txt") {
            let storage = TextStorage(testCase.text)
            for width in [0.0, 1, 3, 10] {
                for access in Self.accesses {
                    let (lean, full) = try Self.bothLines(storage, locale: "en", width: width, access: access)
                    #expect(lean == full, "\(testCase.testDescription) at width \(width), \(access)")
                }
            }
            checked += 1
        }
        #expect(checked == 7654)
    }

    static let hostile: [String] = [
        "",
        " ",
        "\n",
        "\r\n\r\n",
        "a\r\nb\rc\nd\u{2028}e\u{2029}f\u{0B}g\u{0C}h\u{85}i",
        String(repeating: "x", count: 500),
        String(repeating: " ", count: 300) + "word",
        "( " + String(repeating: " ", count: 200) + "a b",
        String(repeating: "\u{1F1EF}\u{1F1F5}", count: 120),
        String(repeating: "\u{1F1EF}", count: 101) + " flags",
        "e" + String(repeating: "\u{301}", count: 300) + " after",
        "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} family \u{1F44D}\u{1F3FD} thumbs",
        "non\u{A0}breaking\u{202F}spaces\u{2007}here and\u{200B}zero\u{200B}width\u{00AD}soft",
        "tab\tseparated\tcolumns\tof\ttext",
        "ภาษาไทยไม่มีช่องว่างระหว่างคำแต่มีระหว่างประโยค ภาษาไทย",
        "日本語の文章、句読点。「括弧」（丸括弧）ーー長音、ぁぃぅ小書き",
        "مرحبا بالعالم English mixed עברית 123",
        "1,234.56 $100 (50%) e.g. http://example.com/a-b/c?d=e",
        "\u{FEFF}\u{200E}\u{202B}bidi\u{202C} controls\u{2066}x\u{2069}",
        "\u{FFFD}replaced\u{FFFD}bytes \u{10FFFF} last plane",
    ]

    @Test(arguments: hostile)
    func hostileTextBreaksAsTheFullLayoutDoes(text: String) throws {
        let storage = TextStorage(text)
        for locale in ["en", "ja", "th", "ja@lb=strict", "ja@lw=phrase"] {
            for width in [-3.0, .nan, 0, 1, 2, 7, 37, 70, .infinity] {
                for access in Self.accesses {
                    let (lean, full) = try Self.bothLines(storage, locale: locale, width: width, access: access)
                    #expect(lean == full, "\(text.debugDescription) in \(locale) at width \(width), \(access)")
                }
            }
        }
    }

    /// Lines of a long paragraph cost time linear in its length in every script (issue 14): ICU's
    /// iterator is only moved forward, each opportunity found once. Asked for the opportunity
    /// before an offset, ICU backs up to a point its reverse rules call safe and iterates again;
    /// in Thai (a dictionary script) and in text of mixed directions that point is the
    /// paragraph's start, so asking it at each line's end made pagination quadratic.
    @Test(arguments: [("th", "ภาษาไทยไม่มีช่องว่างระหว่างคำ "), ("en", "שלום world עולם hello ")])
    func longParagraphsMoveICUOnlyForward(locale: String, unit: String) throws {
        let storage = TextStorage(String(repeating: unit, count: 1_000))
        for width in [1.0, 40, 70, 1_000] {
            var calls = ICUCalls()
            let lines = try LineBreaker(storage: storage, locale: locale, width: width).lineUnits(counting: &calls)
            #expect(lines.count > 1)
            #expect(calls.backward == 0, "width \(width)")
            #expect(calls.forward <= storage.count + 1, "width \(width)")
            if width == 40 {
                let full = try TextLayout(storage: storage, locale: locale, width: width)
                #expect(lines.ranges == full.lineUnits.ranges)
            }
        }
    }

    /// Lines given a batch at a time (`readaloud units --granularity line`, issue 14: a 50 MB
    /// file at width 1 took 10 GB as laid-out lines) are the lines found at once, no batch over
    /// its size, even where one piece of text (a run of punctuation with no opportunity) makes
    /// thousands of lines.
    @Test(arguments: ["The quick brown fox. ", ".,;!?", "ภาษาไทยไม่มีช่องว่าง "])
    func linesComeInBatchesOfBoundedSize(unit: String) throws {
        let storage = TextStorage(String(repeating: unit, count: 400))
        for width in [1.0, 7, 70] {
            let breaker = LineBreaker(storage: storage, locale: "en", width: width)
            var batches: [TextUnits] = []
            try breaker.forEachBatch(of: 100) { batches.append($0) }
            #expect(batches.allSatisfy { $0.count <= 100 }, "width \(width)")
            #expect(batches.flatMap(\.ranges) == (try breaker.lineUnits().ranges), "width \(width)")
            if width == 1 { #expect(batches.count > 10) }
        }
    }

    /// ``CellLines`` gives the full layout's lines, each with its trimmed range, leaving out only
    /// empty lines.
    @Test func cellLinesAreTheFullLayoutsNonEmptyLines() throws {
        let book = try BookDocuments.book("alice-in-wonderland.txt")
        let texts = Self.hostile.map { TextStorage($0) } + book.paragraphs.prefix(100).map(\.text)
        for storage in texts {
            for width in [1.0, 7, 70] {
                let layout = try TextLayout(storage: storage, locale: "en", width: width)
                let expected = layout.lines.filter { !$0.contentRange.isEmpty }.map {
                    [$0.contentRange, $0.trimmedRange]
                }
                var lines: [[Range<Int>]] = []
                try CellLines.forEach(in: storage, locale: "en", width: width) { lines.append([$0, $1]) }
                #expect(lines == expected, "\(Self.excerpt(storage)) at width \(width)")
            }
        }
    }

    /// A live layout gives the full layout's line units, at every width and text scale, and
    /// keeps no layout unless someone holds one.
    @Test func liveLayoutLinesFollowTheFullLayout() throws {
        let book = try BookDocuments.book("rashomon.txt")
        for paragraph in book.paragraphs.prefix(20) {
            let live = LiveLayout(storage: paragraph.text, locale: "ja", width: 70)
            for (width, scale) in [(70.0, 1.0), (7, 1), (37, 1.5), (37, 1), (1, 0.5)] {
                live.relayout(width: width, textScale: scale)
                let expected = try TextLayout(storage: paragraph.text, locale: "ja", width: width, textScale: scale)
                #expect(live.lineUnits == expected.lineUnits, "width \(width), scale \(scale)")
            }
        }
    }

    @Test func paginationKeepsNoLayout() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        #expect(document.pageCount > 1)
        #expect(document.elements.allSatisfy { ($0 as? TextElement)?.lines.hasLayout == false })
        // Line units are the elements' layouts' line units.
        for element in document.elements.prefix(50) {
            let input = try #require((element as? TextElement)?.makeTextInput())
            #expect(element.stringTokenizer.units(for: .line) == input.layout.lineUnits)
        }
    }

    @Test func aTextInputKeepsItsLayoutUntilRelaidOut() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        try #require(document.elements.count > 10)
        let input = try #require((document.elements[10] as? TextElement)?.makeTextInput())
        let first = input.layout
        #expect(input.layout === first)
        input.relayout(width: 20)
        let second = input.layout
        #expect(second !== first)
        #expect(second.width == 20)
        #expect(input.stringTokenizer.units(for: .line) == second.lineUnits)
    }
}

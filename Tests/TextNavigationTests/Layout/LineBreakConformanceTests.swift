import Foundation
import Testing
import TextNavigation

/// UAX #14 conformance of the layout's break opportunities: every line of Unicode 15.0's
/// LineBreakTest.txt, except the ICU 72 tailoring differences listed in
/// icu72-known-deviations.txt.
@Suite("LineBreakTest.txt through TextLayout")
struct LineBreakConformanceTests {
    /// The repository root, found from this file's path (Tests/TextNavigationTests/Layout/).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func lines(_ path: String) throws -> [Substring] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func breakOpportunitiesMatchTheUnicodeTestData() throws {
        let deviations = Set(
            try Self.lines("Tests/Fixtures/unicode/icu72-known-deviations.txt").compactMap { line in
                line.hasPrefix("LineBreakTest.txt:") ? Int(line.split(separator: ":")[1]) : nil
            })
        #expect(deviations.count == 22)

        var checked = 0
        var skipped = 0
        for (index, line) in try Self.lines("Tests/Fixtures/unicode/LineBreakTest.txt").enumerated() {
            let number = index + 1
            let data = line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace)
            guard !data.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var expected: [Int] = []
            var offset = 0
            for token in data {
                switch token {
                case "÷": if offset > 0 { expected.append(offset) }
                case "×": break
                default:
                    let scalar = try #require(UInt32(token, radix: 16).flatMap(Unicode.Scalar.init))
                    scalars.append(scalar)
                    offset += scalar.utf16.count
                }
            }
            let text = String(String.UnicodeScalarView(scalars))
            let actual = try TextLayout(text, locale: "en", width: 10).breakOpportunities.map(\.offset)
            if deviations.contains(number) {
                skipped += 1
                // A listed deviation that ICU no longer has should leave the list.
                #expect(actual != expected, "LineBreakTest.txt:\(number) is listed but now passes")
                continue
            }
            checked += 1
            #expect(actual == expected, "LineBreakTest.txt:\(number): \(line)")
        }
        #expect(skipped == 22)
        #expect(checked == 7654 - 22)
    }
}

import Foundation
import Testing

@testable import TextNavigation

/// The lines of the bundled books as they were laid out before the line fitting rules were
/// made one (issue 27): for every paragraph at several widths, in terminal cells and with a
/// font model of fractional advances at a few text scales, a digest of every line's ranges,
/// rect and bidi runs, and of the line units found without shaping. The digests were recorded
/// from the two fitters the rules had then (`LineFitter` for layouts, `LineBreaker.Fitter` for
/// line units), so a change to the one fitter that moves any line, rect or run fails here.
@Suite("Line layout golden digests")
struct LineLayoutGoldenTests {
    /// One book in one font model at one width and text scale, and the digests of its lines.
    struct Row: Sendable, CustomTestStringConvertible {
        let book: String
        let locale: String
        let proportional: Bool
        let width: Double
        let scale: Double
        /// The number of lines over all paragraphs.
        let lines: Int
        /// FNV-1a over every line's ranges, rect and runs.
        let layoutDigest: UInt64
        /// FNV-1a over the line units found without shaping (cells at scale 1 only, else 0).
        let unitsDigest: UInt64

        var testDescription: String {
            "\(book) \(proportional ? "proportional" : "cells") at width \(width), scale \(scale)"
        }
    }

    /// A font model with fractional advances that differ by character, so that sums of advances
    /// round as a real font's do.
    struct ProportionalMetrics: FontMetrics {
        var lineHeight: Double { 1.25 }

        func advance(of cluster: Range<Int>, in storage: TextStorage) -> Double {
            let cells = CellMetrics().advance(of: cluster, in: storage)
            guard cells > 0, let unit = storage.codeUnit(at: cluster.lowerBound) else { return 0 }
            return cells * (0.45 + Double(unit % 11) * 0.07)
        }
    }

    static let books: [(name: String, locale: String)] = [
        ("alice-in-wonderland.txt", "en"), ("kokoro.txt", "ja"), ("lunyu-analects.txt", "zh"),
        ("rashomon.txt", "ja"), ("udhr-arabic.txt", "ar"),
    ]

    /// FNV-1a, 64 bits, over integers.
    struct Digest {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ integer: Int) {
            var bits = UInt64(bitPattern: Int64(integer))
            for _ in 0..<8 {
                value = (value ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
                bits >>= 8
            }
        }

        mutating func add(_ range: Range<Int>) {
            add(range.lowerBound)
            add(range.upperBound)
        }

        mutating func add(_ double: Double) { add(Int(bitPattern: UInt(double.bitPattern))) }
    }

    /// The row of `book` in the font model at `width` and `scale`, as laid out now.
    static func row(
        book: String, locale: String, proportional: Bool, width: Double, scale: Double
    ) throws -> Row {
        let paragraphs = try BookDocuments.book(book).paragraphs
        var layoutDigest = Digest()
        var unitsDigest = Digest()
        var lines = 0
        let metrics: any FontMetrics = proportional ? ProportionalMetrics() : CellMetrics()
        for paragraph in paragraphs {
            let layout = try TextLayout(
                storage: paragraph.text, locale: locale, width: width, metrics: metrics, textScale: scale)
            for line in layout.lines {
                layoutDigest.add(line.range)
                layoutDigest.add(line.contentRange)
                layoutDigest.add(line.trimmedRange)
                layoutDigest.add(line.rect.minX)
                layoutDigest.add(line.rect.width)
                layoutDigest.add(line.runs.count)
                for run in line.runs {
                    layoutDigest.add(run.range)
                    layoutDigest.add(Int(run.level))
                }
            }
            lines += layout.lineCount
            if !proportional, scale == 1 {
                let canonical = try ICU.Locale.canonical(locale)
                let units = try LineBreaker(storage: paragraph.text, locale: canonical, width: width).lineUnits()
                for range in units.ranges { unitsDigest.add(range) }
            }
        }
        return Row(
            book: book, locale: locale, proportional: proportional, width: width, scale: scale, lines: lines,
            layoutDigest: layoutDigest.value, unitsDigest: !proportional && scale == 1 ? unitsDigest.value : 0)
    }

    @Test(arguments: golden)
    func linesAreTheRecordedOnes(expected: Row) throws {
        let found = try Self.row(
            book: expected.book, locale: expected.locale, proportional: expected.proportional,
            width: expected.width, scale: expected.scale)
        #expect(found.lines == expected.lines)
        #expect(found.layoutDigest == expected.layoutDigest)
        #expect(found.unitsDigest == expected.unitsDigest)
    }

    /// Prints the table's rows as laid out now (run with `LINE_GOLDEN_PRINT=1` to re-record).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LINE_GOLDEN_PRINT"] != nil))
    func printTheRows() throws {
        var text = ""
        for (book, locale) in Self.books {
            for (proportional, width, scale) in Self.settings {
                let row = try Self.row(
                    book: book, locale: locale, proportional: proportional, width: width, scale: scale)
                text += "        Row(\n            book: \"\(book)\", locale: \"\(locale)\", "
                text += "proportional: \(proportional), width: \(width), scale: \(scale),\n"
                text += "            lines: \(row.lines), layoutDigest: 0x\(String(row.layoutDigest, radix: 16)), "
                text += "unitsDigest: 0x\(String(row.unitsDigest, radix: 16))),\n"
            }
        }
        print(text)
    }

    /// The font models, widths and text scales of the table.
    static let settings: [(proportional: Bool, width: Double, scale: Double)] = [
        (false, 1, 1), (false, 7, 1), (false, 37, 1), (false, 70, 1), (false, 37, 1.5),
        (true, 7, 1), (true, 23.3, 1), (true, 70, 1), (true, 37, 1.5), (true, 41.7, 0.85),
    ]
}

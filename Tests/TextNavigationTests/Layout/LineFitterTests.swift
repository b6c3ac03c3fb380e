import Foundation
import Testing

@testable import TextNavigation

/// The one line fitter (``LineFitter``) gives the same lines whatever it measures through and
/// wherever its opportunities come from: over a shaped text (``ShapedMeasure``) and over terminal
/// cells (``CellMeasure``), at ICU's list, at its forward pass and with the local rules first.
@Suite("One line fitter")
struct LineFitterTests {
    /// `storage`'s lines from the fitter over `measure`, with the local rules first (when
    /// `usesLocalRules`) and ICU's forward pass where they cannot decide.
    static func lines<Measure: LineMeasure>(
        of storage: TextStorage, in units: UnsafeBufferPointer<UInt16>, measure: Measure, locale: String,
        width: Double, usesLocalRules: Bool
    ) throws -> [Range<Int>] {
        var lines: [Range<Int>] = []
        let iterator = try ICU.BreakIterator.make(kind: .line, locale: locale)
        try iterator.setText(storage)
        withoutActuallyEscaping({ lines.append($0) }) { lineEnded in
            var fitter = LineFitter(
                units: units, measure: measure, locale: locale, width: width, usesLocalRules: usesLocalRules,
                lineEnded: lineEnded)
            if !fitter.fit() {
                fitter.opportunities = ICUOpportunities(iterator: iterator)
                _ = fitter.fit()
            }
        }
        return lines
    }

    static func texts() throws -> [TextStorage] {
        let book = try BookDocuments.book("alice-in-wonderland.txt")
        return LineBreakerTests.hostile.map { TextStorage($0) } + book.paragraphs.prefix(150).map(\.text)
    }

    /// In fractional advances the fitter goes piece by piece; the local rules there find the
    /// opportunities ICU's list has.
    @Test(arguments: [(7.3, 1.0), (23.3, 1.5), (70, 0.85)])
    func fractionalAdvancesBreakAtTheSameOpportunitiesWithTheLocalRules(width: Double, scale: Double) throws {
        var lines = 0
        for storage in try Self.texts() {
            let shaping = TextShaping(
                storage: storage, locale: "en", metrics: LineLayoutGoldenTests.ProportionalMetrics(),
                lineBreaker: try ICU.BreakIterator.make(kind: .line, locale: "en"))
            let atTheList = shaping.lines(width: width, scale: scale)
            for usesLocalRules in [true, false] {
                let found = try storage.withUTF16 { units in
                    try Self.lines(
                        of: storage, in: units, measure: ShapedMeasure(shaping, scale: scale), locale: "en",
                        width: width, usesLocalRules: usesLocalRules)
                }
                #expect(found == atTheList, "\(LineBreakerTests.excerpt(storage)), local rules: \(usesLocalRules)")
            }
            lines += atTheList.count
        }
        #expect(lines > 300)
    }

    /// Whole lines, hard breaks and the empty last line included: the cell measure, with its
    /// shortcuts, gives the lines the shaped text in cells gives.
    @Test(arguments: ["en", "ja", "th"])
    func cellsGiveTheShapedTextsLines(locale: String) throws {
        for storage in try Self.texts() {
            let shaping = TextShaping(
                storage: storage, locale: locale, metrics: CellMetrics(),
                lineBreaker: try ICU.BreakIterator.make(kind: .line, locale: locale))
            for width in [0.0, 1, 7, 70] {
                let found = try storage.withUTF16 { units in
                    try Self.lines(
                        of: storage, in: units,
                        measure: CellMeasure(units: units, storage: storage, locale: locale, scansCharacters: true),
                        locale: locale, width: width, usesLocalRules: LocalLineBreaks.applies(toLocale: locale))
                }
                #expect(
                    found == shaping.lines(width: width, scale: 1),
                    "\(LineBreakerTests.excerpt(storage)) in \(locale) at width \(width)")
            }
        }
    }
}

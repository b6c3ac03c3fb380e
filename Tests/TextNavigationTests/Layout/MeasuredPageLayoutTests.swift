import Testing
import TextNavigation
import TextNavigationBooks

/// A document laid out with a font model in points (``PageLayout/metrics``) and a text scale:
/// every element a book's document makes is measured with it, lines fit the width in points,
/// and a larger scale lays the book out again without moving a position.
@Suite struct MeasuredPageLayoutTests {
    /// A font in points: advances that differ by character and are fractional, 14 pt lines.
    struct PointMetrics: FontMetrics, Hashable {
        var lineHeight: Double { 14 }
        var ascent: Double { 9.5 }
        var descent: Double { 2.5 }

        func advance(of cluster: Range<Int>, in storage: TextStorage) -> Double {
            let cells = CellMetrics().advance(of: cluster, in: storage)
            guard cells > 0, let unit = storage.codeUnit(at: cluster.lowerBound) else { return 0 }
            return cells * (4.5 + Double(unit % 7) * 0.75)
        }
    }

    @Test func everyLineOfABookFitsTheWidthInPointsAtEachScale() throws {
        let width = 320.0
        for scale in [1.0, 1.5] {
            let layout = PageLayout(width: width, linesPerPage: 20, metrics: PointMetrics(), textScale: scale)
            let document = try BookDocuments.document("alice-in-wonderland.txt", layout: layout)
            for index in [0, 5, 40, document.elements.count - 1] {
                let geometry = document.elements[index].geometry
                for line in geometry.lines {
                    let frames = geometry.clusterFrames(inLine: line.index)
                    let content = frames.filter { $0.range.upperBound <= line.trimmedRange.upperBound }
                    let right = content.map(\.frame.maxX).max() ?? 0
                    #expect(right <= width + 1e-9, "element \(index) line \(line.index) at scale \(scale)")
                    #expect(abs(line.rect.height - 14 * scale) < 1e-9)
                }
            }
        }
    }

    @Test func aLargerScaleAddsPagesAndKeepsEveryPosition() throws {
        let small = PageLayout(width: 320, linesPerPage: 20, metrics: PointMetrics())
        let document = try BookDocuments.document("alice-in-wonderland.txt", layout: small)
        let pagesAtOne = document.pageCount
        let words = document.elements[30].stringTokenizer.units(for: .word).ranges
        #expect(words.count > 10)
        document.relayout(PageLayout(width: 320, linesPerPage: 20, metrics: PointMetrics(), textScale: 2))
        #expect(document.pageCount > pagesAtOne * 3 / 2, "\(pagesAtOne) pages at 1, \(document.pageCount) at 2")
        let again = document.elements[30]
        #expect(again.stringTokenizer.units(for: .word).ranges == words)
        #expect(again.geometry.lines.allSatisfy { abs($0.rect.height - 28) < 1e-9 })
    }

    @Test func pageLayoutsCompareTheirFontModels() {
        #expect(PageLayout(width: 300, metrics: PointMetrics()) == PageLayout(width: 300, metrics: PointMetrics()))
        #expect(PageLayout(width: 300, metrics: PointMetrics()) != PageLayout(width: 300))
        #expect(PageLayout(width: 300, textScale: 2) != PageLayout(width: 300))
        #expect(PageLayout(width: .nan).width == 1)
        #expect(PageLayout(width: 300, textScale: -1).textScale == 1)
    }

    @Test func cellsStayTheDefaultAndTheirPagesAreUnchanged() throws {
        let cells = try BookDocuments.document("alice-in-wonderland.txt", layout: PageLayout(width: 60))
        let explicit = try BookDocuments.document(
            "alice-in-wonderland.txt", layout: PageLayout(width: 60, metrics: CellMetrics(), textScale: 1))
        #expect(cells.pageCount == explicit.pageCount)
        #expect(cells.page(at: 3)?.text == explicit.page(at: 3)?.text)
    }
}

import Testing
import TextNavigation
import TextNavigationBooks

/// One page space: every element on a page placed at an origin, and the geometry queries
/// answered in page coordinates across elements.
@Suite struct PageSpaceTests {
    @Test(arguments: [2, 9, 30])
    func everyWordOnAPageIsFoundAtItsOwnRect(pageIndex: Int) throws {
        let document = try BookDocuments.document(
            "alice-in-wonderland.txt", layout: PageLayout(width: 50, linesPerPage: 20))
        let page = try #require(document.page(at: pageIndex))
        let space = page.space()
        #expect(space.elements.count == page.elements.count)
        let frames = space.lineFrames
        for (above, below) in zip(frames, frames.dropFirst()) { #expect(above.maxY <= below.minY) }
        #expect((frames.last?.maxY ?? 0) <= 20)
        var words = 0
        for placed in space.elements {
            let part = placed.part
            for word in part.element.stringTokenizer.units(for: .word).ranges where part.range.contains(word.lowerBound)
            {
                let start = ReadingPosition(element: part.elementIndex, offset: word.lowerBound)
                let end = ReadingPosition(element: part.elementIndex, offset: word.upperBound)
                let rects = space.selectionRects(for: start..<end)
                let first = try #require(rects.first, "word \(word) of element \(part.elementIndex)")
                let found = try #require(space.closestPosition(to: first.rect.center))
                #expect(found.element == part.elementIndex)
                #expect(word.contains(found.offset) || found.offset == word.upperBound)
                #expect(space.caretRect(for: start)?.minY == first.rect.minY)
                words += 1
            }
        }
        #expect(words > 50)
    }

    @Test func aRangeAcrossElementsHasRectsInEachAndTheFirstRectIsTheFirstLines() throws {
        let document = try BookDocuments.document(
            "alice-in-wonderland.txt", layout: PageLayout(width: 50, linesPerPage: 30))
        let space = try #require(document.page(at: 4)).space()
        let first = space.elements[0]
        let second = space.elements[1]
        let start = ReadingPosition(element: first.part.elementIndex, offset: first.part.range.lowerBound)
        let end = ReadingPosition(element: second.part.elementIndex, offset: second.part.range.lowerBound + 3)
        let rects = space.selectionRects(for: start..<end)
        let secondTop = second.lines[0].rect.offset(by: second.origin).minY
        #expect(rects.contains { $0.rect.minY == secondTop })
        #expect(rects.contains { $0.rect.minY < secondTop })
        #expect(space.firstRect(for: start..<end)?.minY == space.lineFrames.first?.minY)
    }

    @Test func aPlacedScanKeepsItsPixelsBelowAStackedHeading() throws {
        let heading = TextElement("A letter", traits: [.heading])
        let scanText = TextStorage("Dear Sir,\nthe rain")
        let scan = try #require(
            ScannedPage(
                text: scanText,
                lines: [
                    FixedLineGeometry.Line(range: 0..<10, rect: Rect(x: 40, y: 100, width: 180, height: 30)),
                    FixedLineGeometry.Line(range: 10..<18, rect: Rect(x: 40, y: 150, width: 160, height: 30)),
                ], pageOrigin: Point(x: 0, y: 0)))
        let document = Document(pages: [[heading, scan]])
        let space = try #require(document.page(at: 0)).space()
        #expect(space.elements.map(\.origin) == [Point(x: 0, y: 0), Point(x: 0, y: 0)])
        #expect(space.lineFrames.last == Rect(x: 40, y: 150, width: 160, height: 30))
        let rain = try #require(space.closestPosition(to: Point(x: 190, y: 160)))
        #expect(rain.element == 1 && rain.offset >= 16)
        #expect(space.closestPosition(to: Point(x: 2, y: 0.5))?.element == 0)
        let content = try #require(document.page(at: 0)).readingContent()
        #expect(content.lineNumber(at: Point(x: 50, y: 160)) == 2)
    }

    @Test func aVerticalPageStacksItsColumnsLeftwardsFromTheRightEdge() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-kusamakura-japanese-vertical-writing.epub"))
        let document = Document(epub: book, layout: PageLayout(width: 40, linesPerPage: 30))
        let index = try #require((0..<document.pageCount).first { document.page(at: $0)!.elements.count > 2 })
        let space = try #require(document.page(at: index)).space()
        #expect(space.writingMode == .verticalRightToLeft)
        let columns = space.lineFrames
        #expect(columns.count > 3)
        // Column after column leftwards, none overlapping, the leftmost at x = 0.
        for (before, after) in zip(columns, columns.dropFirst()) { #expect(after.maxX <= before.minX) }
        #expect(columns.map(\.minX).min() == 0)
        for placed in space.elements {
            let part = placed.part
            guard let column = placed.lines.first else { continue }
            let start = ReadingPosition(
                element: part.elementIndex, offset: max(column.range.lowerBound, part.range.lowerBound))
            let rect = try #require(space.caretRect(for: start))
            #expect(rect.height == 0 && rect.width > 0, "a caret across the column")
            let next = ReadingPosition(element: start.element, offset: start.offset + 1)
            let cluster = try #require(space.selectionRects(for: start..<next).first)
            #expect(cluster.isVertical)
            let found = try #require(space.closestPosition(to: cluster.rect.center))
            #expect(found.element == part.elementIndex && abs(found.offset - start.offset) <= 1)
        }
    }
}

import Testing
import TextNavigation
import TextNavigationBooks

@Suite struct PageTests {
    @Test(arguments: [(30, 12), (60, 20), (17, 5)])
    func everyFullPageHoldsExactlyItsLinesAndBlankSeparators(width: Int, linesPerPage: Int) throws {
        let document = try BookDocuments.document(
            "alice-in-wonderland.txt", layout: PageLayout(width: Double(width), linesPerPage: linesPerPage))
        #expect(document.pageCount > 10)
        for index in 0..<document.pageCount {
            let page = document.page(at: index)!
            let content = page.readingContent()
            let used = content.lines.count + max(0, page.elements.count - 1)
            if index + 1 < document.pageCount {
                // A page is cut when the next line would not fit.
                #expect(used == linesPerPage || used == linesPerPage - 1, "page \(page.number)")
            } else {
                #expect(used <= linesPerPage)
            }
            for number in content.lines.indices {
                let frame = try #require(content.frame(forLineNumber: number))
                #expect(frame.maxY <= Double(linesPerPage))
                if frame.width > 0 { #expect(content.lineNumber(at: frame.center) == number) }
                #expect(content.content(forLineNumber: number) != nil)
            }
            #expect(content.content(forLineNumber: content.lines.count) == nil)
            #expect(content.frame(forLineNumber: -1) == nil)
            #expect(content.pageContent == page.text)
        }
    }

    @Test func pagesCoverTheBookInOrderWithNothingLeftOut() throws {
        let document = try BookDocuments.document("rashomon.txt", layout: PageLayout(width: 40, linesPerPage: 8))
        var rebuilt = Array(repeating: "", count: document.elements.count)
        for index in 0..<document.pageCount {
            for part in document.page(at: index)!.elements {
                rebuilt[part.elementIndex] += part.element.text.string(in: part.range)!
            }
        }
        #expect(rebuilt == document.elements.map(\.string))
    }

    @Test func theLinesOfAPageMatchTheLayout() throws {
        let document = Document(
            book: try PlainTextBook("aaa bbb ccc ddd eee\n\nfff ggg"), layout: PageLayout(width: 8, linesPerPage: 4))
        #expect(document.pageCount == 2)
        let first = document.page(at: 0)!.readingContent()
        #expect((0..<3).map { first.content(forLineNumber: $0) } == ["aaa bbb", "ccc ddd", "eee"])
        #expect(first.lineNumber(at: Point(x: 1, y: 3.5)) == nil)
        let second = document.page(at: 1)!.readingContent()
        #expect(second.content(forLineNumber: 0) == "fff ggg")
        #expect(second.frame(forLineNumber: 0) == Rect(x: 0, y: 0, width: 7, height: 1))
        var page = document.page(at: 0)!
        let turns = [page.scroll(.forward), page.scroll(.forward)]
        #expect(turns == [true, false])
        #expect(page.announcement == "Page 2 of 2")
        let back = [page.scroll(.backward), page.scroll(.backward)]
        #expect(back == [true, false])
        #expect(page.number == 1)
    }
}

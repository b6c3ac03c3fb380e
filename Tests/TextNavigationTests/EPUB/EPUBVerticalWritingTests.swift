import Testing
import TextNavigation

@testable import TextNavigationBooks

/// Kusamakura's paragraphs, from its one book-wide open.
private let kusamakura: Result<(EPUBBook, [any NavigableElement]), any Error> = Result {
    let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-kusamakura-japanese-vertical-writing.epub"))
    let document = Document(epub: book)
    return (book, document.elements.indices.map { document.elements[$0] })
}

@Suite("EPUB vertical writing")
struct EPUBVerticalWritingTests {
    @Test("Kusamakura's style (html { -epub-writing-mode: vertical-rl }) reaches every element; pages go rtl")
    func kusamakuraIsVerticalRightToLeft() throws {
        let (book, elements) = try kusamakura.get()
        #expect(book.pageProgression == .rightToLeft)
        #expect(elements.count > 500)
        #expect(elements.allSatisfy { $0.markup.writingMode == .verticalRightToLeft })
        #expect(elements.allSatisfy { $0.geometry.writingMode == .verticalRightToLeft })
    }

    @Test("a long paragraph is laid out in columns that move left, its rects columns, its carets bars")
    func longParagraphInColumns() throws {
        let (_, elements) = try kusamakura.get()
        let element = try #require(elements.first { $0.text.count > 200 } as? TextElement)
        let geometry = element.geometry
        let lines = geometry.lines
        #expect(element.string.hasPrefix("住みにくき世から"))
        #expect(lines.count > 2)
        for (column, next) in zip(lines, lines.dropFirst()) {
            #expect(next.rect.maxX == column.rect.minX)
            #expect(column.rect.width == 1)
        }
        let rects = geometry.selectionRects(for: TextRange(0..<element.text.count))
        #expect(rects.count >= lines.count)
        #expect(rects.allSatisfy { $0.isVertical })
        // Every full column is longer than it is wide.
        for line in lines.dropLast() { #expect(line.rect.height > 10 * line.rect.width) }
        let caret = try #require(geometry.caretRect(for: TextPosition(offset: 3)))
        #expect(caret.width == lines[0].rect.width && caret.height == 0)
        #expect(caret.minX == lines[0].rect.minX && caret.minY == 6)
        // Every cluster is found at its own point.
        for index in lines.indices {
            for cluster in geometry.clusterFrames(inLine: index) where !cluster.frame.isEmpty {
                let upper = Point(x: cluster.frame.midX, y: cluster.frame.minY + cluster.frame.height / 4)
                #expect(geometry.closestPosition(to: upper)?.offset == cluster.range.lowerBound)
                #expect(geometry.characterRange(at: cluster.frame.center) == TextRange(cluster.range))
            }
        }
    }

    @Test("the next line is the column to the left, at the same height")
    func nextLineMovesLeft() throws {
        let (_, elements) = try kusamakura.get()
        let element = try #require(elements.first { $0.text.count > 200 } as? TextElement)
        let input = element.makeTextInput()
        let start = TextPosition(offset: 3)
        let here = try #require(input.caretRect(for: start))
        let next = try #require(input.position(from: start, in: .left, offset: 1))
        let there = try #require(input.caretRect(for: next))
        #expect(input.geometry.lineNumber(for: next) == 1)
        #expect(there.midX == here.midX - 1)
        #expect(there.minY == here.minY)
        #expect(input.position(from: next, in: .right, offset: 1) == start)
        #expect(input.position(from: start, in: .down, offset: 1)?.offset == 4)
    }

    @Test("Latin inside Japanese lies rotated, with rects of its own")
    func rotatedLatinHasItsOwnRects() throws {
        let (_, elements) = try kusamakura.get()
        let element = try #require(elements.first { $0.string.contains("スタイルシートは CSS3 の縦書き") })
        let text = element.string
        let found = try #require(text.range(of: "は CSS3 の"))
        let start = text.utf16.distance(from: text.startIndex, to: found.lowerBound)
        // は upright (2 cells), " CSS3 " rotated (6 cells: spaces lie rotated too), の upright.
        let range = TextRange(start..<start + 8)
        let geometry = try #require(element.geometry as? VerticalLayout)
        #expect(geometry.orientation(at: TextPosition(offset: start)) == .upright)
        #expect(geometry.orientation(at: TextPosition(offset: start + 1)) == .rotated)
        #expect(geometry.orientation(at: TextPosition(offset: start + 7)) == .upright)
        try #require(
            geometry.lineNumber(for: range.start)
                == geometry.lineNumber(for: TextPosition(offset: range.end.offset, affinity: .upstream)),
            "the stretch is on one column")
        let rects = geometry.selectionRects(for: range).map(\.rect)
        #expect(rects.map(\.height) == [2, 6, 2])
        #expect(Set(rects.map(\.minX)).count == 1)
        #expect(rects[1].minY == rects[0].maxY && rects[2].minY == rects[1].maxY)
    }

    @Test("style sheets: comments, at-rules, selectors for html and body, the last declaration")
    func styleSheetRules() throws {
        let sheet = """
            @charset "utf-8";
            @font-face { font-family: x; src: url(a.ttf); }
            /* html { writing-mode: vertical-lr; } */
            @media print { html { writing-mode: vertical-lr; } }
            p, html { -epub-writing-mode: vertical-rl; writing-mode: horizontal-tb; -webkit-writing-mode: tb-rl !important }
            html body { writing-mode: vertical-lr }
            """
        let rules = EPUBWritingMode.rules(of: sheet)
        #expect(rules.count == 2)
        #expect(EPUBWritingMode.declared(in: rules[0].declarations) == .verticalRightToLeft)
        #expect(EPUBWritingMode.declared(in: "color: red") == nil)
        let document = try XMLDocument(
            bytes: Array(#"<html xmlns="http://www.w3.org/1999/xhtml"><body class="a b"/></html>"#.utf8), name: "t")
        let root = try #require(document.root)
        let body = try #require(root.element(named: "body"))
        #expect(EPUBWritingMode.matches(rules[0].selectors, root, isRoot: true))
        #expect(!EPUBWritingMode.matches(rules[1].selectors, body, isRoot: false))
        #expect(EPUBWritingMode.matches(":root", root, isRoot: true))
        #expect(EPUBWritingMode.matches("body.a.b", body, isRoot: false))
        #expect(EPUBWritingMode.matches(".b", body, isRoot: false))
        #expect(!EPUBWritingMode.matches("body.c", body, isRoot: false))
        #expect(!EPUBWritingMode.matches("p", body, isRoot: false))
    }

    @Test("writing-mode on an element inside the body: by class, by style attribute, inherited by its blocks")
    func elementLevelWritingModes() throws {
        let head = """
            <style>p.tate { writing-mode: vertical-rl } .yoko { -epub-writing-mode: horizontal-tb }</style>
            """
        let body = """
            <p>横書きの段落。</p>
            <p class="tate">縦書きの段落。</p>
            <div style="writing-mode: vertical-lr"><p>左から右の縦書き。</p><p class="yoko">また横書き。</p></div>
            """
        let book = try EPUBBook(bytes: try HostileEPUB.book(body: body, head: head).bytes())
        let document = Document(epub: book)
        let modes = document.elements.indices.map { document.elements[$0].markup.writingMode }
        #expect(modes == [.horizontalTopToBottom, .verticalRightToLeft, .verticalLeftToRight, .horizontalTopToBottom])
        #expect(document.elements[1].geometry.writingMode == .verticalRightToLeft)
        #expect(document.elements[2].geometry.selectionRects(for: TextRange(0..<3)).allSatisfy { $0.isVertical })
    }
}

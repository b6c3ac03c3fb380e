import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Marking a content document's text with ids (what a synchronized EPUB's overlays point at):
/// the document written back reads as the same text, and each id the reader finds holds
/// exactly the stretch marked, however the stretch lies across the markup.
@Suite("EPUB: marking spoken text with ids")
struct XHTMLSpanWrapperTests {
    /// `body` (XHTML body content) marked with `stretches` (each a block and the text to mark,
    /// found from `after`), written back and read again: the blocks' texts before and after,
    /// each id's text, and the written document.
    private func marked(_ body: String, _ stretches: [(id: String, block: Int, text: String)]) throws -> (
        before: [String], after: [String], ids: [String: String], xhtml: String
    ) {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>\(body)</body></html>
            """
        let document = try XMLDocument(bytes: Array(source.utf8), name: "t.xhtml")
        let root = try #require(document.root)
        var reader = XHTMLContentReader(defaultLanguage: "und", defaultDirection: nil)
        reader.read(root)
        let before = reader.blocks.map { String(decoding: $0.text, as: UTF16.self) }
        let marks = stretches.compactMap { stretch -> XHTMLSpanWrapper.Mark? in
            guard let found = before[stretch.block].range(of: stretch.text) else { return nil }
            let text = before[stretch.block]
            let start = text.utf16.distance(from: text.startIndex, to: found.lowerBound)
            return XHTMLSpanWrapper.Mark(
                id: stretch.id, block: stretch.block, range: start..<start + stretch.text.utf16.count)
        }
        #expect(marks.count == stretches.count)
        let placed = XHTMLSpanWrapper.mark(root, marks, blocks: before.count)
        #expect(placed == Set(stretches.map(\.id)), "placed \(placed)")
        let written = document.serialized()
        let again = try #require(try XMLDocument(bytes: written, name: "t.xhtml").root)
        var rereader = XHTMLContentReader(defaultLanguage: "und", defaultDirection: nil)
        rereader.read(again)
        let after = rereader.blocks.map { String(decoding: $0.text, as: UTF16.self) }
        let ids = rereader.idRanges.compactMapValues { range -> String? in
            guard range.start.block == range.end.block else { return nil }
            let text = rereader.blocks[range.start.block].text
            return String(decoding: text[range.start.offset..<range.end.offset], as: UTF16.self)
        }
        return (before, after, ids, String(decoding: written, as: UTF8.self))
    }

    @Test("a stretch in one text node, and white space the reader collapsed")
    func oneTextNode() throws {
        let result = try marked("<p>  The   rabbit\n ran past. </p>", [("a", 0, "rabbit ran"), ("b", 0, "The")])
        #expect(result.after == result.before)
        #expect(result.ids["a"] == "rabbit ran")
        #expect(result.ids["b"] == "The")
    }

    @Test("stretches crossing inline elements: the elements split, their ids kept once")
    func acrossInlineElements() throws {
        let body = "<p>He said <em id=\"e1\" class=\"x\">hello there</em> to <a href=\"#x\"><b>bold</b>link</a> me.</p>"
        let result = try marked(
            body, [("s1", 0, "said hello"), ("s2", 0, "there to bold"), ("s3", 0, "link me"), ("s4", 0, "He")])
        #expect(result.after == result.before)
        #expect(result.ids["s1"] == "said hello")
        #expect(result.ids["s2"] == "there to bold")
        #expect(result.ids["s3"] == "link me")
        #expect(result.ids["s4"] == "He")
        #expect(result.xhtml.components(separatedBy: "id=\"e1\"").count == 2, "\(result.xhtml)")
        // The em split in three (its part in s1, the space between, its part in s2), each
        // with its class; the a in two.
        #expect(result.xhtml.components(separatedBy: "class=\"x\"").count == 4, "\(result.xhtml)")
        #expect(result.xhtml.components(separatedBy: "href=\"#x\"").count == 3, "\(result.xhtml)")
    }

    @Test("ruby: the span goes around the whole ruby; its reading stays out of the text")
    func ruby() throws {
        let result = try marked("<p><ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>です</p>", [("r", 0, "漢字")])
        #expect(result.after == result.before)
        #expect(result.ids["r"] == "漢字")
    }

    @Test("an image's alt text has no text node: not marked")
    func altText() throws {
        let source = """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>\
            <body><img src="a.png" alt="A picture"/><p>Text</p></body></html>
            """
        let document = try XMLDocument(bytes: Array(source.utf8), name: "t.xhtml")
        let root = try #require(document.root)
        let placed = XHTMLSpanWrapper.mark(
            root, [.init(id: "i", block: 0, range: 0..<1), .init(id: "t", block: 1, range: 0..<4)], blocks: 2)
        #expect(placed == ["t"])
    }
}

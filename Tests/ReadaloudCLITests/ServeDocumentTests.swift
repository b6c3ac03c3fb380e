import Foundation
import Testing
import TextNavigation

/// `openDocument`: a client's own pages of elements (laid-out text, a scanned page with line
/// rectangles, traits, custom actions and content, links) read over serve as the Swift API
/// reads a document made of the same elements; bad elements are errors naming the field.
@Suite(.tags(.process)) struct ServeDocumentTests {
    static let paragraph = "It was a bright cold day in April, and the clocks were striking thirteen."
    static let scanned: [(String, Rect)] = [
        ("A scanned line of text", Rect(x: 10, y: 20, width: 300, height: 18)),
        ("and its second line.", Rect(x: 10, y: 40, width: 250, height: 18)),
    ]

    /// The pages as JSON for `openDocument`.
    static var pagesJSON: [[[String: Any]]] {
        [
            [
                ["text": "Chapter One", "traits": ["heading"]],
                [
                    "text": paragraph, "customActions": [["name": "Save selection", "category": "edit"]],
                    "customContent": [["label": "Note", "value": "a cold day", "importance": "high"]],
                ],
            ],
            [
                [
                    "lines": scanned.map { line, rect in
                        [
                            "text": line,
                            "rect": [
                                "x": rect.minX, "y": rect.minY, "width": rect.size.width, "height": rect.size.height,
                            ],
                        ] as [String: Any]
                    }
                ]
            ],
        ]
    }

    /// The same pages made with the Swift API.
    static func swiftDocument() -> Document {
        let page = ScannedPage(lines: scanned.map { ScannedPage.Line(text: $0.0, rect: $0.1) })!
        return Document(pages: [
            [
                TextElement("Chapter One", traits: [.heading], width: 30),
                TextElement(paragraph, traits: [.staticText], width: 30),
            ],
            [page],
        ])
    }

    /// What a reading session of `document` says, as `element start end page text` lines and
    /// page turns.
    static func reading(_ document: Document) -> [String] {
        let session = ReadingSession(document: document, granularity: .line, page: 1)
        var said: [String] = []
        while let event = session.next() {
            switch event {
            case .utterance(let utterance):
                said.append(
                    "\(utterance.element) \(utterance.range.lowerBound) \(utterance.range.upperBound) \(utterance.page) \(utterance.text)"
                )
            case .pageTurn(_, let to, _): said.append("turn \(to)")
            default: break
            }
        }
        return said
    }

    @Test func aClientsElementsReadAsTheSwiftAPIReadsThem() throws {
        let server = try ServeProcess()
        let opened = try server.request(1, "openDocument", ["pages": Self.pagesJSON, "width": 30, "title": "Scan"])
        let book = (opened["result"] as? [String: Any])?["book"] as? Int ?? 0
        var events: [[String: Any]] = []
        _ = try server.request(2, "readAll", ["book": book, "granularity": "line"], events: &events)
        try server.readEvents(untilEnd: &events)
        let served: [String] = events.compactMap { event in
            switch event["type"] as? String {
            case "utterance":
                let fields = ["element", "start", "end", "page"].map { "\(event[$0] as? Int ?? -1)" }
                return (fields + [event["text"] as? String ?? ""]).joined(separator: " ")
            case "pageTurn": return "turn \(event["to"] as? Int ?? -1)"
            default: return nil
            }
        }
        let document = Self.swiftDocument()
        #expect(served == Self.reading(document))
        #expect(served.contains("turn 2"))
        // The scanned page's geometry is its own rectangles, as in Swift.
        let rects = try server.request(3, "selectionRects", ["book": book, "element": 2, "start": 2, "end": 9])
        let expected = document.elements[2].geometry.selectionRects(for: TextRange(2..<9)).map(\.rect)
        let answered = (rects["result"] as? [[String: Any]] ?? []).map {
            Rect(
                x: ($0["x"] as? NSNumber)?.doubleValue ?? -1, y: ($0["y"] as? NSNumber)?.doubleValue ?? -1,
                width: ($0["width"] as? NSNumber)?.doubleValue ?? -1,
                height: ($0["height"] as? NSNumber)?.doubleValue ?? -1)
        }
        #expect(answered == expected)
        let element = try server.request(4, "element", ["book": book, "element": 1])["result"] as? [String: Any]
        #expect((element?["customActions"] as? [[String: Any]])?.first?["category"] as? String == "edit")
        #expect((element?["customContent"] as? [[String: Any]])?.first?["importance"] as? String == "high")
        #expect(try server.finish() == 0)
    }

    @Test func badElementsNameTheirField() throws {
        let server = try ServeProcess()
        let cases: [([Any], String)] = [
            ([], "pages"),
            ([[["text": "a", "traits": ["shiny"]]]], "pages[0][0].traits"),
            (
                [[["lines": [["text": "x", "rect": ["x": 0, "y": 0, "width": -5, "height": 10]]]]]],
                "pages[0][0].lines.rect"
            ),
            ([[["text": "a", "colour": "red"]]], "pages[0][0].colour"),
            ([[["text": "a", "next": 7]]], "pages"),
            ([[["text": ""]]], "pages[0][0].text"),
            (
                [
                    [
                        [
                            "lines": [
                                ["text": "below", "rect": ["x": 0, "y": 50, "width": 5, "height": 10]],
                                ["text": "above", "rect": ["x": 0, "y": 0, "width": 5, "height": 10]],
                            ]
                        ]
                    ]
                ], "pages[0][0].lines"
            ),
        ]
        for (id, (pages, field)) in cases.enumerated() {
            let answer = try server.request(id + 1, "openDocument", ["pages": pages])
            let error = answer["error"] as? [String: Any]
            #expect(error?["code"] as? Int == -32602, "\(field)")
            #expect((error?["data"] as? [String: Any])?["field"] as? String == field, "\(String(describing: error))")
        }
        // A hundred thousand elements on one page is the most a document takes.
        let many = [Array(repeating: ["text": "word"], count: 100_001)]
        let refused = try server.request(99, "openDocument", ["pages": many])
        #expect(((refused["error"] as? [String: Any])?["message"] as? String)?.contains("more than 100000") == true)
        #expect(try server.finish() == 0)
    }
}

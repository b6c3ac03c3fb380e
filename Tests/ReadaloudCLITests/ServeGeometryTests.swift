import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// serve's geometry methods answer as the Swift API does on the same elements at the same
/// layout: selection rects of every word, carets, firstRect, and hit tests at each rect's
/// centre, on English and Arabic (right to left).
@Suite(.tags(.process)) struct ServeGeometryTests {
    private func result(_ response: [String: Any]) -> Any? { response["result"] }

    private static func rect(_ rect: Rect) -> [String: Double] {
        ["x": rect.minX, "y": rect.minY, "width": rect.size.width, "height": rect.size.height]
    }

    private static func rect(_ object: Any?) -> [String: Double]? {
        guard let object = object as? [String: Any] else { return nil }
        return ["x", "y", "width", "height"].reduce(into: [:]) { $0[$1] = (object[$1] as? NSNumber)?.doubleValue }
    }

    @Test(arguments: ["alice-in-wonderland.txt", "udhr-arabic.txt"])
    func geometryAnswersAsTheSwiftAPIDoes(bookName: String) throws {
        let layout = PageLayout(width: 40, linesPerPage: 20)
        let book = try OpenedBook(contentsOf: CLIRunner.book(bookName), options: .init(layout: layout))
        let server = try ServeProcess()
        let opened = try server.request(1, "open", ["path": "Books/\(bookName)", "width": 40, "linesPerPage": 20])
        let id = (result(opened) as? [String: Any])?["book"] as? Int ?? 0
        var request = 1
        func ask(_ method: String, _ params: [String: Any]) throws -> Any? {
            request += 1
            var merged = params
            merged["book"] = id
            return result(try server.request(request, method, merged))
        }
        var checked = 0
        let elements = min(book.document.elements.count, 400)
        for element in stride(from: 0, to: elements, by: max(1, elements / 30)) {
            let geometry = book.document.elements[element].geometry
            let words = book.document.elements[element].stringTokenizer.units(for: .word)
            for index in 0..<min(words.count, 6) {
                let word = words[index]
                let range = ["element": element, "start": word.lowerBound, "end": word.upperBound]
                let rects = geometry.selectionRects(for: TextRange(word))
                let answered = try ask("selectionRects", range) as? [[String: Any]] ?? []
                #expect(answered.map { Self.rect($0) } == rects.map { Self.rect($0.rect) }, "\(element) \(word)")
                let directions: [String?] = rects.map {
                    $0.writingDirection == WritingDirection.rightToLeft ? "rtl" : "ltr"
                }
                #expect(answered.map { $0["direction"] as? String } == directions)
                #expect(
                    Self.rect(try ask("firstRect", range)) == geometry.firstRect(for: TextRange(word)).map(Self.rect))
                #expect(
                    Self.rect(try ask("caretRect", ["element": element, "offset": word.lowerBound]))
                        == geometry.caretRect(for: TextPosition(offset: word.lowerBound)).map(Self.rect))
                for selection in rects {
                    let centre: Point = selection.rect.center
                    let params: [String: Any] = ["element": element, "x": centre.x, "y": centre.y]
                    let position = try ask("closestPosition", params) as? [String: Any]
                    let expectedPosition: Int? = geometry.closestPosition(to: centre)?.offset
                    #expect(position?["offset"] as? Int == expectedPosition)
                    let character = try ask("characterRange", params) as? [String: Any]
                    let expectedStart: Int? = geometry.characterRange(at: centre)?.start.offset
                    let start = character?["start"] as? Int
                    #expect(start == expectedStart)
                    #expect(word.contains(start ?? -1))
                }
                checked += 1
            }
        }
        #expect(checked > 20)
        #expect(try server.finish() == 0)
    }

    @Test func badGeometryParamsAreErrors() throws {
        let server = try ServeProcess()
        _ = try server.request(1, "open", ["text": "One line of text."])
        for (id, method, params) in [
            (2, "selectionRects", ["element": 0, "start": 5, "end": 2] as [String: Any]),
            (3, "selectionRects", ["element": 9, "start": 0, "end": 1]),
            (4, "caretRect", ["element": 0, "offset": 99]),
            (5, "closestPosition", ["element": 0, "x": "left", "y": 0]),
            (6, "characterRange", ["element": 0, "x": 1e300, "y": 0]),
        ] {
            var merged = params
            merged["book"] = 1
            let answer = try server.request(id, method, merged)
            #expect((answer["error"] as? [String: Any])?["code"] as? Int == -32602, "\(method) \(params)")
        }
        #expect(try server.finish() == 0)
    }
}

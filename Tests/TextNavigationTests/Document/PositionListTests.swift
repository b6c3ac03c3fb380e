import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// How far through a book a place is: progression by UTF-16 units of text and the positions
/// list (Readium's synthetic pages), on the bundled books and the corpus EPUBs.
@Suite("Documents: progression and the positions list")
struct PositionListTests {
    /// The elements' text lengths, counted here from the elements themselves.
    private func lengths(_ document: Document) -> [Int] {
        document.elements.map { $0.text.count }
    }

    @Test("Alice: the middle is progression 0.5, every position starts where its number says, one resource")
    func aliceMiddleAndPositions() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let list = document.positionList
        let lengths = lengths(document)
        let total = lengths.reduce(0, +)
        #expect(list.totalLength == total)
        #expect(list.count == (total + PositionList.length - 1) / PositionList.length)
        // The UTF-16 unit halfway through, found by walking the elements.
        var rest = total / 2
        var element = 0
        while rest >= lengths[element] {
            rest -= lengths[element]
            element += 1
        }
        let middle = ReadingPosition(element: element, offset: rest)
        #expect(abs(list.progression(at: middle) - 0.5) < 1e-6)
        #expect(list.position(atProgression: 0.5) == middle)
        #expect(list.progression(at: document.startPosition) == 0)
        #expect(list.progression(at: document.endPosition) == 1)
        #expect(list.number(at: document.startPosition) == 1)
        #expect(list.number(at: document.endPosition) == list.count)
        for number in 1...list.count {
            let start = try #require(list.start(ofNumber: number))
            #expect(list.number(at: start) == number)
            #expect(list.offset(of: start) == (number - 1) * PositionList.length)
        }
        #expect(list.start(ofNumber: 0) == nil && list.start(ofNumber: list.count + 1) == nil)
        // Progression grows with the position, element after element.
        var last = -1.0
        for index in stride(from: 0, to: lengths.count, by: 37) {
            let progression = list.progression(at: ReadingPosition(element: index, offset: 0))
            #expect(progression >= last)
            last = progression
        }
    }

    @Test("the layout changes the pages, not the progression or the positions")
    func layoutIndependent() throws {
        let narrow = try BookDocuments.document("rashomon.txt", layout: PageLayout(width: 20, linesPerPage: 10))
        let wide = try BookDocuments.document("rashomon.txt", layout: PageLayout(width: 90, linesPerPage: 40))
        #expect(narrow.pageCount != wide.pageCount)
        let place = ReadingPosition(element: narrow.elements.count / 3, offset: 1)
        #expect(narrow.positionList.progression(at: place) == wide.positionList.progression(at: place))
        #expect(narrow.positionList.number(at: place) == wide.positionList.number(at: place))
        narrow.relayout(PageLayout(width: 90, linesPerPage: 40))
        #expect(narrow.positionList.count == wide.positionList.count)
    }

    @Test("an EPUB: every content document starts a position, and its positions are 1024 units of it")
    func epubResources() throws {
        let document = Document(epub: try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub")))
        let list = document.positionList
        var expected = 0
        var index = 0
        let count = document.elements.count
        while index < count {
            let href = document.elements[index].markup.href
            var end = index + 1
            var length = document.elements[index].text.count
            while end < count, document.elements[end].markup.href == href {
                length += document.elements[end].text.count
                end += 1
            }
            let first = list.number(at: ReadingPosition(element: index, offset: 0))
            #expect(first == expected + 1, "\(href ?? "?") starts position \(expected + 1)")
            expected += max(1, (length + PositionList.length - 1) / PositionList.length)
            index = end
        }
        #expect(list.count == expected)
        #expect(expected > 100)
    }

    @Test("a document with no text: one position, progression 0 everywhere")
    func emptyDocuments() {
        for document in [
            Document(elements: []), Document(elements: [TextElement(""), TextElement("")]),
        ] {
            let list = document.positionList
            #expect(list.count == 1 && list.totalLength == 0)
            #expect(list.progression(at: ReadingPosition(element: 5, offset: 9)) == 0)
            #expect(list.position(atProgression: .nan) == ReadingPosition(element: 0, offset: 0))
            #expect(list.start(ofNumber: 1) == ReadingPosition(element: 0, offset: 0))
        }
    }

    @Test("locators carry totalProgression and position; foreign values are clamped or refused")
    func locators() throws {
        let document = try BookDocuments.document("udhr-arabic.txt")
        let place = ReadingPosition(element: document.elements.count / 2, offset: 0)
        let locator = Locator(position: place, in: document)
        let progression = try #require(locator.totalProgression)
        #expect(abs(progression - document.positionList.progression(at: place)) <= 5e-7)
        #expect(locator.positionNumber == document.positionList.number(at: place))
        let decoded = try Locator(json: locator.json)
        #expect(decoded == locator)
        #expect(locator.json.contains("\"position\":\(locator.positionNumber ?? 0)"))
        // Hints from elsewhere: out of range is clamped; a position that is no integer is refused.
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(locator.json.utf8)) as? [String: Any])
        object["totalProgression"] = 7.5
        let clamped = try Locator(
            json: String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        #expect(clamped.totalProgression == 1)
        object["position"] = "twelve"
        #expect(throws: LocatorError.malformed("position must be an integer")) {
            try Locator(json: String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        // A locator from before progression was kept still reads.
        object["position"] = nil
        object["totalProgression"] = nil
        let old = try Locator(json: String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        #expect(old.totalProgression == nil && old.positionNumber == nil)
        #expect(try old.resolve(in: document) == place)
    }
}

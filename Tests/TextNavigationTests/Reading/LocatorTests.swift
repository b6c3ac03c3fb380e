import Testing
import TextNavigation
import TextNavigationBooks

@Suite struct LocatorTests {
    @Test func aLocatorTakenMidBookResolvesToTheSameTextAfterRelayout() throws {
        let document = try BookDocuments.document(
            "alice-in-wonderland.txt", layout: PageLayout(width: 70, linesPerPage: 30))
        let element = document.elements.count / 2
        let position = ReadingPosition(element: element, offset: 17)
        let stored = Locator(position: position, in: document).json
        let before = document.pageIndex(containing: position)
        document.relayout(PageLayout(width: 33, linesPerPage: 11))
        let resolved = try Locator(json: stored).resolve(in: document)
        #expect(resolved == position)
        #expect(document.pageIndex(containing: resolved) != before)
        let session = ReadingSession(document: document, granularity: .word, from: resolved)
        if case .utterance(let utterance) = session.next() { #expect(utterance.element == element) }
    }

    @Test func aLocatorFindsItsPlaceAfterSmallEdits() throws {
        let original =
            "First paragraph here.\n\nThe quick brown fox jumps over the lazy dog and runs far away into the woods.\n"
        let document = Document(book: try PlainTextBook(original))
        let offset = Array("The quick brown fox ".utf16).count
        let locator = Locator(position: ReadingPosition(element: 1, offset: offset), in: document)
        // A paragraph inserted before, and a word changed near the position.
        let edited =
            "A new opening.\n\nFirst paragraph here.\n\nThe quick red fox jumps over the lazy dog and runs far away into the woods.\n"
        let editedDocument = Document(book: try PlainTextBook(edited))
        let resolved = try locator.resolve(in: editedDocument)
        #expect(resolved.element == 2)
        try #require(editedDocument.elements.count > 2)
        let text = editedDocument.elements[2].text.string(in: resolved.offset..<(resolved.offset + 5))
        #expect(text == "jumps")
    }

    @Test func corruptAndForeignLocatorsGiveClearErrors() {
        #expect(throws: LocatorError.self) { try Locator(json: "{not json") }
        do {
            _ = try Locator(json: #"{"type":"epub.cfi","version":1}"#)
            Issue.record("a foreign locator must not be accepted")
        } catch {
            guard error.code == .foreign else { Issue.record("expected .foreign, got \(error)"); return }
        }
        do {
            _ = try Locator(json: #"{"type":"readaloud.locator","version":1,"element":"x","offset":0}"#)
            Issue.record("a corrupt locator must not be accepted")
        } catch {
            guard error.code == .malformed else { Issue.record("expected .malformed, got \(error)"); return }
        }
    }

    /// A plain-text book's locator keeps its element's first byte in the file (`source`), through
    /// its JSON; a locator without it (an older one) reads as ever; a bad one is refused clearly;
    /// a document not made from a plain-text book gives none.
    @Test func aPlainTextLocatorKeepsItsElementsByteOffset() throws {
        let book = try PlainTextBook("Héllo there.\n\n  Second paragraph, indented.\n")
        let document = Document(book: book)
        let locator = Locator(position: ReadingPosition(element: 1, offset: 7), in: document)
        #expect(locator.sourceByteOffset == Array("Héllo there.\n\n  ".utf8).count)
        #expect(locator.json.contains(#""source":17"#))
        #expect(try Locator(json: locator.json) == locator)
        let old = try Locator(
            json:
                #"{"type":"readaloud.locator","version":1,"element":1,"offset":7,"before":"Second ","after":"paragraph"}"#
        )
        #expect(old.sourceByteOffset == nil)
        #expect(try old.resolve(in: document) == ReadingPosition(element: 1, offset: 7))
        #expect(throws: LocatorError.malformed("source must be an integer")) {
            try Locator(json: #"{"type":"readaloud.locator","version":1,"element":1,"offset":7,"source":"x"}"#)
        }
        let elements = Document(pages: [[TextElement("Second paragraph, indented.")]])
        #expect(Locator(position: ReadingPosition(element: 0, offset: 7), in: elements).sourceByteOffset == nil)
    }

    @Test func aLocatorFromAnotherBookIsNotFound() throws {
        let alice = try BookDocuments.document("alice-in-wonderland.txt")
        let rashomon = try BookDocuments.document("rashomon.txt")
        let locator = Locator(position: ReadingPosition(element: 40, offset: 10), in: alice)
        #expect(throws: LocatorError.notFound) { try locator.resolve(in: rashomon) }
    }

    @Test func locatorsRoundTripThroughJSON() throws {
        let document = try BookDocuments.document("udhr-arabic.txt")
        for element in stride(from: 0, to: document.elements.count, by: 7) {
            let position = ReadingPosition(element: element, offset: document.elements[element].text.count / 2)
            let locator = Locator(position: position, in: document)
            let decoded = try Locator(json: locator.json)
            #expect(decoded == locator)
            let resolved = try decoded.resolve(in: document)
            #expect(abs(resolved.offset - position.offset) <= 1)
        }
    }
}

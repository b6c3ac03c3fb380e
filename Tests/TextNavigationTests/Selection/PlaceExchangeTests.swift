import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// Places other apps understand: Readium locators and W3C Web Annotations, made here and read
/// back, and read as other apps write them (other hrefs, other white space, a quote alone, a
/// position alone), on corpus books and small documents.
@Suite("Selection: Readium locators and Web Annotations")
struct PlaceExchangeTests {
    static let identity = BookIdentity(fingerprintOf: Array("a book".utf8))

    /// Word starts through the document, `count` of them spread evenly.
    private func wordStarts(_ document: Document, count: Int) -> [ReadingPosition] {
        let step = max(1, document.elements.count / count)
        return stride(from: 0, to: document.elements.count, by: step).compactMap { index in
            let units = document.elements[index].stringTokenizer.units(for: .word).ranges
            return units.isEmpty ? nil : ReadingPosition(element: index, offset: units[units.count / 2].lowerBound)
        }
    }

    @Test("Children's Literature: a Readium locator resolves to where it was made, by its text or its progression")
    func readiumRoundTrip() throws {
        let document = Document(epub: try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub")))
        let places = wordStarts(document, count: 40)
        #expect(places.count >= 30)
        for place in places {
            let made = ReadiumLocator(position: place, in: document, resource: "unused")
            #expect(made.href == document.elements[place.element].markup.href)
            #expect(made.type == "application/xhtml+xml")
            let read = try ReadiumLocator(json: made.json)
            #expect(read == made)
            #expect(try read.resolve(in: document) == place)
            // Without its text, by its progression through the content document (the rounding
            // of 6 decimals moves it at most a unit).
            var bare = read
            bare.text = nil
            let found = try bare.resolve(in: document)
            #expect(found.element == place.element && abs(found.offset - place.offset) <= 1, "\(place) → \(found)")
        }
    }

    @Test("a Readium locator as other apps write it: another path, white space across elements, a wrong href")
    func readiumFromOtherApps() throws {
        let document = Document(epub: try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub")))
        let place = wordStarts(document, count: 10)[5]
        let made = ReadiumLocator(position: place, in: document, resource: "unused")
        var other = made
        other.href =
            "/" + made.href.replacingOccurrences(of: "/", with: "/./").replacingOccurrences(of: "/./", with: "/")
        other.text?.before = "\n  " + (made.text?.before ?? "")
        other.text?.after = (made.text?.after ?? "") + "\n\nNext paragraph"
        #expect(try other.resolve(in: document) == place)
        // A name that ends the same way as one document's.
        other.href = String(made.href.split(separator: "/").last ?? "")
        #expect(try other.resolve(in: document) == place)
        // A wrong href: the text still finds it, else the book's progression.
        other.href = "nowhere.xhtml"
        #expect(try other.resolve(in: document) == place)
        other.text = nil
        let byProgression = try other.resolve(in: document)
        #expect(abs(byProgression.element - place.element) <= 1)
        other.locations = .init()
        #expect(throws: LocatorError.notFound) { try other.resolve(in: document) }
        // Its JSON: href is required; progressions out of range are clamped.
        #expect(throws: LocatorError.malformed("the field 'href' is missing or not a string")) {
            try ReadiumLocator(json: #"{"locations":{"progression":0.5}}"#)
        }
        let clamped = try ReadiumLocator(json: #"{"href":"x","locations":{"progression":3,"totalProgression":-1}}"#)
        #expect(clamped.locations.progression == 1 && clamped.locations.totalProgression == 0)
        #expect(throws: LocatorError.malformed("the field 'locations.position' has the wrong type")) {
            try ReadiumLocator(json: #"{"href":"x","locations":{"position":"two"}}"#)
        }
        // Locator.resolve(json:in:) takes either kind.
        #expect(try Locator.resolve(json: made.json, in: document) == place)
        #expect(try Locator.resolve(json: Locator(position: place, in: document).json, in: document) == place)
    }

    @Test("plain text is one resource, named as its maker chooses")
    func readiumPlainText() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        for place in wordStarts(document, count: 12) {
            let made = ReadiumLocator(position: place, in: document, resource: "alice.txt")
            #expect(made.href == "alice.txt" && made.type == "text/plain")
            #expect(made.locations.progression == made.locations.totalProgression)
            var moved = made
            moved.href = "books/renamed.txt"
            #expect(try moved.resolve(in: document) == place)
        }
    }

    @Test("Web Annotations: a saved selection goes out and comes back the same, note, id and date")
    func annotationRoundTrip() throws {
        let document = Document(epub: try EPUBBook(contentsOf: EPUBFixtures.path("idpf-childrens-literature.epub")))
        for place in wordStarts(document, count: 15) {
            let element = document.elements[place.element]
            let sentence = try #require(
                element.stringTokenizer.rangeEnclosingPosition(
                    place.textPosition, with: .sentence, inDirection: .forward))
            let saved = try #require(
                SavedSelection(
                    book: Self.identity, elementIndex: place.element, elementText: element.string,
                    utf16Range: sentence.offsets, granularity: .sentence,
                    createdAt: Date(timeIntervalSince1970: 1_700_000_000.25), note: "note \(place.element)"))
            let annotation = WebAnnotation(selection: saved, in: document, resource: "unused")
            #expect(annotation.source == element.markup.href)
            let json = annotation.json
            #expect(json.contains(#""@context":"http://www.w3.org/ns/anno.jsonld""#))
            #expect(json.contains("TextQuoteSelector") && json.contains("TextPositionSelector"))
            let back = try SavedSelection(annotation: try WebAnnotation(json: json), book: Self.identity, in: document)
            #expect(back.elementIndex == saved.elementIndex && back.utf16Range == saved.utf16Range)
            #expect(back.id == saved.id && back.note == saved.note && back.createdAt == saved.createdAt)
            // The quote alone finds it; the position alone does too.
            var quoteOnly = annotation
            quoteOnly.codePoints = nil
            // (the same text with the same context may be elsewhere too: then it is that text)
            let byQuote = try quoteOnly.resolve(in: document)
            #expect(document.elements[byQuote.element].text.string(in: byQuote.range) == saved.text)
            if byQuote.element != saved.elementIndex {
                let before = document.elements[byQuote.element].text.string(in: 0..<byQuote.range.lowerBound) ?? ""
                #expect(before.hasSuffix(saved.contextBefore), "\(byQuote) for \(saved.elementIndex)")
            }
            var positionOnly = annotation
            positionOnly.quote = nil
            #expect(try positionOnly.resolve(in: document) == (saved.elementIndex, saved.utf16Range))
        }
    }

    @Test("an annotation from another app: the quote that agrees with its prefix, code points past emoji")
    func annotationFromOtherApps() throws {
        let document = Document(elements: [
            TextElement("The cat sat. 😀 The cat ran."), TextElement("A dog. The cat ran again."),
        ])
        // "The cat" twice in element 0 and once in 1: the prefix picks the second of element 0.
        let quoted = try WebAnnotation(
            json: """
                {"type":"Annotation","target":{"source":"book","selector":\
                {"type":"TextQuoteSelector","exact":"The cat","prefix":"😀 ","suffix":" ran."}}}
                """)
        #expect(try quoted.resolve(in: document) == (0, 16..<23))
        // Code points: the emoji is one, two UTF-16 units.
        let positioned = try WebAnnotation(
            json: """
                {"type":["Annotation"],"body":"a string body","target":{"source":"book","selector":[\
                {"type":"TextPositionSelector","start":15,"end":22}]}}
                """)
        #expect(positioned.note == "a string body")
        #expect(try positioned.resolve(in: document) == (0, 16..<23))
        let secondElement = WebAnnotation(source: "book", quote: nil, codePoints: 27..<33)
        #expect(try secondElement.resolve(in: document) == (1, 0..<6))
        // Neither found.
        let missing = WebAnnotation(source: "book", quote: .init(exact: "a horse"))
        #expect(throws: LocatorError.notFound) { try missing.resolve(in: document) }
        // Not annotations.
        for (json, error) in [
            ("[1]", LocatorError.malformed("it is not a JSON object")),
            (#"{"type":"Note"}"#, .foreign("its type is not 'Annotation'")),
            (#"{"type":"Annotation","target":{}}"#, .foreign("its target names no source")),
            (
                #"{"type":"Annotation","target":{"source":"b","selector":{"type":"CssSelector"}}}"#,
                .foreign("its target has neither a TextQuoteSelector nor a TextPositionSelector")
            ),
            (
                #"{"type":"Annotation","target":{"source":"b","selector":{"type":"TextPositionSelector","start":5,"end":2}}}"#,
                .malformed("a TextPositionSelector needs integers start ≤ end, from 0")
            ),
        ] {
            #expect(throws: error) { try WebAnnotation(json: json) }
        }
    }
}

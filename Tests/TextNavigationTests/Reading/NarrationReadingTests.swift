import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Read-all with recorded narration: each narrated span is one utterance carrying its audio,
/// the text around spans is read by the granularity, nothing is read twice or skipped, and
/// every clip is played once, in order.
@Suite("Reading: recorded narration")
struct NarrationReadingTests {
    /// The utterances of a session over `document` with `narration`.
    private func utterances(
        _ document: Document, _ narration: Narration?, granularity: TextGranularity = .sentence
    ) -> [Utterance] {
        ReadingSession(document: document, granularity: granularity, page: 1, narration: narration)
            .compactMap { event in
                if case .utterance(let utterance) = event { utterance } else { nil }
            }
    }

    /// Checks that `utterances` read every letter of `document` once, in order.
    private func expectReadOnceInOrder(_ utterances: [Utterance], of document: Document) {
        var covered = Array(repeating: [Range<Int>](), count: document.elements.count)
        var last = ReadingPosition(element: 0, offset: 0)
        for utterance in utterances {
            #expect(utterance.position >= last, "\(utterance.text)")
            last = ReadingPosition(element: utterance.element, offset: utterance.range.upperBound)
            #expect(document.elements[utterance.element].text.string(in: utterance.range) == utterance.text)
            covered[utterance.element].append(utterance.range)
        }
        for (index, element) in document.elements.enumerated() {
            let text = Array((element.text.string(in: 0..<element.text.count) ?? "").utf16)
            for offset in text.indices {
                let inside = covered[index].filter { $0.contains(offset) }.count
                let scalar = Unicode.Scalar(text[offset]).map(CharacterSet.alphanumerics.contains) ?? false
                if scalar { #expect(inside == 1, "element \(index) offset \(offset) read \(inside) times") }
            }
        }
    }

    @Test("the corpus book: six clips in five utterances, the unnarrated paragraph by sentences")
    func corpusBook() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("w3c-mol-navigation.epub"))
        let document = Document(epub: book)
        let narration = book.narration(in: document)
        let read = utterances(document, narration)
        let narrated = read.compactMap(\.narration)
        #expect(narrated.flatMap(\.clips) == [0, 1, 2, 3, 4, 5])
        #expect(narrated.map(\.element) == [0, 1, 2, 4, 5])
        // Two clips of one paragraph: one utterance, both clips in order, 7603 to 29218 ms.
        let both = try #require(narrated.first { $0.element == 2 })
        #expect(both.audio.map(\.begin) == [7603, 12_398])
        #expect(both.duration == 29_218 - 7603)
        // The paragraph with no clip is read by its three sentences, synthesized.
        #expect(read.filter { $0.element == 3 }.map(\.narration) == [nil, nil, nil])
        expectReadOnceInOrder(read, of: document)
        // Without narration the same text reads, by sentences alone.
        #expect(utterances(document, nil).allSatisfy { $0.narration == nil })
        expectReadOnceInOrder(utterances(document, nil), of: document)
    }

    @Test(
        "a clip inside a paragraph: the sentences around it are cut at its edges",
        arguments: [
            TextGranularity.word, .sentence, .paragraph,
        ])
    func clipInsideAParagraph(granularity: TextGranularity) throws {
        let document = Document(book: try PlainTextBook("One two three. Four five six. Seven eight.\n\nNine ten."))
        let clip = NarrationClip(
            text: ReadingPosition(element: 0, offset: 8)..<ReadingPosition(element: 0, offset: 29),
            audio: AudioClip(source: "a.mp3", begin: 100, end: 900))
        let read = utterances(document, Narration(clips: [clip], in: document), granularity: granularity)
        let narrated = read.filter { $0.narration != nil }
        #expect(narrated.map(\.text) == ["three. Four five six."])
        #expect(narrated.first?.narration?.audio == [clip.audio])
        expectReadOnceInOrder(read, of: document)
        if granularity == .sentence {
            #expect(read.map(\.text) == ["One two", "three. Four five six.", "Seven eight.", "Nine ten."])
        }
    }

    @Test("a clip over two elements: one span each, its time shared by the length of their text")
    func clipOverTwoElements() throws {
        let document = Document(book: try PlainTextBook("Alpha beta.\n\nGamma delta epsilon zeta."))
        let clip = NarrationClip(
            text: ReadingPosition(element: 0, offset: 6)..<ReadingPosition(element: 1, offset: 11),
            audio: AudioClip(source: "a.mp3", begin: 1000, end: 2000))
        let narration = Narration(clips: [clip], in: document)
        let first = narration.spans(in: 0)
        let second = narration.spans(in: 1)
        #expect(first.map(\.range) == [6..<11] && second.map(\.range) == [0..<11])
        // 5 and 11 units of text: 1000 ms shared 312 and 688 ms, end to end.
        #expect(first.first?.audio == [AudioClip(source: "a.mp3", begin: 1000, end: 1312)])
        #expect(second.first?.audio == [AudioClip(source: "a.mp3", begin: 1312, end: 2000)])
        expectReadOnceInOrder(utterances(document, narration), of: document)
    }

    @Test("narrated word by word: the punctuation between clips is not read, a word without a clip is")
    func punctuationBetweenWordClips() throws {
        let document = Document(book: try PlainTextBook("Alice was tired, very tired. And then (she) slept x.\n"))
        let text = document.elements[0].text.string(in: 0..<document.elements[0].text.count) ?? ""
        let words = ["Alice", "was", "tired", "very", "tired", "And", "then", "she", "slept"]
        var cursor = text.startIndex
        var clips: [NarrationClip] = []
        for (index, word) in words.enumerated() {
            let found = try #require(text.range(of: word, range: cursor..<text.endIndex))
            let start = text.utf16.distance(from: text.startIndex, to: found.lowerBound)
            clips.append(
                NarrationClip(
                    text: ReadingPosition(
                        element: 0, offset: start)..<ReadingPosition(
                            element: 0, offset: start + word.utf16.count),
                    audio: AudioClip(source: "w.m4a", begin: index * 100, end: index * 100 + 100)))
            cursor = found.upperBound
        }
        let read = utterances(document, Narration(clips: clips, in: document))
        // Each clip, then "x." (a word of its own, so the voice reads it); never ",", "." or "(".
        #expect(read.map(\.text) == words + ["x."], "\(read.map(\.text))")
        #expect(read.prefix(words.count).allSatisfy { !($0.narration?.audio ?? []).isEmpty })
        expectReadOnceInOrder(read, of: document)
    }

    @Test("clips out of the document, empty, or overlapping: ignored or merged, never a crash")
    func oddClips() throws {
        let document = Document(book: try PlainTextBook("One two three.\n\nFour."))
        let audio = AudioClip(source: "a.mp3", begin: 0, end: 500)
        let clips = [
            NarrationClip(
                text: ReadingPosition(element: 5, offset: 0)..<ReadingPosition(element: 6, offset: 1), audio: audio),
            NarrationClip(
                text: ReadingPosition(element: 0, offset: 3)..<ReadingPosition(element: 0, offset: 3), audio: audio),
            NarrationClip(
                text: ReadingPosition(element: 0, offset: 4)..<ReadingPosition(element: 0, offset: 9),
                audio: AudioClip(source: "b.mp3", begin: 10, end: 20)),
            NarrationClip(
                text: ReadingPosition(element: 0, offset: 0)..<ReadingPosition(element: 0, offset: 7),
                audio: AudioClip(source: "c.mp3", begin: 30, end: nil)),
            NarrationClip(
                text: ReadingPosition(element: 1, offset: 2)..<ReadingPosition(element: 1, offset: 99), audio: audio),
        ]
        let narration = Narration(clips: clips, in: document)
        // The overlapping pair is one span over both, its audio in clip order.
        #expect(narration.spans(in: 0).map(\.range) == [0..<9])
        #expect(narration.spans(in: 0).first?.clips == [2, 3])
        #expect(narration.spans(in: 0).first?.duration == nil)  // c.mp3's clip runs to its end
        #expect(narration.spans(in: 1).map(\.range) == [2..<5])  // clamped to the text
        expectReadOnceInOrder(utterances(document, narration, granularity: .word), of: document)
        #expect(Narration(clips: [], in: document).isEmpty)
    }

    @Test("a locator keeps the time into narration, and old locators read without it")
    func locatorNarrationOffset() throws {
        let document = Document(book: try PlainTextBook("One two three."))
        var locator = Locator(position: ReadingPosition(element: 0, offset: 4), in: document)
        #expect(!locator.json.contains("narrationOffset"))
        locator.narrationOffset = 1234
        let read = try Locator(json: locator.json)
        #expect(read.narrationOffset == 1234 && read == locator)
        #expect(throws: LocatorError.self) {
            try Locator(json: locator.json.replacingOccurrences(of: "1234", with: "\"soon\""))
        }
    }
}

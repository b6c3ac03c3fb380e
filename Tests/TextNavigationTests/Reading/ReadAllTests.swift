import Testing
import TextNavigation
import TextNavigationBooks

/// Read-all over whole books: nothing dropped, nothing repeated, pages turned to the last.
///
/// Invariants checked for every book and granularity:
/// 1. each utterance's text is exactly its element's text in its range;
/// 2. within an element, utterance ranges are in order and do not overlap; elements come in order;
/// 3. what lies between utterances (and before the first, after the last) is white space for
///    sentence, line and paragraph, and holds no letter or digit for word and character
///    granularity (so no word is skipped); every element with visible text is read;
/// 4. page turns go one page at a time from 1 to the last page, and reading ends with `.end`;
/// 5. a heading's last utterance is followed by its heading event.
@Suite struct ReadAllTests {
    static let books = ["alice-in-wonderland.txt", "rashomon.txt", "udhr-arabic.txt", "lunyu-analects.txt"]
    static let granularities: [TextGranularity] = [.character, .word, .sentence, .line, .paragraph]

    @Test(arguments: books, granularities)
    func readAllLosesAndRepeatsNothing(book: String, granularity: TextGranularity) throws {
        let document = try BookDocuments.document(book)
        let session = ReadingSession(document: document, granularity: granularity, page: 1)
        var covered = Array(repeating: [Range<Int>](), count: document.elements.count)
        var lastElement = -1
        var page = 1
        var sawEnd = false
        var previous: ReadingEvent?
        while let event = session.next() {
            switch event {
            case .utterance(let utterance):
                let element = document.elements[utterance.element]
                #expect(element.text.string(in: utterance.range) == utterance.text)
                #expect(utterance.element >= lastElement)
                if let last = covered[utterance.element].last { #expect(last.upperBound <= utterance.range.lowerBound) }
                covered[utterance.element].append(utterance.range)
                lastElement = utterance.element
                #expect(utterance.page == page)
                #expect(!utterance.range.isEmpty)
            case .pageTurn(let from, let to, let announcement):
                #expect(from == page && to == page + 1)
                #expect(announcement == "Page \(to) of \(document.pageCount)")
                page = to
            case .heading(let element, _):
                #expect(document.elements[element].traits.contains(.heading))
                if case .utterance(let utterance) = previous {
                    #expect(utterance.element == element)
                } else {
                    Issue.record("a heading event must follow the heading's utterance")
                }
            case .customContent:
                Issue.record("book elements have no custom content")
            case .printPage:
                Issue.record("a reading session makes no print-page event")
            case .end:
                sawEnd = true
            }
            previous = event
        }
        #expect(sawEnd)
        #expect(page == document.pageCount)
        for (index, element) in document.elements.enumerated() {
            let text = Array(element.string.utf16)
            var cursor = 0
            for range in covered[index] + [text.count..<text.count] {
                let gap = String(decoding: text[cursor..<range.lowerBound], as: UTF16.self)
                if [.sentence, .line, .paragraph].contains(granularity) {
                    let onlyWhiteSpace = gap.allSatisfy { $0.isWhitespace }
                    #expect(onlyWhiteSpace, "gap \(gap.debugDescription) in element \(index)")
                } else {
                    let dropsWord = gap.contains { $0.isLetter || $0.isNumber }
                    #expect(!dropsWord, "word dropped: \(gap.debugDescription) in element \(index)")
                }
                cursor = range.upperBound
            }
            let hasVisibleText = element.string.contains { !$0.isWhitespace }
            if hasVisibleText { #expect(!covered[index].isEmpty, "element \(index) was not read") }
        }
    }

    @Test func stopAndResumeReadsEverythingOnce() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let full = Array(ReadingSession(document: document, granularity: .word, page: 1))
        let first = ReadingSession(document: document, granularity: .word, page: 1)
        var events: [ReadingEvent] = []
        for _ in 0..<1234 { events.append(first.next()!) }
        first.pause()
        #expect(first.next() == nil)
        #expect(first.state == .paused)
        let resumed = ReadingSession(document: document, granularity: .word, from: first.position)
        while let event = resumed.next() { events.append(event) }
        let utterances = { (list: [ReadingEvent]) in
            list.compactMap {
                if case .utterance(let u) = $0 { return u.text + "@\(u.element):\(u.range)" } else { return nil }
            }
        }
        #expect(utterances(events) == utterances(full))
    }

    @Test func readingStartsAtThePageTheReaderIsOn() throws {
        let document = try BookDocuments.document("alice-in-wonderland.txt")
        let session = ReadingSession(document: document, granularity: .sentence, page: 6)
        guard case .utterance(let first) = session.next() else {
            Issue.record("expected an utterance")
            return
        }
        #expect(first.page == 6)
        #expect(ReadingPosition(element: first.element, offset: first.range.upperBound) > document.page(at: 5)!.start)
    }

    @Test func aSentenceThatCrossesAPageEdgeIsOneUtterance() throws {
        let document = try BookDocuments.document(
            "alice-in-wonderland.txt", layout: PageLayout(width: 30, linesPerPage: 7))
        var crossing = 0
        for index in 0..<(document.pageCount - 1) {
            let edge = document.page(at: index + 1)!.start
            guard edge.offset > 0 else { continue }
            let tokenizer = document.elements[edge.element].stringTokenizer
            if let sentence = tokenizer.rangeEnclosingPosition(
                edge.textPosition, with: .sentence, inDirection: .forward),
                sentence.start.offset < edge.offset
            {
                crossing += 1
                let session = ReadingSession(
                    document: document, granularity: .sentence,
                    from: ReadingPosition(element: edge.element, offset: sentence.start.offset))
                guard case .utterance(let utterance) = session.next() else { continue }
                // One utterance for the whole sentence, on the page where it starts (a long
                // sentence may start pages before this edge), then the page turn.
                let startPage = document.pageIndex(containing: utterance.position) + 1
                #expect(utterance.range == sentence.offsets)
                #expect(utterance.page == startPage)
                #expect(startPage <= index + 1)
                #expect(
                    session.next()
                        == .pageTurn(
                            from: startPage, to: startPage + 1,
                            announcement: "Page \(startPage + 1) of \(document.pageCount)"))
            }
        }
        #expect(crossing > 10)
    }

    @Test func readingStopsAtAPageWhoseLastElementDoesNotTurnThePage() {
        let page1 = [TextElement("One. Two."), TextElement("Three.", traits: [.causesPageTurn])]
        let page2 = [TextElement("Four."), TextElement("Five.")]
        let page3 = [TextElement("Six.", traits: [.causesPageTurn])]
        // The backend keeps its own traits: page 2's last element does not turn the page.
        let document = Document(pages: [page1, page2, page3], marksPageTurns: false)
        let texts = ReadingSession(document: document, granularity: .sentence, page: 1).map { event -> String in
            switch event {
            case .utterance(let utterance): utterance.text
            case .pageTurn(_, _, let announcement): announcement
            case .heading: "Heading"
            case .customContent(_, let content): "\(content.label): \(content.value)"
            case .printPage(_, let label): "Page \(label)"
            case .end: "end"
            }
        }
        #expect(texts == ["One.", "Two.", "Three.", "Page 2 of 3", "Four.", "Five.", "end"])
    }

    @Test func highImportanceCustomContentIsReadWithItsElement() throws {
        let figure = TextElement(
            text: TextStorage("A drawing of the Rabbit."), traits: [.image],
            customContent: [
                CustomContent(label: "Artist", value: "John Tenniel", importance: .high),
                CustomContent(label: "Year", value: "1865"),
            ])
        let heading = TextElement(
            text: TextStorage("Chapter One"), traits: [.heading],
            customContent: [CustomContent(label: "Pages", value: "12", importance: .high)])
        let document = Document(pages: [[heading, figure, TextElement("The end.")]])
        let events = Array(ReadingSession(document: document, granularity: .sentence, page: 1))
        try #require(events.count == 7, "\(events)")
        #expect(
            events == [
                .utterance(events[0].utterance!), .heading(element: 0, text: "Chapter One"),
                .customContent(element: 0, content: heading.customContent[0]),
                .utterance(events[3].utterance!),
                .customContent(element: 1, content: figure.customContent[0]),
                .utterance(events[5].utterance!), .end,
            ])
        #expect(events.compactMap(\.utterance).map(\.text) == ["Chapter One", "A drawing of the Rabbit.", "The end."])
    }

    @Test func oneWordSentencesAndPunctuationOnlyParagraphsAreRead() throws {
        let book = try PlainTextBook("Yes.\n\nNo! Maybe.\n\n* * *\n\n—\n")
        let document = Document(book: book)
        for granularity in [TextGranularity.word, .sentence] {
            let texts = ReadingSession(document: document, granularity: granularity, page: 1).compactMap {
                event -> String? in
                if case .utterance(let utterance) = event { return utterance.text }
                return nil
            }
            #expect(texts.contains("* * *"))
            #expect(texts.contains("—"))
            #expect(texts.contains(granularity == .word ? "Yes" : "Yes."))
        }
    }

    /// A paragraph with no word (a row of emoji: ICU gives their segments no word status) is
    /// read at word granularity by its sentences, the tokenizer's reading units, which
    /// `readaloud units` prints too (issue 14: 10,000 ZWJ sequences were one utterance of
    /// 110,000 UTF-16 units, while `units` printed nothing).
    @Test func aParagraphWithNoWordIsReadByItsSentences() throws {
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        let row = String(repeating: family, count: 20)
        let book = try PlainTextBook("\(row)! \(row)? \(row)\n\n* * *\n\nWords here.\n")
        let document = Document(book: book)
        let utterances = ReadingSession(document: document, granularity: .word, page: 1).compactMap(\.utterance)
        #expect(utterances.map(\.text) == ["\(row)!", "\(row)?", row, "* * *", "Words", "here"])
        for element in document.elements.indices {
            let units = document.elements[element].stringTokenizer.readingUnits(for: .word).ranges
            #expect(utterances.filter { $0.element == element }.map(\.range) == units)
        }
    }
}

extension ReadingEvent {
    /// The utterance, when the event is one.
    fileprivate var utterance: Utterance? {
        if case .utterance(let utterance) = self { return utterance }
        return nil
    }
}

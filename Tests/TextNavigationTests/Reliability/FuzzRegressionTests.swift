import Testing
import TextNavigation
import TextNavigationBooks

/// Inputs `scripts/fuzz.sh` found that broke the API's contract, each replayed through the
/// same calls the fuzzer made (see `Fuzz/ReadaloudFuzzer/FuzzDriver.swift`).
@Suite struct FuzzRegressionTests {
    /// The text of crash-c073b3f6 (UDHR Arabic articles 25 and 26, cut mid-word), read at width
    /// 0 (raised to 1), 9 lines a page, locale "ar".
    static let arabicArticles = """
        المادة 25

        لكل شخص الحق في مستوى من المعيشة كاف للمحافظة على الصحة والرفاهية له ولأسرته. ويتضمن ذلك \
        التغذية والملبس والمسكن والعناية الطبية وكذلك الخدمات الاجتماعية اللازمة.

        المادة 26

        لكل شخص الحق في التعلم. ويجب أن يكون التعليم في مراحله الأولى والأساسية على الأقل بالمجان، وأن يكون التف
        """

    /// crash-c073b3f6: pausing after the last utterance left `position` one element past the
    /// end of the document; a session made from it was clamped to the start of the last
    /// element and read it again. Now the position is the document's end, and resuming there
    /// reads nothing more.
    @Test(arguments: [TextGranularity.character, .word, .sentence, .line, .paragraph])
    func pausingAfterTheLastUtteranceResumesAtTheEnd(granularity: TextGranularity) throws {
        let document = Document(
            book: try PlainTextBook(Self.arabicArticles), locale: "ar", layout: PageLayout(width: 0, linesPerPage: 9))
        let session = ReadingSession(document: document, granularity: granularity, page: 1)
        var lastUtterance: Utterance?
        while let event = session.next() {
            guard case .utterance(let utterance) = event else { continue }
            lastUtterance = utterance
            if utterance.element == document.elements.count - 1,
                utterance.range.upperBound == document.elements.last!.text.count
            {
                session.pause()
            }
        }
        #expect(session.state == .paused)
        #expect(document.contains(session.position))
        #expect(session.position == document.endPosition)
        let last = try #require(lastUtterance)
        #expect(session.position >= ReadingPosition(element: last.element, offset: last.range.upperBound))
        let resumed = Array(ReadingSession(document: document, granularity: granularity, from: session.position))
        #expect(resumed == [.end])
    }

    /// crash-e27ee4f2: in Arabic text with U+0605 ARABIC NUMBER MARK ABOVE (a Prepend
    /// character, which joins the character after it into one grapheme cluster) before a space,
    /// ICU's word and sentence rules broke between the mark and the space, inside the cluster,
    /// and `toBoundary` by word returned that offset. Unit edges now move to the cluster's start.
    @Test(arguments: [
        "سواء أكانت\u{0605} ولادتهم",  // the fuzzer's input: a word ending before U+0605 and a space
        "Hi.\u{0605} There.",  // a sentence ending before U+0605 and a space
        "Hi. \u{0605}There. x",  // a sentence starting with U+0605
        "a\u{0605}.\u{0605} b\u{0605}",
        "\u{0605}\u{0605}. \u{0605}",
    ])
    func noWordOrSentenceEdgeFallsInsideAPrependCluster(text: String) throws {
        let tokenizer = try StringTokenizer(text, locale: "ar")
        let length = tokenizer.length
        for granularity in [TextGranularity.word, .sentence] {
            for unit in tokenizer.units(for: granularity).ranges {
                #expect(
                    tokenizer.isCharacterBoundary(unit.lowerBound), "\(granularity) \(unit) in \(text.debugDescription)"
                )
                #expect(
                    tokenizer.isCharacterBoundary(unit.upperBound), "\(granularity) \(unit) in \(text.debugDescription)"
                )
            }
            for offset in 0...length {
                for direction in [TextDirection.forward, .backward] {
                    let position = TextPosition(offset: offset)
                    if let next = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction) {
                        #expect(
                            tokenizer.isCharacterBoundary(next.offset), "\(granularity) \(direction) from \(offset)")
                    }
                    if let range = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
                    {
                        #expect(
                            tokenizer.isCharacterBoundary(range.start.offset)
                                && tokenizer.isCharacterBoundary(range.end.offset))
                    }
                }
            }
        }
        // The mark and its space are a gap, so the words around it are still found.
        #expect(!tokenizer.units(for: .word).ranges.isEmpty || !text.contains { $0.isLetter })
    }
}

/// crash-3d2b46be: `position(from:in:offset:)` negated `Int.min` (backward, up, and left or
/// right in right-to-left text) and added `Int.max` lines to a line index; both trapped on
/// overflow instead of giving `nil` for a position outside the text.
@Suite struct TextInputOverflowRegressionTests {
    @Test(arguments: TextDirection.allCases)
    func extremeOffsetsGiveNil(direction: TextDirection) throws {
        let input = try LaidOutTextInput("مرحبا بالعالم\nand a second line", width: 6)
        let middle = TextPosition(offset: 8)
        for offset in [Int.min, Int.min + 1, Int.max, Int.max - 1] {
            #expect(input.position(from: middle, in: direction, offset: offset) == nil, "\(direction) by \(offset)")
        }
        #expect(input.position(from: middle, offset: Int.min + 1) == nil)
        #expect(input.position(from: middle, in: direction, offset: 0) == middle)
    }

    /// crash-e8b509ac: a locator made at an offset between the two halves of a surrogate pair
    /// (the fuzzer's text: lossy UTF-8 with emoji, U+FFFD and NULs) kept that offset, so its
    /// context began and ended with lone halves, which a string cannot hold: they became U+FFFD
    /// and the locator no longer matched its own document. A locator now stands at the start of
    /// the cluster holding its position.
    @Test func aLocatorInsideASurrogatePairStandsAtThePairAndResolves() throws {
        var bytes = Array("2AAAAAAAA\u{1F468}".utf8)
        bytes += [0xE2, 0x80, 0x5B] + Array("\u{1F469}\u{200D}".utf8) + [0xF0, 0x9F, 0x32, 0x32, 0x00, 0x00]
        let book = try PlainTextBook(bytes: bytes, options: .init(lossy: true, allowsNUL: true))
        let document = Document(book: book, layout: PageLayout(width: 5, linesPerPage: 3))
        let text = try #require(document.elements.first).text
        let inside = 10  // between U+D83D and U+DC68
        #expect(UTF16.isLeadSurrogate(text[inside - 1]) && UTF16.isTrailSurrogate(text[inside]))
        let locator = Locator(position: ReadingPosition(element: 0, offset: inside), in: document)
        #expect(locator.position == ReadingPosition(element: 0, offset: inside - 1))
        #expect(locator.textAfter.hasPrefix("\u{1F468}"))
        #expect(try Locator(json: locator.json).resolve(in: document) == locator.position)
    }
}

import Testing
import TextNavigation

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
        var session = ReadingSession(document: document, granularity: granularity, page: 0)
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
}

import Foundation
import ReadaloudJSON
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Speaks read-all events as they are printed: each utterance as ``SpeechMarkup`` with a mark
/// before every word (one `progress` event per mark), in its element's language, with ruby
/// readings as pronunciations; page and heading announcements with their priorities (a page
/// turn is a high-priority announcement, "Heading" a default one).
final class Speaker {
    private let sink: EngineSpeechSink
    /// The library's queue of announcements, for an engine without priorities of its own.
    private let announcements: AnnouncementQueue?
    private let document: Document
    private let readings: (Int) -> [SpeechMarkup.Reading]
    private let highlightsWords: Bool

    /// A speaker through `engine` for `document`'s utterances.
    ///
    /// - Parameter readings: the pronunciations (ruby readings) of the element at an index.
    init(engine: any SpeechEngine, document: Document, readings: @escaping (Int) -> [SpeechMarkup.Reading]) {
        sink = EngineSpeechSink(engine: engine)
        announcements = engine.appliesPriorities ? nil : AnnouncementQueue(sink: sink)
        self.document = document
        self.readings = readings
        highlightsWords = isatty(1) != 0
    }

    /// The markup for `utterance`: see ``markup(for:in:readings:)``.
    func markup(for utterance: Utterance) -> SpeechMarkup {
        Self.markup(for: utterance, in: document, readings: readings(utterance.element))
    }

    /// The markup for `utterance` of `document`: the element's words that meet the utterance's
    /// range (its tokenizer's reading units by word, as read-all and `units` read them, so a
    /// paragraph with no word is marked by its sentences), its `readings`, its language.
    static func markup(
        for utterance: Utterance, in document: Document, readings: [SpeechMarkup.Reading]
    ) -> SpeechMarkup {
        let element = document.elements[utterance.element]
        let segments = element.stringTokenizer.readingUnits(for: .word)
        // The first word that ends after the utterance starts, then those that start before it
        // ends.
        var low = segments.firstIndex(endingAfter: utterance.range.lowerBound)
        var words: [Range<Int>] = []
        while low < segments.count, segments[low].lowerBound < utterance.range.upperBound {
            words.append(segments[low])
            low += 1
        }
        return SpeechMarkup(
            text: utterance.text, range: utterance.range, words: words, readings: readings,
            language: element.language)
    }

    /// Prints `line` for `event` and speaks the event. Returns where reading was stopped when
    /// `shouldStop` answered `true` during an utterance: the start of the word being spoken.
    ///
    /// - Throws: ``CommandFailure`` when the engine finds that it cannot speak.
    func present(
        _ event: ReadingEvent, line: String?, format: EventFormatter.Format, shouldStop: @escaping () -> Bool
    ) throws(CommandFailure) -> ReadingPosition? {
        let output = StandardOutput.shared
        switch event {
        case .utterance(let utterance):
            return try speak(utterance, line: line, format: format, shouldStop: shouldStop)
        case .heading, .pageTurn, .customContent, .printPage:
            if let line { output.line(line) }
            output.flush()
            let announcement: Announcement
            switch event {
            case .pageTurn(_, _, let text): announcement = Announcement(text, priority: .high)
            case .customContent(_, let content): announcement = Announcement("\(content.label): \(content.value)")
            default: announcement = Announcement("Heading")
            }
            speak(announcement, shouldStop: shouldStop)
        case .end:
            if let line { output.line(line) }
        }
        return nil
    }

    /// Prints `line` for `utterance` (or, on a terminal, highlights each word as it is spoken
    /// and prints the line after), speaks it and reports each word's progress in JSON Lines.
    /// Returns where reading was stopped, as ``present(_:line:format:shouldStop:)`` does.
    private func speak(
        _ utterance: Utterance, line: String?, format: EventFormatter.Format, shouldStop: @escaping () -> Bool
    ) throws(CommandFailure) -> ReadingPosition? {
        let output = StandardOutput.shared
        let onScreen = format == .text && highlightsWords
        if !onScreen, let line { output.line(line) }
        output.flush()
        let markup = markup(for: utterance)
        let text = Array(utterance.text.utf16)
        var lastMark = -1
        // One progress event per word, in order. A mark the engine skipped (espeak-ng 1.51
        // drops one that follows a full stop and more punctuation, as in "questions.—How")
        // is reported with the next one it reaches, or at the end of the utterance,
        // marked "estimated" in JSON Lines (its time is the next word's).
        func report(_ mark: Int, _ milliseconds: Int, estimated: Bool) {
            lastMark = mark
            let word = markup.words[mark]
            let local = (word.lowerBound - utterance.range.lowerBound)..<(word.upperBound - utterance.range.lowerBound)
            if onScreen {
                highlight(local, in: text)
            } else if format == .jsonl {
                Self.printProgress(
                    of: utterance, word: word, text: String(decoding: text[local], as: UTF16.self),
                    milliseconds: milliseconds, estimated: estimated)
            }
        }
        var lastMilliseconds = 0
        let finished = sink.withEngine { engine in
            engine.speak(markup, priority: nil, shouldStop: shouldStop) { mark, milliseconds in
                // A mark reported again, out of order or unknown is not a new word.
                guard mark > lastMark, mark < markup.words.count else { return }
                while lastMark + 1 < mark { report(lastMark + 1, milliseconds, estimated: true) }
                report(mark, milliseconds, estimated: false)
                lastMilliseconds = milliseconds
            }
        }
        if finished {
            while lastMark + 1 < markup.words.count { report(lastMark + 1, lastMilliseconds, estimated: true) }
        }
        if onScreen {
            writeRaw("\r\u{1B}[K")
            output.line(line ?? "")
            output.flush()
        }
        if let failure = sink.withEngine({ $0.failure }) { throw CommandFailure(failure, exitCode: .unavailable) }
        guard !finished, shouldStop() else { return nil }
        let offset = lastMark >= 0 ? markup.words[lastMark].lowerBound : utterance.range.lowerBound
        return ReadingPosition(element: utterance.element, offset: offset)
    }

    /// Prints a JSON Lines `progress` event: `word` (offsets in the element) of `utterance`,
    /// whose text is `text`, reached `milliseconds` into the audio.
    private static func printProgress(
        of utterance: Utterance, word: Range<Int>, text: String, milliseconds: Int, estimated: Bool
    ) {
        var progress = JSONObject()
        progress.add("type", "progress")
        progress.add("element", utterance.element)
        progress.add("start", word.lowerBound)
        progress.add("end", word.upperBound)
        progress.add("text", text)
        progress.add("audioMilliseconds", milliseconds)
        if estimated { progress.add("estimated", true) }
        StandardOutput.shared.line(progress.text)
        StandardOutput.shared.flush()
    }

    /// Prints `line` and speaks `text` as a high-priority announcement (an EPUB's print page,
    /// "Page 169"), waiting until it is spoken or `shouldStop` answers `true`.
    func announce(_ text: String, line: String, shouldStop: @escaping () -> Bool) {
        StandardOutput.shared.line(line)
        StandardOutput.shared.flush()
        speak(Announcement(text, priority: .high), shouldStop: shouldStop)
    }

    /// Speaks `announcement`: through the library's queue for an engine without priorities,
    /// else with the engine's own; returns once it is spoken or `shouldStop` answers `true`.
    private func speak(_ announcement: Announcement, shouldStop: @escaping () -> Bool) {
        if let announcements {
            announcements.post(announcement)
            while !shouldStop(),
                announcements.currentAnnouncement != nil || !announcements.waitingAnnouncements.isEmpty
            {
                usleep(2_000)
            }
            if shouldStop() { announcements.cancelAll() }
        } else {
            sink.withEngine { engine in
                engine.speak(
                    SpeechMarkup(announcement: announcement.text), priority: announcement.priority,
                    shouldStop: shouldStop
                ) { _, _ in }
            }
        }
    }

    /// Redraws the current terminal line with `range` of `text` in reverse video.
    private func highlight(_ range: Range<Int>, in text: [UInt16]) {
        let clamped = range.clamped(to: 0..<text.count)
        // Each piece made safe for the terminal on its own, so the offsets still apply.
        let before = CommonOptions.oneLine(String(decoding: text[..<clamped.lowerBound], as: UTF16.self))
        let word = CommonOptions.oneLine(String(decoding: text[clamped], as: UTF16.self))
        let after = CommonOptions.oneLine(String(decoding: text[clamped.upperBound...], as: UTF16.self))
        writeRaw("\r\u{1B}[K" + before + "\u{1B}[7m" + word + "\u{1B}[27m" + after)
    }

    private func writeRaw(_ text: String) {
        StandardOutput.shared.flush()
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
    }
}

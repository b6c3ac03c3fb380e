import ReadaloudJSON
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints what the ``ReadAloudPlayer`` presents, as `readaloud BOOK` shows it: each event's line
/// (``EventFormatter``); when speaking, a JSON Lines `progress` event per word heard, or, on a
/// terminal with text output, the word being spoken highlighted in its line.
///
/// Called on the player's queue, one event at a time. `@unchecked Sendable`: its state is used
/// there only, and by the command's thread once the player has stopped.
final class ReadAllPrinter: @unchecked Sendable {
    private let document: Document
    private let format: EventFormatter.Format
    private let isSpeaking: Bool
    /// Whether words are highlighted in place (speaking, text output, a terminal).
    private let highlightsWords: Bool
    /// The line of the utterance being highlighted, printed once it is over.
    private var highlighted: (line: String, text: [UInt16], start: Int)?
    /// Why the engine could not speak, once it failed.
    private(set) var failure: String?
    /// Whether the sleep timer stopped the reading.
    private(set) var sleepTimerEnded = false

    /// How an utterance is said where not as written, for its JSON's `pronunciations`.
    private let pronunciations: (Utterance) -> [Pronunciation]

    init(
        document: Document, format: EventFormatter.Format, isSpeaking: Bool,
        pronunciations: @escaping (Utterance) -> [Pronunciation] = { _ in [] }
    ) {
        self.pronunciations = pronunciations
        self.document = document
        self.format = format
        self.isSpeaking = isSpeaking
        highlightsWords = isSpeaking && format == .text && isatty(1) != 0
    }

    /// Prints `event`.
    func present(_ event: ReadAloudPlayer.Event) {
        let output = StandardOutput.shared
        switch event {
        case .reading(let reading):
            var said: [Pronunciation] = []
            if format == .jsonl, case .utterance(let utterance) = reading { said = pronunciations(utterance) }
            let line = EventFormatter.line(for: reading, format: format, document: document, pronunciations: said)
            if highlightsWords, case .utterance(let utterance) = reading {
                highlighted = (line ?? "", Array(utterance.text.utf16), utterance.range.lowerBound)
            } else if let line {
                output.line(line)
            }
            if isSpeaking { output.flush() }
        case .word(let utterance, let range, let milliseconds, let estimated):
            if highlightsWords, let highlighted {
                highlight(
                    range.lowerBound - highlighted.start..<range.upperBound - highlighted.start, in: highlighted.text)
            } else if isSpeaking, format == .jsonl {
                printProgress(of: utterance, word: range, milliseconds: milliseconds, estimated: estimated)
            }
        case .clip(let utterance, let index, let milliseconds):
            if highlightsWords, let highlighted {
                highlight(0..<highlighted.text.count, in: highlighted.text)
            } else if isSpeaking, format == .jsonl {
                printProgress(ofClip: index, of: utterance, milliseconds: milliseconds)
            }
        case .utteranceFinished:
            endHighlightedLine()
        case .failed(let reason):
            failure = reason
        case .sleepTimerEnded:
            sleepTimerEnded = true
        case .announcementFinished:
            break
        }
    }

    /// Prints the line of an utterance cut off while its words were highlighted.
    func endHighlightedLine() {
        guard let line = highlighted?.line else { return }
        highlighted = nil
        writeRaw("\r\u{1B}[K")
        StandardOutput.shared.line(line)
        StandardOutput.shared.flush()
    }

    /// Prints a JSON Lines `progress` event: `word` (offsets in the element) of `utterance`,
    /// reached `milliseconds` into the audio, `estimated` when the engine did not mark it.
    private func printProgress(of utterance: Utterance, word: Range<Int>, milliseconds: Int, estimated: Bool) {
        let text = Array(utterance.text.utf16)
        let local = (word.lowerBound - utterance.range.lowerBound)..<(word.upperBound - utterance.range.lowerBound)
        var progress = JSONObject()
        progress.add("type", "progress")
        progress.add("element", utterance.element)
        progress.add("start", word.lowerBound)
        progress.add("end", word.upperBound)
        progress.add("text", String(decoding: text[local.clamped(to: 0..<text.count)], as: UTF16.self))
        progress.add("audioMilliseconds", milliseconds)
        if estimated { progress.add("estimated", true) }
        StandardOutput.shared.line(progress.text)
        StandardOutput.shared.flush()
    }

    /// Prints a JSON Lines `progress` event with `"source":"audio"`: clip `index` of the
    /// recorded narration of `utterance` is being heard (the utterance's text, its range in
    /// the element), `milliseconds` into the narration's audio, and the clip's file and times.
    private func printProgress(ofClip index: Int, of utterance: Utterance, milliseconds: Int) {
        guard let narration = utterance.narration, narration.audio.indices.contains(index) else { return }
        let clip = narration.audio[index]
        var progress = JSONObject()
        progress.add("type", "progress")
        progress.add("source", "audio")
        progress.add("element", utterance.element)
        progress.add("start", utterance.range.lowerBound)
        progress.add("end", utterance.range.upperBound)
        progress.add("text", utterance.text)
        progress.add("audioMilliseconds", milliseconds)
        progress.add("clip", narration.clips[index])
        progress.add("audio", clip.source)
        progress.add("clipBegin", clip.begin)
        if let end = clip.end { progress.add("clipEnd", end) }
        StandardOutput.shared.line(progress.text)
        StandardOutput.shared.flush()
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

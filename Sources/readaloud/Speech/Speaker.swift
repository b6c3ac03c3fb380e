import Foundation
import ReadaloudJSON
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Speaks read-all events as they are printed: utterances through espeak-ng with word-level
/// progress, page and heading announcements through the library's ``AnnouncementQueue`` (a page
/// turn is a high-priority announcement, "Heading" a default one).
final class Speaker {
    private let sink: EspeakSpeechSink
    private let announcements: AnnouncementQueue
    private let highlightsWords: Bool

    /// A speaker set up from `--voice`, `--rate` and `--speak-to`.
    init(arguments: ParsedArguments, locale: String) throws(CommandFailure) {
        let voice = arguments[ReadCommand.voice] ?? Self.voice(for: locale)
        let rate = arguments[ReadCommand.rate]
        let output: EspeakEngine.Output
        if let directory = arguments[ReadCommand.speakTo] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw CommandFailure("--speak-to: \(directory) is not an existing directory", exitCode: .noInput)
            }
            output = .wavFiles(directory: URL(fileURLWithPath: directory))
        } else {
            output = .soundDevice
        }
        let engine = try EspeakEngine(voice: voice, rate: rate, output: output)
        sink = EspeakSpeechSink(engine: engine)
        announcements = AnnouncementQueue(sink: sink)
        highlightsWords = isatty(1) != 0
    }

    /// espeak-ng's voice for a locale: its language ("ja_JP" gives "ja").
    static func voice(for locale: String) -> String {
        let language = locale.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" }).first.map(String.init)
        return language?.isEmpty == false ? language! : "en"
    }

    /// Prints `line` for `event` and speaks the event.
    func present(_ event: ReadingEvent, line: String?, format: EventFormatter.Format) {
        let output = StandardOutput.shared
        switch event {
        case .utterance(let utterance):
            let onScreen = format == .text && highlightsWords
            if !onScreen, let line { output.line(line) }
            output.flush()
            sink.withEngine { engine in
                engine.speak(utterance.text) { word in
                    if onScreen {
                        highlight(word.range, in: utterance.text)
                    } else if format == .jsonl {
                        var progress = JSONObject()
                        progress.add("type", "progress")
                        progress.add("element", utterance.element)
                        progress.add("start", utterance.range.lowerBound + word.range.lowerBound)
                        progress.add("end", utterance.range.lowerBound + word.range.upperBound)
                        progress.add("text", Self.slice(utterance.text, word.range))
                        progress.add("audioMilliseconds", word.milliseconds)
                        output.line(progress.text)
                        output.flush()
                    }
                }
            }
            if onScreen {
                writeRaw("\r\u{1B}[K")
                output.line(line ?? "")
                output.flush()
            }
        case .heading, .pageTurn, .customContent:
            if let line { output.line(line) }
            output.flush()
            let text: String
            let priority: AnnouncementPriority
            switch event {
            case .pageTurn(_, _, let announcement): (text, priority) = (announcement, .high)
            case .customContent(_, let content): (text, priority) = ("\(content.label): \(content.value)", .default)
            default: (text, priority) = ("Heading", .default)
            }
            announcements.post(Announcement(text, priority: priority))
            waitForSilence()
        case .end:
            if let line { output.line(line) }
        }
    }

    private func waitForSilence() {
        while announcements.currentAnnouncement != nil || !announcements.waitingAnnouncements.isEmpty {
            usleep(2_000)
        }
    }

    /// Redraws the current terminal line with `range` of `text` in reverse video.
    private func highlight(_ range: Range<Int>, in text: String) {
        let utf16 = Array(text.utf16)
        let clamped = range.clamped(to: 0..<utf16.count)
        // Each piece made safe for the terminal on its own, so the offsets still apply.
        let before = CommonOptions.oneLine(String(decoding: utf16[..<clamped.lowerBound], as: UTF16.self))
        let word = CommonOptions.oneLine(String(decoding: utf16[clamped], as: UTF16.self))
        let after = CommonOptions.oneLine(String(decoding: utf16[clamped.upperBound...], as: UTF16.self))
        writeRaw("\r\u{1B}[K" + before + "\u{1B}[7m" + word + "\u{1B}[27m" + after)
    }

    private func writeRaw(_ text: String) {
        StandardOutput.shared.flush()
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress, $0.count) }
    }

    private static func slice(_ text: String, _ range: Range<Int>) -> String {
        let utf16 = Array(text.utf16)
        return String(decoding: utf16[range.clamped(to: 0..<utf16.count)], as: UTF16.self)
    }
}

import Foundation

/// Subtitles for an export's audio, one cue per sentence: SubRip (`.srt`) or WebVTT (`.vtt`).
enum SubtitleWriter {
    enum Kind { case srt, vtt }

    /// The subtitles of `timeline`.
    static func text(of timeline: BookTimeline, kind: Kind) -> String {
        var lines: [String] = kind == .vtt ? ["WEBVTT", ""] : []
        let separator = kind == .vtt ? "." : ","
        var number = 0
        for cue in timeline.sentences {
            let text = CommonOptions.oneLine(cue.sentence.text).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            number += 1
            if kind == .srt { lines.append(String(number)) }
            lines.append(
                BookTimeline.clock(timeline.milliseconds(cue.begin), separator: separator) + " --> "
                    + BookTimeline.clock(timeline.milliseconds(cue.finish), separator: separator))
            lines.append(
                kind == .vtt
                    ? text.replacingOccurrences(of: "&", with: "&amp;")
                        .replacingOccurrences(of: "<", with: "&lt;") : text)
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}

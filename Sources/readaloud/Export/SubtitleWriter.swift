import Foundation

/// Subtitles for an export's audio, one cue per sentence: SubRip (`.srt`) or WebVTT (`.vtt`),
/// written a chapter at a time.
enum SubtitleWriter {
    enum Kind { case srt, vtt }

    /// Writes the subtitles of `timeline` to `url`.
    static func write(_ timeline: BookTimeline, kind: Kind, to url: URL) throws(ExportFailure) {
        let file = try BufferedFileWriter(url: url)
        if kind == .vtt { try file.write("WEBVTT\n\n") }
        var number = 0
        for index in 0..<timeline.count {
            try file.write(cues(of: index, in: timeline, kind: kind, number: &number))
        }
        try file.close()
    }

    /// The cues of the sentences of `timeline`'s chapter `index`; `number` is the last cue's
    /// number before them, and after.
    private static func cues(of index: Int, in timeline: BookTimeline, kind: Kind, number: inout Int)
        throws(ExportFailure) -> String
    {
        let chapter = try timeline.timing(of: index)
        let offset = timeline.offsets[index]
        let separator = kind == .vtt ? "." : ","
        var lines: [String] = []
        for sentence in chapter.sentences {
            let text = CommonOptions.oneLine(sentence.text).trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            number += 1
            if kind == .srt { lines.append(String(number)) }
            lines.append(
                BookTimeline.clock(timeline.milliseconds(offset + sentence.begin), separator: separator) + " --> "
                    + BookTimeline.clock(timeline.milliseconds(offset + sentence.finish), separator: separator))
            lines.append(
                kind == .vtt
                    ? text.replacingOccurrences(of: "&", with: "&amp;")
                        .replacingOccurrences(of: "<", with: "&lt;") : text)
            lines.append("")
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

import Foundation

/// What `readaloud export` writes: an audiobook (AAC in MP4 with chapters, Opus in Ogg with
/// chapter comments), a synchronized EPUB 3, or subtitles. From `--as`, else the output's
/// extension.
enum ExportFormat: String, CaseIterable, Sendable {
    case m4b, opus, epub, srt, vtt

    /// The format `url`'s extension names (`.m4a` is MP4 audio as `.m4b`, `.ogg` Opus).
    init?(extensionOf url: URL) {
        switch url.pathExtension.lowercased() {
        case "m4b", "m4a", "mp4": self = .m4b
        case "opus", "ogg", "oga": self = .opus
        case "epub": self = .epub
        case "srt": self = .srt
        case "vtt", "webvtt": self = .vtt
        default: return nil
        }
    }

    /// The encoder of an audiobook format.
    var audio: AudiobookEncoder.Format? {
        switch self {
        case .m4b: .mp4AAC
        case .opus: .oggOpus
        case .epub, .srt, .vtt: nil
        }
    }
}

/// What `--sync` chooses: a Media Overlay `par` per sentence or per word.
enum SyncGranularity: String, CaseIterable, Sendable {
    case sentence, word
}

/// What `--format` chooses: progress as text on standard error, or JSON Lines on standard
/// output.
enum ExportProgressFormat: String, CaseIterable, Sendable {
    case text, jsonl
}

/// When each sentence and word of a chapter is heard in its audio, in samples from the
/// chapter's start: what a worker writes next to the chapter's WAV file, and what subtitles,
/// chapter marks and Media Overlays are made from.
struct ChapterTiming: Codable, Sendable, Equatable {
    /// One utterance (a sentence) as spoken.
    struct Sentence: Codable, Sendable, Equatable {
        /// The element it is from, and its UTF-16 range there.
        var element: Int
        var start: Int
        var end: Int
        var text: String
        /// Its audio: from `begin` to `finish` (samples).
        var begin: Int
        var finish: Int
        var words: [Word]
    }

    /// One word: its UTF-16 range in the element, the sample where it is heard (its sound's
    /// onset, ``SoundOnset``), and the engine's mark for it (where a pause before it starts).
    struct Word: Codable, Sendable, Equatable {
        var start: Int
        var end: Int
        var begin: Int
        /// `nil` in the timing files of an export begun before marks were kept (`--resume`).
        var mark: Int?
    }

    var title: String
    var sampleRate: Int
    /// The chapter's length in samples.
    var samples: Int
    var sentences: [Sentence]

    /// A chapter's rate and length alone: what a timing file says before its sentences, read
    /// without decoding them.
    struct Length: Decodable, Sendable {
        var sampleRate: Int
        var samples: Int
    }

    /// `sample` in milliseconds.
    func milliseconds(_ sample: Int) -> Int { Int(BookTimeline.milliseconds(sample, sampleRate: sampleRate)) }
}

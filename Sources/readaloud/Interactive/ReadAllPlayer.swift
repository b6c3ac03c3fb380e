import Synchronization
import TextNavigation
import TextNavigationSpeech

/// The terminal reader's read all: the library's ``ReadAloudPlayer`` from the current unit,
/// speaking through the reader's voice, or, without one, holding each utterance for a steady
/// pace (``PacedSpeechEngine``). The player's events wait here for the reader's loop, which
/// collects them without waiting (``takeSteps()``).
///
/// Space pauses (cutting the voice off at the word being spoken) and resumes at that word;
/// Esc (or any move) stops: the reader calls ``stop()``, which silences the voice at once.
final class ReadAllPlayer: Sendable {
    /// A voice read-all speaks with, and how it sounds.
    struct Speech: Sendable {
        let engine: any SoundingSpeechEngine
        let settings: SpeechSettings
    }

    /// What the player presented, for the reader to show or announce.
    enum Step: Sendable {
        case utterance(Utterance)
        /// The word `range` of the utterance is being spoken.
        case word(Utterance, range: Range<Int>)
        case announcement(Announcement)
        /// The voice found that it cannot speak: why.
        case failure(String)
        case end
        /// The sleep timer ran out at the end of a sentence.
        case sleepTimerEnded
        /// An utterance was heard and the player paused, as its stops ask.
        case pausedAfterUtterance
    }

    /// The steps waiting for the reader's loop.
    private final class Inbox: Sendable {
        let steps = Mutex<[Step]>([])
        /// Whether the player pauses after each utterance, as its stops say.
        let pausesAfterEach = Mutex(false)
    }

    private let player: ReadAloudPlayer
    private let inbox = Inbox()
    /// Whether the utterances are spoken.
    let isSpeaking: Bool

    /// Starts reading `document` from `position` by `granularity`: spoken by `speech`, or one
    /// utterance every `pace` without it; each event written to `transcript` too.
    init(
        document: Document, from position: ReadingPosition, granularity: TextGranularity, pace: Duration,
        speech: Speech?, narration: Narration? = nil, skipping: Set<ContentKind> = ContentKind.skippedByDefault,
        pronunciations: (any PronunciationSource)? = nil,
        stops: ReadingStops = ReadingStops(), transcript: ReadAllTranscript? = nil
    ) {
        isSpeaking = speech != nil
        let inbox = self.inbox
        inbox.pausesAfterEach.withLock { $0 = stops.pausesAfterEachUtterance }
        player = ReadAloudPlayer(
            document: document, granularity: granularity, engine: speech?.engine ?? PacedSpeechEngine(pace: pace),
            settings: speech?.settings ?? SpeechSettings(), narration: narration, skipping: skipping,
            pronunciations: pronunciations
        ) { event in
            if case .reading(let reading) = event { transcript?.write(reading, in: document) }
            let step: Step? =
                switch event {
                case .reading(.utterance(let utterance)): .utterance(utterance)
                case .reading(.end): .end
                case .reading(let other): .announcement(ReadAloudPlayer.announcement(for: other))
                case .word(let utterance, let range, _, _): .word(utterance, range: range)
                // A narration's fragment is heard whole: highlighted whole.
                case .clip(let utterance, _, _): .word(utterance, range: utterance.range)
                case .failed(let reason): .failure(reason)
                case .sleepTimerEnded: .sleepTimerEnded
                case .utteranceFinished: inbox.pausesAfterEach.withLock { $0 } ? .pausedAfterUtterance : nil
                case .announcementFinished: nil
                }
            if let step { inbox.steps.withLock { $0.append(step) } }
        }
        player.stops = stops
        player.play(from: position)
    }

    /// When reading stops or pauses by itself (a sleep timer counts from when they are set).
    var stops: ReadingStops {
        get { player.stops }
        set {
            inbox.pausesAfterEach.withLock { $0 = newValue.pausesAfterEachUtterance }
            player.stops = newValue
        }
    }

    /// Whether reading is paused.
    var isPaused: Bool {
        if case .paused = player.state { true } else { false }
    }

    /// The utterance highlighted and the word of it last heard, as of the steps taken
    /// (``takeSteps()``), so the reader shows what it has been told, however fast the words go.
    var highlighted: (utterance: Utterance, word: Range<Int>?)? {
        shown.withLock { $0 }
    }

    private let shown = Mutex<(utterance: Utterance, word: Range<Int>?)?>(nil)

    /// Pauses (silencing the voice at once), or goes on from a pause.
    func togglePause() {
        if isPaused { player.resume() } else { player.pause() }
    }

    /// Leaves the structure being read and goes on after it (``ReadAloudPlayer/escape()``):
    /// the structure left, or `nil` when there is none.
    func escape() -> ContentStructure? {
        player.escape()
    }

    /// Stops reading: the voice falls silent at once.
    func stop() {
        player.stop()
    }

    /// The word an utterance starts with: the one about to be heard while the engine gets
    /// ready.
    private func firstWord(of utterance: Utterance) -> Range<Int>? {
        let word = Navigator(document: player.document, position: utterance.position).currentUnit(.word)
        return word.map { $0.range.clamped(to: utterance.range) }
    }

    /// What the player presented since the last call, in order; nothing while paused.
    func takeSteps() -> [Step] {
        let taken = inbox.steps.withLock { list in
            defer { list.removeAll() }
            return list
        }
        shown.withLock { shown in
            for step in taken {
                switch step {
                case .utterance(let utterance): shown = (utterance, isSpeaking ? firstWord(of: utterance) : nil)
                case .word(let utterance, let range): shown = (utterance, range)
                default: break
                }
            }
        }
        return taken
    }
}

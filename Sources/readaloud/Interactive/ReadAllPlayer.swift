import TextNavigation

/// Read all: a ``ReadingSession`` from the current unit, turning pages as the session does.
/// With a voice it speaks each utterance and moves the highlight to each word as its mark is
/// heard, going on when the utterance has been spoken; without one it advances the highlight
/// by one utterance at a steady pace.
///
/// Space pauses and resumes (a paused utterance is spoken again from its start); Esc (or any
/// move) stops: the reader calls ``stop()``, which silences the voice at once. The reader asks
/// ``advanceIfDue(at:)`` from its loop.
struct ReadAllPlayer {
    enum State { case reading, paused }

    private(set) var state: State = .reading
    /// The utterance highlighted, once there is one.
    private(set) var current: Utterance?
    /// The word of ``current`` being spoken (offsets in its element): its first word until
    /// the engine reports a mark.
    private(set) var word: Range<Int>?
    private var session: ReadingSession
    private let pace: Duration
    private var due: ContinuousClock.Instant
    private let speech: Speech?
    /// The markup being spoken (`nil` for an announcement), while the voice speaks.
    private var spoken: SpeechMarkup?
    /// Whether the voice is speaking something the player waits for.
    private var waitingForVoice = false
    /// Whether ``current`` was cut off by a pause and is to be spoken again.
    private var interrupted = false

    /// A voice and how it makes an utterance's markup.
    struct Speech {
        let voice: ReadAllVoice
        let markup: (Utterance) -> SpeechMarkup
    }

    /// What one step produced for the reader to show or announce.
    enum Step {
        case utterance(Utterance)
        /// The word starting at this position is being spoken.
        case word(ReadingPosition)
        case announcement(Announcement)
        /// The voice found that it cannot speak: why.
        case failure(String)
        case end
    }

    /// Starts reading `document` from `position` by `granularity`: spoken by `speech`, or one
    /// utterance every `pace` without it.
    init(
        document: Document, from position: ReadingPosition, granularity: TextGranularity, pace: Duration,
        speech: Speech?, now: ContinuousClock.Instant
    ) {
        session = ReadingSession(document: document, granularity: granularity, from: position)
        self.pace = pace
        self.speech = speech
        due = now
    }

    /// Whether the utterances are spoken.
    var isSpeaking: Bool { speech != nil }

    /// Pauses (silencing the voice at once), or goes on from a pause.
    mutating func togglePause(now: ContinuousClock.Instant) {
        switch state {
        case .reading:
            state = .paused
            if let speech, waitingForVoice {
                speech.voice.stop()
                waitingForVoice = false
                interrupted = spoken != nil
            }
        case .paused:
            state = .reading
            due = now.advanced(by: pace)
        }
    }

    /// Stops reading: the voice falls silent at once.
    func stop() {
        speech?.voice.stop()
    }

    /// The events that are due: with a voice, the words heard since the last call and, once the
    /// speech has ended, the events up to and including the next utterance (which it starts
    /// speaking); without one, when the pace says so, the events up to and including the next
    /// utterance. Page turns and headings become announcements (spoken, with a voice). Nothing
    /// while paused.
    mutating func advanceIfDue(at now: ContinuousClock.Instant) -> [Step] {
        guard state == .reading else { return [] }
        guard let speech else {
            guard now >= due else { return [] }
            due = now.advanced(by: pace)
            return nextEvents()
        }
        var steps: [Step] = []
        if interrupted, let current {
            interrupted = false
            speak(speech.markup(current), priority: nil)
            return steps
        }
        if waitingForVoice {
            for report in speech.voice.takeReports() {
                switch report {
                case .mark(let number):
                    guard let spoken, let current, spoken.words.indices.contains(number) else { continue }
                    let heard = spoken.words[number]
                    word = heard
                    steps.append(.word(ReadingPosition(element: current.element, offset: heard.lowerBound)))
                case .finished(_, let failure):
                    waitingForVoice = false
                    if let failure { return steps + [.failure(failure), .end] }
                }
            }
            if waitingForVoice { return steps }
        }
        return steps + nextEvents()
    }

    /// The session's events up to and including the next utterance (or the end); with a voice,
    /// the first announcement among them or the utterance is being spoken when this returns.
    private mutating func nextEvents() -> [Step] {
        var steps: [Step] = []
        while let event = session.next() {
            let announcement: Announcement
            switch event {
            case .utterance(let utterance):
                current = utterance
                steps.append(.utterance(utterance))
                if let speech { speak(speech.markup(utterance), priority: nil) }
                return steps
            case .pageTurn(_, _, let text):
                announcement = Announcement(text, priority: .high)
            case .printPage(_, let label):
                announcement = Announcement("Page \(label)", priority: .high)
            case .heading:
                announcement = Announcement("Heading", priority: .low)
            case .customContent(_, let content):
                announcement = Announcement("\(content.label): \(content.value)", priority: .low)
            case .end:
                steps.append(.end)
                return steps
            }
            steps.append(.announcement(announcement))
            if speech != nil {
                // Heard before the text that follows it.
                speak(SpeechMarkup(announcement: announcement.text), priority: announcement.priority)
                return steps
            }
        }
        steps.append(.end)
        return steps
    }

    private mutating func speak(_ markup: SpeechMarkup, priority: AnnouncementPriority?) {
        guard let speech else { return }
        spoken = priority == nil ? markup : nil
        // The first word is the one about to be heard (while the engine gets ready).
        if priority == nil { word = markup.words.first }
        waitingForVoice = true
        speech.voice.speak(markup, priority: priority)
    }
}

import Dispatch

/// Read aloud: speaks a document from a place to its end through a ``SpeechEngine``, in the
/// order ``ReadingSession`` reads it, announcing page turns, headings, high-importance custom
/// content and print pages through an ``AnnouncementQueue`` (Readium's
/// `PublicationSpeechSynthesizer`).
///
/// - ``play(from:)-(ReadingPosition)`` starts; ``pause()`` cuts the speech off at the word being
///   spoken and ``resume()`` goes on from that word; ``stop()`` returns the locator of what was
///   heard (the word being spoken, or the end of the last utterance spoken whole), from which a
///   new reading goes on without skipping anything.
/// - ``skip(_:)`` goes to the next or previous utterance, ``skip(_:by:)`` by any granularity;
///   ``escape()`` leaves the table, list, note, quotation, sidebar or figure being read and goes
///   on after it. Content of the kinds in ``skipping`` is passed by (notes by default; with
///   ``ContentKind/pageBreak``, print pages are not announced).
/// - Every event is told to the observer as it is presented (``Event``): the utterances, the
///   announcements (each before the utterance it comes before; "Heading" after its heading's
///   text), the words as they are heard (marked `estimated` when the engine did not mark them,
///   see ``WordTiming``), each announcement's did-finish, spoken whole or cut off.
///
/// The default engine, ``SilentSpeechEngine``, speaks nothing: the observer is told the events
/// as fast as they are made (text or JSON Lines output).
///
/// `Sendable`: the player's state lives on a serial queue of its own, where the observer is
/// called; its methods may be called from any thread, the observer's included.
// Long because: one state machine confined to one queue; its private state is what every
// transition (play, pause, resume, stop, skip, engine reports, announcements) reads and writes.
public final class ReadAloudPlayer: @unchecked Sendable {
    public let document: Document
    /// The unit of each utterance (``TextGranularity/document`` reads by paragraph).
    public let granularity: TextGranularity
    /// The recorded narration played where it has some, instead of synthesized speech.
    public let narration: Narration?
    /// The kinds of content read-all passes by (see ``ContentKind``).
    public let skipping: Set<ContentKind>
    /// Where each utterance's pronunciations come from (ruby readings, a book's and a
    /// listener's lexicons), or `nil` for the text as written; with
    /// ``ContentKind/headingNumber`` in ``skipping``, headings' numbers are silent besides.
    public let pronunciations: (any PronunciationSource)?
    private let engine: any SpeechEngine
    private let observer: @Sendable (Event) -> Void
    private let queue = DispatchQueue(label: "readaloud.player")
    private let onQueueKey = DispatchSpecificKey<Bool>()
    private var announcementSink: EngineAnnouncementSink!
    private var announcements: AnnouncementQueue!

    // Everything below is used on `queue` only.
    private var mode = Mode.stopped
    private var session: ReadingSession?
    /// The events made but not yet presented, up to and including the next utterance; an
    /// utterance with where reading goes on once it has been spoken.
    private var pending: [(event: ReadingEvent, after: ReadingPosition?)] = []
    private var printPages: PrintPageCursor?
    /// The utterance being (or last) spoken, and where reading goes on after it.
    private var current: (utterance: Utterance, after: ReadingPosition)?
    /// The word of `current` last heard.
    private var word: Range<Int>?
    /// For narrated `current`: the time into its audio of the clip last heard, and when it
    /// began to be heard; with it, how far into the audio the listener is.
    private var clipHeard: (milliseconds: Int, at: ContinuousClock.Instant)?
    /// Where in the narrated `current`'s audio a resumed (or located) reading goes on from.
    private var audioResumeOffset = 0
    /// A locator's time into the narration at the position reading starts from, for the
    /// first utterance when it is narrated and starts there.
    private var startAudioOffset: (position: ReadingPosition, milliseconds: Int)?
    /// Where a new reading goes on from what was heard.
    private var heard: ReadingPosition
    /// What the engine is speaking now.
    private var speech: Speech?
    /// Whether `current` was cut off by a pause, to be spoken again from `word` on resuming.
    private var isInterrupted = false
    /// The number of the latest request to the engine; reports about others are stale.
    private var requestNumber = 0
    private var isAdvancing = false
    /// Whether the player is inside a call to the engine's `speak`: what the engine reports
    /// from there is handled at once (a silent engine's utterance is heard before the next
    /// call on the queue).
    private var isInsideSpeak = false
    private var speechSettings: SpeechSettings
    private var stopConditions = ReadingStops()
    private var sleepDeadline: ContinuousClock.Instant?
    /// Resumes asked for while an utterance was still being heard, pausing after each: each
    /// lets the next pause pass, so a resume is never lost to the race with the pause.
    private var resumesAhead = 0

    private enum Mode { case stopped, playing, paused }

    private enum Speech {
        /// An utterance: the request, the last word reported, and that word's time.
        case utterance(SpeechRequest, lastWord: Int, milliseconds: Int)
        /// An announcement, and the event it says.
        case announcement(Announcement, event: ReadingEvent)
    }

    /// A player for `document`, stopped until ``play(from:)-(ReadingPosition)``.
    ///
    /// - Parameters:
    ///   - document: the document to read.
    ///   - granularity: the unit of each utterance.
    ///   - engine: what speaks.
    ///   - settings: the voice, rate, pitch and volume (changeable later, ``settings``).
    ///   - narration: recorded narration (an EPUB's Media Overlays): each ``NarratedSpan`` is
    ///     one utterance whose request carries its audio (``SpeechRequest/audio``) for the
    ///     engine to play; the engine reports the clips as they are heard.
    ///   - skipping: the kinds of content to pass by; with ``ContentKind/pageBreak``, print
    ///     pages are not announced; with ``ContentKind/headingNumber``, headings' numbers are
    ///     not said.
    ///   - pronunciations: how the text is said where it is not as written (see
    ///     ``SpeechRequest/pronunciations``).
    ///   - observer: told every ``Event``, in order, on the player's queue.
    public init(
        document: Document, granularity: TextGranularity = .sentence,
        engine: any SpeechEngine = SilentSpeechEngine(), settings: SpeechSettings = SpeechSettings(),
        narration: Narration? = nil, skipping: Set<ContentKind> = ContentKind.skippedByDefault,
        pronunciations: (any PronunciationSource)? = nil, observer: @escaping @Sendable (Event) -> Void = { _ in }
    ) {
        self.document = document
        self.skipping = skipping
        self.pronunciations = pronunciations
        self.granularity = granularity == .document ? .paragraph : granularity
        self.narration = narration?.isEmpty == false ? narration : nil
        self.engine = engine
        self.observer = observer
        self.speechSettings = settings
        self.heard = document.startPosition
        queue.setSpecific(key: onQueueKey, value: true)
        announcementSink = EngineAnnouncementSink(engine: engine) { [weak self] reason in
            self?.perform { $0.fail(reason) }
        }
        announcements = AnnouncementQueue(sink: announcementSink) { [weak self] announcement, spokenWhole in
            self?.perform { $0.announcementDidFinish(announcement, spokenWhole: spokenWhole) }
        }
    }

    // MARK: Public API

    /// What the player is doing.
    public var state: State {
        onQueue {
            guard let utterance = shownUtterance else { return .stopped }
            switch mode {
            case .stopped: return .stopped
            case .playing: return .playing(utterance, word: word)
            case .paused: return .paused(utterance, word: word)
            }
        }
    }

    /// The voice, rate, pitch and volume: a change applies from the next utterance or
    /// announcement.
    public var settings: SpeechSettings {
        get { onQueue { speechSettings } }
        set { onQueue { speechSettings = newValue } }
    }

    /// When reading stops or pauses by itself (a chapter's end, a sleep timer counted from
    /// now, a pause after each utterance); a change applies from the next utterance.
    public var stops: ReadingStops {
        get { onQueue { stopConditions } }
        set {
            onQueue {
                stopConditions = newValue
                resumesAhead = 0
                sleepDeadline = newValue.sleepAfter.map { ContinuousClock.now + $0 }
                session?.endElement = newValue.endElement
            }
        }
    }

    /// Where a new reading would go on from what was heard: the start of the word being spoken,
    /// else the end of the last utterance spoken whole (or where reading started); in the
    /// middle of recorded narration, the narrated utterance's start with the time into its
    /// audio (``Locator/narrationOffset``).
    public var heardLocator: Locator {
        locator(of: onQueue { (heard, heardAudioOffset) })
    }

    /// Reads from `position`: from the start of the unit holding it.
    public func play(from position: ReadingPosition) {
        onQueue {
            startAudioOffset = nil
            begin(session(from: position))
        }
    }

    /// Reads from the place `locator` names in the document; in the middle of recorded
    /// narration when it has a ``Locator/narrationOffset``.
    ///
    /// - Throws: ``LocatorError`` when the locator does not fit the document.
    public func play(from locator: Locator) throws(LocatorError) {
        let position = try locator.resolve(in: document)
        onQueue {
            startAudioOffset = locator.narrationOffset.map { (position, $0) }
            begin(session(from: position))
        }
    }

    /// Reads from the first unit that starts on page `page` (from 1, clamped).
    public func play(page: Int) {
        onQueue {
            startAudioOffset = nil
            begin(
                ReadingSession(
                    document: document, granularity: granularity, page: page, narration: narration,
                    skipping: skipping))
        }
    }

    /// Pauses at once, cutting the speech off: ``resume()`` goes on from the word being spoken
    /// (an announcement cut off is said again).
    public func pause() {
        onQueue {
            guard mode == .playing else { return }
            mode = .paused
            cutOffSpeech(keepingAnnouncement: true)
        }
    }

    /// Goes on after ``pause()``: from the word being spoken when paused, or the start of the
    /// utterance when none was heard. Pausing after each utterance
    /// (``ReadingStops/pausesAfterEachUtterance``), a resume that comes while the utterance is
    /// still being heard lets the next pause pass, so it is not lost.
    public func resume() {
        onQueue {
            guard mode == .paused else {
                if mode == .playing, stopConditions.pausesAfterEachUtterance { resumesAhead += 1 }
                return
            }
            mode = .playing
            if isInterrupted, let current {
                isInterrupted = false
                speak(
                    current.utterance, from: word?.lowerBound ?? current.utterance.range.lowerBound,
                    audioFrom: audioResumeOffset)
            } else {
                advance()
            }
        }
    }

    /// Stops at once and returns the locator of what was heard (``heardLocator``).
    @discardableResult
    public func stop() -> Locator {
        let place: (ReadingPosition, Int?) = onQueue {
            cutOffSpeech(keepingAnnouncement: false)
            mode = .stopped
            session = nil
            pending = []
            return (heard, heardAudioOffset)
        }
        return locator(of: place)
    }

    /// Goes to the next (previous) utterance and reads from it; `false` at the edge of the
    /// document, where nothing changes.
    @discardableResult
    public func skip(_ direction: TextStorageDirection) -> Bool {
        onQueue {
            if direction == .forward, let current {
                return begin(from: current.after, ifBeyond: current.utterance.position)
            }
            return move(direction, by: granularity)
        }
    }

    /// Moves by one unit of `granularity` from the word being spoken (the utterance's start
    /// when none is) and reads from there; `false` at the edge of the document.
    @discardableResult
    public func skip(_ direction: TextStorageDirection, by granularity: TextGranularity) -> Bool {
        onQueue { move(direction, by: granularity) }
    }

    /// Leaves the innermost table, list, note, quotation, sidebar or figure that the utterance
    /// being spoken (else where reading would go on) is in, and reads from the first element
    /// after it (``Navigator/escape()``); a structure that runs to the document's end ends the
    /// reading.
    ///
    /// - Returns: the structure left, or `nil` (nothing changed) when there is none to leave.
    @discardableResult
    public func escape() -> ContentStructure? {
        onQueue {
            var navigator = Navigator(document: document, position: current?.utterance.position ?? heard)
            guard let structure = navigator.escape() else { return nil }
            startAudioOffset = nil
            begin(session(from: navigator.position))
            return structure
        }
    }

    // MARK: Reading

    private func session(from position: ReadingPosition) -> ReadingSession {
        let session = ReadingSession(
            document: document, granularity: granularity, from: position, narration: narration, skipping: skipping)
        session.endElement = stopConditions.endElement
        return session
    }

    /// The locator of `place`: a position and, in the middle of narration, the time into it.
    private func locator(of place: (position: ReadingPosition, audio: Int?)) -> Locator {
        var locator = Locator(position: place.position, in: document)
        locator.narrationOffset = place.audio
        return locator
    }

    /// How far into the narrated utterance being heard (or cut off) the listener is, in
    /// milliseconds; `nil` when no narration is being heard.
    private var heardAudioOffset: Int? {
        guard let current, current.utterance.narration != nil, heard == current.utterance.position else {
            return nil
        }
        if case .utterance(let request, _, _)? = speech, !request.audio.isEmpty {
            return audioHeardNow
        }
        return isInterrupted && audioResumeOffset > 0 ? audioResumeOffset : nil
    }

    /// The time into the audio being played now: the last clip's time plus the time since.
    private var audioHeardNow: Int? {
        guard let clipHeard else { return nil }
        return clipHeard.milliseconds + Int((ContinuousClock.now - clipHeard.at) / .milliseconds(1))
    }

    /// The utterance the state names: the one spoken, or the next, while an announcement before
    /// it is spoken.
    private var shownUtterance: Utterance? {
        if case .announcement = speech,
            case .utterance(let next)? = pending.first(where: { if case .utterance = $0.event { true } else { false } }
            )?
            .event
        {
            return next
        }
        return current?.utterance
            ?? pending.lazy.compactMap { item -> Utterance? in
                if case .utterance(let utterance) = item.event { utterance } else { nil }
            }.first
    }

    private func move(_ direction: TextStorageDirection, by granularity: TextGranularity) -> Bool {
        let from =
            word.map { ReadingPosition(element: current?.utterance.element ?? 0, offset: $0.lowerBound) }
            ?? current?.utterance.position ?? heard
        var navigator = Navigator(document: document, position: from)
        guard let unit = navigator.move(direction, by: granularity == .document ? .paragraph : granularity)
        else { return false }
        startAudioOffset = nil
        begin(session(from: ReadingPosition(element: unit.element, offset: unit.range.lowerBound)))
        return true
    }

    /// Reads from `position` when it is past `start`; `false` (nothing changed) otherwise.
    private func begin(from position: ReadingPosition, ifBeyond start: ReadingPosition) -> Bool {
        guard position > start, position < document.endPosition else { return false }
        startAudioOffset = nil
        begin(session(from: position))
        return true
    }

    private func begin(_ session: ReadingSession) {
        cutOffSpeech(keepingAnnouncement: false)
        self.session = session
        pending = []
        current = nil
        word = nil
        clipHeard = nil
        audioResumeOffset = 0
        isInterrupted = false
        heard = session.position
        printPages =
            skipping.contains(.pageBreak) ? nil : PrintPageCursor(document: document, from: session.position)
        mode = .playing
        advance()
    }

    /// Presents the next event, unless something is being spoken; goes on at once after an
    /// event that needs no speech, and after speech the engine finished at once (on the
    /// player's queue again, so that a pause or stop comes between two utterances).
    private func advance() {
        guard !isAdvancing else { return }
        isAdvancing = true
        defer { isAdvancing = false }
        while mode == .playing, speech == nil {
            if pending.isEmpty { makeEvents() }
            let (event, after) = pending.removeFirst()
            observer(.reading(event))
            switch event {
            case .utterance(let utterance):
                current = (utterance, after ?? heard)
                word = nil
                var audioOffset = 0
                if let start = startAudioOffset {
                    startAudioOffset = nil
                    if utterance.narration != nil, utterance.position == start.position {
                        audioOffset = start.milliseconds
                    }
                }
                speak(utterance, from: utterance.range.lowerBound, audioFrom: audioOffset)
                if speech == nil {
                    // Finished at once: go on in a later turn of the queue.
                    queue.async { [self] in advance() }
                    return
                }
            case .end:
                mode = .stopped
                heard = session?.position ?? document.endPosition
                session = nil
            case .pageTurn, .heading, .customContent, .printPage:
                announce(event)
            }
        }
    }

    /// Fills `pending` with the session's events up to and including the next utterance (its
    /// print pages just before it), or the end.
    private func makeEvents() {
        guard let reading = session else {
            pending.append((.end, nil))
            return
        }
        while let event = reading.next() {
            if case .utterance(let utterance) = event {
                for marker in printPages?.markers(passedReading: utterance) ?? [] {
                    pending.append((.printPage(element: marker.element, label: marker.label), nil))
                }
                pending.append((event, reading.position))
                return
            }
            pending.append((event, nil))
            if event == .end { return }
        }
        pending.append((.end, nil))
    }

    /// Asks the engine to speak `utterance` from `offset` (a word's start on resuming); a
    /// narrated utterance from `audioOffset` milliseconds into its audio.
    private func speak(_ utterance: Utterance, from offset: Int, audioFrom audioOffset: Int = 0) {
        let element = document.elements[utterance.element]
        let audio = utterance.narration?.audio ?? []
        let range =
            audio.isEmpty && utterance.range.contains(offset) ? offset..<utterance.range.upperBound : utterance.range
        let text =
            utterance.isLabel || range == utterance.range ? utterance.text : element.text.string(in: range) ?? ""
        let words =
            engine.wordTiming == .none || utterance.isLabel ? [] : Self.words(of: element, in: range)
        let request = SpeechRequest(
            text: text, range: range, words: words, element: utterance.element, language: utterance.language,
            event: .utterance(utterance), settings: speechSettings, audio: audio, audioOffset: audioOffset,
            pronunciations: audio.isEmpty ? pronunciations(of: utterance, in: range) : [])
        requestNumber += 1
        let number = requestNumber
        speech = .utterance(request, lastWord: -1, milliseconds: 0)
        clipHeard = nil
        audioResumeOffset = request.audioOffset
        if engine.wordTiming == .estimated, audio.isEmpty { scheduleEstimates(for: request, number: number) }
        isInsideSpeak = true
        defer { isInsideSpeak = false }
        engine.speak(request) { [weak self] report in
            self?.perform { $0.handle(report, of: number) }
        }
    }

    /// Times the words of `request` for an engine without word marks
    /// (``estimatedWordTimes(of:)``).
    private func scheduleEstimates(for request: SpeechRequest, number: Int) {
        for (index, milliseconds) in Self.estimatedWordTimes(of: request).enumerated() {
            queue.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { [weak self] in
                self?.handle(.word(index, milliseconds: milliseconds), of: number)
            }
        }
    }

    private func handle(_ report: SpeechEngineReport, of number: Int) {
        guard number == requestNumber, case .utterance(let request, let lastWord, let lastTime)? = speech,
            let current
        else { return }
        let estimatedByPlayer = engine.wordTiming == .estimated
        func hear(_ index: Int, _ milliseconds: Int, estimated: Bool) {
            let range = request.words[index]
            word = range
            heard = ReadingPosition(element: current.utterance.element, offset: range.lowerBound)
            speech = .utterance(request, lastWord: index, milliseconds: milliseconds)
            observer(.word(current.utterance, range: range, milliseconds: milliseconds, estimated: estimated))
        }
        switch report {
        case .word(let index, let milliseconds):
            // A word reported again, out of order or unknown is not a new word; one skipped is
            // reported with the next one reached.
            guard index > lastWord, index < request.words.count else { return }
            for skipped in (lastWord + 1)..<index { hear(skipped, milliseconds, estimated: true) }
            hear(index, milliseconds, estimated: estimatedByPlayer)
        case .clip(let index, let milliseconds):
            guard index >= 0, index < request.audio.count else { return }
            clipHeard = (milliseconds, ContinuousClock.now)
            heard = current.utterance.position
            observer(.clip(current.utterance, index: index, milliseconds: milliseconds))
        case .finished:
            // Recorded narration marks no words; synthesized speech (a narration's fallback
            // included) has its unmarked words heard by the end.
            if request.audio.isEmpty || lastWord >= 0 {
                for unheard in (lastWord + 1)..<request.words.count { hear(unheard, lastTime, estimated: true) }
            }
            speech = nil
            word = nil
            clipHeard = nil
            heard = current.after
            observer(.utteranceFinished(current.utterance))
            if let deadline = sleepDeadline, ContinuousClock.now >= deadline, endsSentence(current.utterance) {
                sleepDeadline = nil
                mode = .stopped
                session = nil
                pending = []
                observer(.sleepTimerEnded)
                return
            }
            if stopConditions.pausesAfterEachUtterance {
                if resumesAhead > 0 { resumesAhead -= 1 } else { mode = .paused }
            }
            advance()
        case .failed(let reason):
            fail(reason)
        }
    }

    private func announce(_ event: ReadingEvent) {
        let announcement = Self.announcement(for: event)
        speech = .announcement(announcement, event: event)
        announcementSink.prepare(event, priority: announcement.priority, settings: speechSettings)
        announcements.post(announcement)
    }

    private func announcementDidFinish(_ announcement: Announcement, spokenWhole: Bool) {
        observer(.announcementFinished(announcement, spokenWhole: spokenWhole))
        guard spokenWhole, case .announcement(let spoken, _)? = speech, spoken == announcement else { return }
        speech = nil
        advance()
    }

    /// Cuts off what is being spoken; a pause keeps an announcement cut off to say it again.
    private func cutOffSpeech(keepingAnnouncement: Bool) {
        switch speech {
        case .utterance(let request, _, _):
            if !request.audio.isEmpty { audioResumeOffset = audioHeardNow ?? request.audioOffset }
            clipHeard = nil
            requestNumber += 1
            if engine.stop(), let current {
                // Spoken whole as it was stopped: heard, and not to be said again.
                speech = nil
                word = nil
                heard = current.after
                observer(.utteranceFinished(current.utterance))
            } else {
                isInterrupted = true
            }
        case .announcement(_, let event):
            announcements.cancelAll()
            if keepingAnnouncement, !announcementSink.takeStopFoundFinished() { pending.insert((event, nil), at: 0) }
        case nil:
            break
        }
        speech = nil
    }

    private func fail(_ reason: String) {
        guard mode != .stopped else { return }
        cutOffSpeech(keepingAnnouncement: false)
        mode = .stopped
        session = nil
        pending = []
        observer(.failed(reason))
    }

    // MARK: The queue

    /// Runs `body` on the player's queue: at once when already on it (the observer), else
    /// waiting for it.
    private func onQueue<T>(_ body: () -> T) -> T {
        DispatchQueue.getSpecific(key: onQueueKey) == true ? body() : queue.sync(execute: body)
    }

    /// Runs `body` on the player's queue later (a report from an engine's thread, or from
    /// inside a call on the queue), never inside the caller's call.
    private func perform(_ body: @escaping @Sendable (ReadAloudPlayer) -> Void) {
        if DispatchQueue.getSpecific(key: onQueueKey) == true, !isAdvancing || isInsideSpeak {
            body(self)
        } else {
            queue.async { [self] in body(self) }
        }
    }
}

import CSpeechd
import Foundation
import Synchronization
import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// speech-dispatcher, the Linux desktop's speech service: speaks ``SpeechMarkup`` with the
/// user's synthesizer and settings, reports its marks (index marks), and applies announcement
/// priorities with its own priority classes.
///
/// libspeechd is loaded when first needed (see CSpeechd). One engine at a time per process (its
/// callbacks have no context); events arrive on libspeechd's thread and wait in a locked list.
public final class SpeechDispatcherEngine: SynthesisEngine {
    /// Something speech-dispatcher reported about a message.
    struct Event: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case begin, end, cancel, pause, resume
            /// An index mark: its name.
            case mark(String)
        }

        let message: Int
        let kind: Kind
        /// When it arrived.
        let time: ContinuousClock.Instant
    }

    public private(set) var failure: String?
    private let settings: SpeechSettings
    private var connection: UnsafeMutableRawPointer?
    /// The language the connection speaks now (`nil` before the first message).
    private var currentLanguage: String?

    /// Connects to speech-dispatcher.
    ///
    /// - Parameter autospawn: start the service when it is not running (libspeechd's
    ///   autospawn); otherwise only a running service is used.
    /// - Throws: ``SpeechEngineError`` saying why: libspeechd missing, or the service not answering.
    public init(settings: SpeechSettings, autospawn: Bool) throws(SpeechEngineError) {
        var error = [CChar](repeating: 0, count: 512)
        func reason() -> String {
            String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        // READALOUD_SPEECHD_LIBRARY names another libspeechd (a non-standard install).
        let library = ProcessInfo.processInfo.environment["READALOUD_SPEECHD_LIBRARY"]
        guard cspeechd_load(library, &error, Int32(error.count)) == 0 else {
            throw SpeechEngineError(
                .unavailable,
                "speech-dispatcher's library is not installed (\(reason())); install the Debian packages "
                    + "speech-dispatcher and speech-dispatcher-espeak-ng")
        }
        self.settings = settings
        connection = nil
        let box = Unmanaged.passUnretained(EventBox.shared).toOpaque()
        guard
            let connection = cspeechd_open(
                "readaloud", autospawn ? 1 : 0,
                { context, kind, message, mark in
                    let box = Unmanaged<EventBox>.fromOpaque(context!).takeUnretainedValue()
                    box.receive(kind, Int(message), mark.map { String(cString: $0) })
                }, box, &error, Int32(error.count))
        else {
            throw SpeechEngineError(.unavailable, "speech-dispatcher does not answer (\(reason()))")
        }
        self.connection = connection
        EventBox.shared.clear()
        // Rate: 175 words a minute is speech-dispatcher's 0; 80 and 450 its ends.
        let rate = settings.rate >= 175 ? (settings.rate - 175) * 100 / 275 : (settings.rate - 175) * 100 / 95
        cspeechd_set_rate(connection, Int32(rate))
        cspeechd_set_pitch(connection, Int32((settings.pitch - 50) * 2))
        cspeechd_set_volume(connection, Int32(settings.volume * 2 - 100))
    }

    deinit {
        cspeechd_close(connection)
    }

    /// speech-dispatcher's priority for an announcement (`nil`: text being read): high is
    /// `important` (never interrupted, interrupts the rest), default is `text` (interrupts and is
    /// interrupted by newer speech), low is `notification` (spoken only in silence, dropped when
    /// anything else comes).
    static func priority(_ priority: AnnouncementPriority?) -> Int32 {
        switch priority {
        case .high: Int32(CSPEECHD_IMPORTANT)
        case .default, nil: Int32(CSPEECHD_TEXT)
        case .low: Int32(CSPEECHD_NOTIFICATION)
        }
    }

    /// Chooses the voice for text in `language`: `--voice` for the book's language, else
    /// speech-dispatcher's voice for the language.
    private func selectLanguage(_ language: String?) {
        let code = SpeechSettings.languageCode(of: language ?? settings.language)
        guard code != currentLanguage, let connection else { return }
        currentLanguage = code
        cspeechd_set_language(connection, code)
        if settings.isBookLanguage(language), let voice = settings.voice {
            cspeechd_set_voice(connection, voice)
        }
    }

    /// Queues `markup` at `priority` without waiting; returns its message id, or `nil` when
    /// speech-dispatcher refuses it.
    func post(_ markup: SpeechMarkup, priority: AnnouncementPriority?) -> Int? {
        guard let connection else { return nil }
        selectLanguage(markup.language)
        let id = cspeechd_say(connection, Self.priority(priority), markup.ssml)
        return id >= 0 ? Int(id) : nil
    }

    /// Everything speech-dispatcher has reported since the engine connected, in order.
    var reportedEvents: [Event] { EventBox.shared.all }

    /// Stops the message being spoken and drops the queued ones, at once.
    func cancel() {
        if let connection { cspeechd_cancel(connection) }
    }

    public func speak(
        _ markup: SpeechMarkup, priority: AnnouncementPriority?, shouldStop: () -> Bool,
        onMark: (_ mark: Int, _ milliseconds: Int) -> Void
    ) -> Bool {
        var seen = EventBox.shared.count
        guard let message = post(markup, priority: priority) else { return false }
        var begin: ContinuousClock.Instant?
        var stopping = false
        // When the service last said something about the message.
        var heard = ContinuousClock.now
        while true {
            let fresh = EventBox.shared.events(from: seen)
            seen += fresh.count
            for event in fresh where event.message == message {
                heard = event.time
                switch event.kind {
                case .begin:
                    begin = event.time
                case .mark(let name):
                    guard !stopping, let number = Int(name.drop { !$0.isNumber }) else { continue }
                    let elapsed = begin.map { event.time - $0 } ?? .zero
                    let (seconds, attoseconds) = elapsed.components
                    onMark(number, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
                case .end:
                    return !stopping
                case .cancel:
                    return false
                case .pause, .resume:
                    break
                }
            }
            if !stopping, shouldStop() {
                stopping = true
                heard = .now
                cancel()
            }
            // Cancelled: the cancel event normally comes at once.
            if stopping, ContinuousClock.now - heard > .seconds(1) { return false }
            // A service silent about the message for 15 s (a word takes far less) is not
            // speaking it: its audio output is broken, or the connection lost.
            if ContinuousClock.now - heard > .seconds(15) {
                failure =
                    "speech-dispatcher took the text but is not speaking it (nothing for 15 s; is its audio "
                    + "output working? see its log, or speak through espeak-ng)"
                return false
            }
            usleep(2_000)
        }
    }
}

/// The events of the one open connection, filled on libspeechd's thread.
private final class EventBox: Sendable {
    static let shared = EventBox()
    private let list = Mutex<[SpeechDispatcherEngine.Event]>([])

    func receive(_ kind: Int32, _ message: Int, _ mark: String?) {
        let kind: SpeechDispatcherEngine.Event.Kind? =
            switch Int(kind) {
            case Int(CSPEECHD_BEGIN): .begin
            case Int(CSPEECHD_END): .end
            case Int(CSPEECHD_CANCEL): .cancel
            case Int(CSPEECHD_PAUSE): .pause
            case Int(CSPEECHD_RESUME): .resume
            case Int(CSPEECHD_INDEX_MARK): mark.map { .mark($0) }
            default: nil
            }
        guard let kind else { return }
        let event = SpeechDispatcherEngine.Event(message: message, kind: kind, time: .now)
        list.withLock { $0.append(event) }
    }

    func clear() { list.withLock { $0.removeAll() } }
    var all: [SpeechDispatcherEngine.Event] { list.withLock { $0 } }
    var count: Int { list.withLock { $0.count } }
    func events(from index: Int) -> [SpeechDispatcherEngine.Event] {
        list.withLock { Array($0[min(index, $0.count)...]) }
    }
}

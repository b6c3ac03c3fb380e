import TextNavigation

/// Why a speech engine could not be set up (``EspeakEngine``, ``SpeechDispatcherEngine``,
/// ``AudioPlayer``): a code to act on and a message that says what is missing and how to get it.
///
/// A struct with codes rather than an enum, so that codes can be added without breaking a
/// caller's `switch`.
public struct SpeechEngineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The engine, its data or the sound device is not there (a package to install, a
        /// service that does not answer).
        public static let unavailable = Code(rawValue: "unavailable")
        /// Speech cannot reach a sound device: no audio player, or no device (writing WAV files
        /// still works).
        public static let noSoundOutput = Code(rawValue: "noSoundOutput")
        /// A setting the engine refused: a voice it does not have, a rate or pitch out of range.
        public static let invalidSetting = Code(rawValue: "invalidSetting")

        public var description: String { rawValue }
    }

    public let code: Code
    /// What is wrong and what to do, in one line.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

import TextNavigation

/// A ``SpeechEngine`` that makes sound on a thread of its own, so that its sound may outlive a
/// ``SpeechEngine/stop()`` by a moment: ``stopAndWait()`` stops it and waits until the sound
/// device is let go of (before a process exits, so no sound outlives it).
public protocol SoundingSpeechEngine: SpeechEngine {
    /// Stops speaking and waits until the engine has let go of the audio.
    func stopAndWait()
}

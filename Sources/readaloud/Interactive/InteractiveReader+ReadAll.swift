import TextNavigation

extension InteractiveReader {
    // MARK: Read all

    func toggleReadAll() {
        let now = clock.now
        if player == nil {
            player = ReadAllPlayer(
                document: document, from: cursor.position, granularity: unit.readingGranularity, pace: settings.pace,
                speech: settings.speech, now: now)
            if let problem = settings.speechProblem { announce("No speech: \(problem)") }
        } else {
            player!.togglePause(now: now)
            announce(player!.state == .paused ? "Paused" : "Reading")
        }
    }

    /// Moves the highlight along when the next utterance is due; `true` when something changed.
    func advanceReading(at now: ContinuousClock.Instant) -> Bool {
        guard var player else { return false }
        let steps = player.advanceIfDue(at: now)
        self.player = player
        for step in steps {
            switch step {
            case .utterance(let utterance):
                cursor.move(to: utterance.position)
            case .word(let position):
                cursor.move(to: position)
            case .announcement(let announcement):
                announcements.post(announcement)
            case .failure(let failure):
                announce("Speech failed: \(failure)", priority: .high)
            case .end:
                stopReading()
                announce("End of reading")
            }
        }
        return !steps.isEmpty
    }
}

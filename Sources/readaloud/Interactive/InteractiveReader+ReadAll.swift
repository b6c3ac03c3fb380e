import TextNavigation

extension InteractiveReader {
    // MARK: Read all

    func toggleReadAll() {
        if player == nil {
            player = ReadAllPlayer(
                document: document, from: cursor.position, granularity: unit.readingGranularity, pace: settings.pace,
                speech: settings.speech, narration: settings.narration, transcript: settings.transcript)
            if let problem = settings.speechProblem { announce("No speech: \(problem)") }
        } else {
            player!.togglePause()
            announce(player!.isPaused ? "Paused" : "Reading")
        }
    }

    /// Moves the highlight along to what the player presented; `true` when something changed.
    func advanceReading() -> Bool {
        guard let player else { return false }
        let steps = player.takeSteps()
        for step in steps {
            switch step {
            case .utterance(let utterance):
                cursor.move(to: utterance.position)
            case .word(let utterance, let range):
                cursor.move(to: ReadingPosition(element: utterance.element, offset: range.lowerBound))
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

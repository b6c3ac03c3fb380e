import TextNavigation

extension InteractiveReader {
    // MARK: Read all

    func toggleReadAll() {
        if player == nil {
            player = ReadAllPlayer(
                document: document, from: cursor.position, granularity: unit.readingGranularity, pace: settings.pace,
                speech: settings.speech, narration: settings.narration, skipping: settings.skipping,
                pronunciations: settings.pronunciations,
                stops: readingStops, transcript: settings.transcript)
            if let problem = settings.speechProblem { announce("No speech: \(problem)") }
        } else {
            player!.togglePause()
            announce(player!.isPaused ? "Paused" : "Reading")
        }
    }

    /// Leaves the table, list, note, quotation, sidebar or figure at the cursor: reading all
    /// goes on after it; otherwise the cursor moves there. Says what was left, or that there
    /// is nothing to leave.
    func escapeStructure() {
        let left: ContentStructure?
        if let player {
            left = player.escape()
        } else {
            var navigator = Navigator(document: document, position: cursor.position)
            left = navigator.escape()
            if left != nil { cursor.move(to: navigator.position) }
        }
        if let left {
            announce("Left \(left.kind.spokenName)")
        } else {
            announce("Not in a table, list, note, quotation, sidebar or figure")
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
                announce(readingStops.endElement == nil ? "End of reading" : "End of the chapter")
            case .pausedAfterUtterance:
                break  // the status line says "(paused)"; Space goes on
            case .sleepTimerEnded:
                stopReading()
                sleepMinutes = nil
                announce("Sleep timer: stopped reading")
            }
        }
        return !steps.isEmpty
    }
}

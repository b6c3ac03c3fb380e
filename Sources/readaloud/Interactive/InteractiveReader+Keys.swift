import TextNavigation

extension InteractiveReader {
    // MARK: Keys

    /// Handles a key; returns an exit status when the reader should end.
    func handle(_ key: KeyPress) -> Int32? {
        if key == .resize {
            sink.dismiss()
            applyLayout()
            return nil
        }
        switch mode {
        case .reading:
            if key == .interrupt { return 130 }
            sink.dismiss()
            guard let command = KeyMap.command(for: key) else { return nil }
            return perform(command)
        case .help(let first):
            switch key {
            case .down: mode = .help(first: min(first + 1, max(0, KeyMap.helpLines.count - 1)))
            case .up: mode = .help(first: max(0, first - 1))
            default: mode = .reading
            }
        case .actions(var list, let madeSelection):
            switch list.handle(key) {
            case .stay: mode = .actions(list, madeSelection: madeSelection)
            case .cancel:
                mode = .reading
                if madeSelection { selection.clear() }
            case .choose(let entry):
                mode = .reading
                let succeeded = entry.action.handler(entry.range)
                var result = succeeded ? "\(entry.action.name): done" : "\(entry.action.name): failed"
                if let copied = clipboard.takeNewCopy(), terminal.setClipboard(copied) {
                    result += " (sent to the system clipboard)"
                }
                announce(result)
                if madeSelection { selection.clear() }
            }
        case .saved(var list):
            switch list.handle(key) {
            case .stay: mode = .saved(list)
            case .cancel: mode = .reading
            case .choose(let saved):
                mode = .reading
                jump(to: saved)
            }
        case .prompt(var prompt):
            switch prompt.handle(key) {
            case .stay: mode = .prompt(prompt)
            case .cancel: mode = .reading
            case .submit(let text):
                mode = .reading
                switch prompt.purpose {
                case .goToPage: goToPage(text)
                case .find: find(text)
                }
            }
        }
        return nil
    }

    /// Carries out a key's command in reading; returns an exit status when the reader should end.
    private func perform(_ command: KeyMap.Command) -> Int32? {
        switch command {
        case .readAll, .stop, .escapeStructure, .help, .quit, .highContrast, .largerText, .smallerText, .sleepTimer,
            .chapterEndStop, .pauseEachUnit:
            break
        default:
            // Any other key stops reading all, as VoiceOver's say-all stops on a key.
            stopReading()
        }
        switch command {
        case .nextUnit, .previousUnit, .nextLine, .previousLine, .lineStart, .lineEnd, .nextPage, .previousPage:
            moveCursor(command)
        case .rotorNext, .rotorPrevious:
            unit = unit.rotated(forward: command == .rotorNext)
            announce(unit.rawValue)
        case .readAll:
            toggleReadAll()
        case .escapeStructure:
            escapeStructure()
        case .nextChapter, .previousChapter:
            moveToChapter(forward: command == .nextChapter)
        case .sleepTimer:
            cycleSleepTimer()
        case .chapterEndStop:
            toggleChapterEndStop()
        case .pauseEachUnit:
            togglePauseEachUnit()
        case .stop:
            if player != nil {
                stopReading()
                announce("Stopped")
            } else if selection.selection != nil {
                selection.clear()
                announce("Selection cleared")
            }
        case .selectForward, .selectBackward:
            moveSelectionFocus(forward: command == .selectForward)
        case .actions:
            openActions()
        case .savedSelections:
            openSavedSelections()
        case .largerText, .smallerText, .highContrast:
            changeAppearance(command)
        case .goToPage:
            mode = .prompt(LinePrompt(.goToPage, label: "Go to page (1 to \(document.pageCount), or 0% to 100%): "))
        case .find:
            mode = .prompt(LinePrompt(.find, label: lastFind.isEmpty ? "Find: " : "Find (Enter: \(lastFind)): "))
        case .help:
            mode = .help(first: 0)
        case .quit:
            return 0
        }
        return nil
    }

    /// Carries out a command that moves the cursor: by the rotor's unit, a line, to a line's
    /// start or end, or a page.
    private func moveCursor(_ command: KeyMap.Command) {
        switch command {
        case .nextUnit, .previousUnit:
            move(edge: command == .nextUnit ? "End of book" : "Start of book") {
                $0.move(forward: command == .nextUnit, by: unit)
            }
        case .nextLine, .previousLine:
            move(edge: command == .nextLine ? "End of book" : "Start of book") {
                $0.move(forward: command == .nextLine, by: TextGranularity.line)
            }
        case .lineStart:
            move(edge: nil) { $0.moveToLineStart() }
        case .lineEnd:
            move(edge: nil) { $0.moveToLineEnd() }
        case .nextPage, .previousPage:
            let target = cursor.pageIndex + (command == .nextPage ? 1 : -1)
            if cursor.moveToPage(target) {
                announce(document.page(containing: cursor.position).announcement, priority: .high)
            } else {
                announce(command == .nextPage ? "Last page" : "First page")
            }
        default:
            break
        }
    }

    /// Carries out a command that changes how the page looks: the text size or high contrast.
    private func changeAppearance(_ command: KeyMap.Command) {
        if command == .highContrast {
            highContrast.toggle()
            applyLayout()
            announce(highContrast ? "High contrast on" : "High contrast off")
            return
        }
        let step = command == .largerText ? 1 : -1
        let index = textScaleIndex + step
        guard Self.textScales.indices.contains(index) else {
            announce(step > 0 ? "Largest text size" : "Smallest text size")
            return
        }
        textScaleIndex = index
        applyLayout()
        announce("Text size \(Int(Self.textScales[index] * 100))%")
    }

    /// Moves the cursor with `body`, announcing a page turn or a heading reached, or `edge`
    /// when it did not move.
    private func move(edge: String?, _ body: (inout ReaderCursor) -> Bool) {
        let before = cursor.position
        let page = cursor.pageIndex
        guard body(&cursor) else {
            if let edge { announce(edge) }
            return
        }
        announceArrival(from: before, page: page)
    }
}

import CAccessibilityBridge
import TextNavigation

extension AccessibleDocument {
    /// What ``watchInput(_:_:)`` calls back.
    final class InputHandler {
        let ready: (Int32) -> Bool
        init(_ ready: @escaping (Int32) -> Bool) { self.ready = ready }
    }

    /// Runs one iteration of the main loop: answers the screen reader's calls, fires input
    /// watches. Blocks until something happens when `blocking`. Returns whether anything did.
    @discardableResult
    public func iterate(blocking: Bool) -> Bool { ra_bridge_iterate(blocking) }

    /// Calls `ready` on the main loop whenever `fileDescriptor` has input (or is closed), until
    /// it returns false.
    public func watchInput(_ fileDescriptor: Int32, _ ready: @escaping (Int32) -> Bool) {
        let handler = InputHandler(ready)
        let context = Unmanaged.passUnretained(handler).toOpaque()
        let source = ra_bridge_watch_input(
            fileDescriptor,
            { context, fd in
                guard let context else { return false }
                return Unmanaged<InputHandler>.fromOpaque(context).takeUnretainedValue().ready(fd)
            }, context)
        inputHandlers[source] = handler
    }

    /// Handles a key as a text view does with a screen reader running: the screen reader's key
    /// snoopers see the press first, and a key one of them consumes (Orca's say-all) does
    /// nothing else; otherwise the caret moves (Up and Down by line, Left and Right by
    /// character, Control with them by word, Home and End to the line's edges, Page Up and Page
    /// Down by page, Control with Home and End to the book's edges). Returns whether the caret
    /// moved.
    @discardableResult
    public func handle(_ key: AccessibilityKeyEvent) -> Bool {
        let consumed = ra_bridge_key_event(true, key.keysym, key.name, key.keycode, key.modifiers)
        defer { _ = ra_bridge_key_event(false, key.keysym, key.name, key.keycode, key.modifiers) }
        guard !consumed, let target = caretTarget(for: key), target != caret else { return false }
        moveCaret(to: target)
        return true
    }

    /// Where `key` moves the caret, or `nil` for a key that does not.
    func caretTarget(for key: AccessibilityKeyEvent) -> ReadingPosition? {
        var moving = navigator
        let line = caretLine
        switch (key.name, key.hasControl) {
        case ("Down", _), ("Up", _):
            // From the start of the caret's line, to the start of the next (previous) line,
            // across element edges.
            if let line { moving.move(to: ReadingPosition(element: caret.element, offset: line.range.lowerBound)) }
            return moving.move(key.name == "Down" ? .forward : .backward, by: .line).map(start)
        case ("Right", false): return moving.move(.forward, by: .character).map(start)
        case ("Left", false): return moving.move(.backward, by: .character).map(start)
        case ("Right", true):
            if let word = navigator.currentUnit(.word), word.range.upperBound > caret.offset { return end(word) }
            return moving.move(.forward, by: .word).map(end)
        case ("Left", true): return moving.move(.backward, by: .word).map(start)
        case ("Home", false): return line.map { ReadingPosition(element: caret.element, offset: $0.range.lowerBound) }
        case ("End", false):
            return line.map { ReadingPosition(element: caret.element, offset: $0.trimmedRange.upperBound) }
        case ("Home", true): return document.startPosition
        case ("End", true): return document.endPosition
        case ("Next", _): return document.page(at: shownPage + 1)?.start
        case ("Prior", _): return document.page(at: shownPage - 1)?.start
        default: return nil
        }
    }

    /// The laid-out line of the caret's element that holds the caret (the last line that
    /// starts at or before it).
    private var caretLine: LineFragment? {
        guard document.elements.indices.contains(caret.element) else { return nil }
        return document.elements[caret.element].geometry.lines.last { $0.range.lowerBound <= caret.offset }
    }

    private func start(_ unit: NavigationUnit) -> ReadingPosition {
        ReadingPosition(element: unit.element, offset: unit.range.lowerBound)
    }

    private func end(_ unit: NavigationUnit) -> ReadingPosition {
        ReadingPosition(element: unit.element, offset: unit.range.upperBound)
    }
}

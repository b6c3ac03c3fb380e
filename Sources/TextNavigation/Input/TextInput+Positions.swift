import Foundation

/// The default positions and ranges of a ``TextInput``, built on its tokenizer (grapheme
/// clusters) and its geometry (lines and directions).
extension TextInput {
    /// The length of the text in UTF-16 code units.
    public var length: Int { geometry.storage.count }

    public var beginningOfDocument: TextPosition { TextPosition(offset: 0) }

    public var endOfDocument: TextPosition { TextPosition(offset: length) }

    public func text(in range: TextRange) -> String? {
        guard isInRange(range.start), isInRange(range.end) else { return nil }
        return geometry.storage.string(in: range.offsets)
    }

    /// The range between two positions, in either order; an end inside a grapheme cluster is
    /// widened to hold the whole cluster, and an empty range inside one is a caret at its
    /// start. `nil` when either position is out of range.
    public func textRange(from: TextPosition, to: TextPosition) -> TextRange? {
        guard isInRange(from), isInRange(to) else { return nil }
        let range = TextRange(from, to)
        guard let start = boundary(atOrBefore: range.start),
            let end = range.isEmpty ? start : boundary(atOrAfter: range.end)
        else { return nil }
        return TextRange(start, end)
    }

    /// - Complexity: O(|offset|) steps of the tokenizer.
    public func position(from position: TextPosition, offset: Int) -> TextPosition? {
        guard var current = boundary(atOrBefore: position) else { return nil }
        let direction: TextDirection = offset >= 0 ? .forward : .backward
        for _ in 0..<offset.magnitude {
            guard
                let next = tokenizer.position(
                    from: current, toBoundary: .character, inDirection: direction)
            else { return nil }
            current = next
        }
        return current
    }

    public func position(
        from position: TextPosition, in direction: TextDirection, offset: Int
    ) -> TextPosition? {
        // |Int.min| steps leave any text, and negating it would overflow.
        guard offset != .min else { return nil }
        let direction = geometry.writingMode.lineRelative(direction)
        switch direction {
        case .storage(.forward):
            return self.position(from: position, offset: offset)
        case .storage(.backward):
            return self.position(from: position, offset: -offset)
        case .layout(.left), .layout(.right):
            guard let writing = baseWritingDirection(for: position, in: .forward) else { return nil }
            let storage = direction.storageDirection(in: writing)
            return self.position(from: position, offset: storage == .forward ? offset : -offset)
        case .layout(.up):
            return verticalPosition(from: position, lines: -offset)
        case .layout(.down):
            return verticalPosition(from: position, lines: offset)
        }
    }

    public func compare(_ position: TextPosition, to other: TextPosition) -> ComparisonResult? {
        guard isInRange(position), isInRange(other) else { return nil }
        if position.offset == other.offset { return .orderedSame }
        return position.offset < other.offset ? .orderedAscending : .orderedDescending
    }

    /// - Complexity: O(k) steps of the tokenizer for k clusters between the positions.
    public func offset(from: TextPosition, to: TextPosition) -> Int? {
        guard let start = boundary(atOrBefore: from), let end = boundary(atOrBefore: to) else {
            return nil
        }
        let (low, high, sign) = start.offset <= end.offset ? (start, end, 1) : (end, start, -1)
        var count = 0
        var current = low
        while current.offset < high.offset {
            guard
                let next = tokenizer.position(
                    from: current, toBoundary: .character, inDirection: .forward)
            else { break }
            current = next
            count += 1
        }
        return sign * count
    }

    public func position(within range: TextRange, farthestIn direction: TextDirection)
        -> TextPosition?
    {
        guard isInRange(range.start), isInRange(range.end) else { return nil }
        let storage: TextStorageDirection
        let direction = geometry.writingMode.lineRelative(direction)
        switch direction {
        case .layout(.up): storage = .backward
        case .layout(.down): storage = .forward
        default:
            guard let writing = baseWritingDirection(for: range.start, in: .forward) else {
                return nil
            }
            storage = direction.storageDirection(in: writing)
        }
        return storage == .forward ? boundary(atOrAfter: range.end) : boundary(atOrBefore: range.start)
    }

    public func characterRange(byExtending position: TextPosition, in direction: TextDirection)
        -> TextRange?
    {
        guard let position = boundary(atOrBefore: position) else { return nil }
        let direction = geometry.writingMode.lineRelative(direction)
        switch direction {
        case .layout(.up):
            return TextRange(beginningOfDocument, position)
        case .layout(.down):
            return TextRange(position, endOfDocument)
        default:
            let lines = geometry.lines
            guard let index = geometry.lineNumber(for: position),
                let writing = baseWritingDirection(for: position, in: .forward)
            else { return nil }
            let line = lines[index]
            if direction.storageDirection(in: writing) == .backward {
                return TextRange(TextPosition(offset: line.range.lowerBound), position)
            }
            let isSoftEnd = !line.endsWithHardBreak && index < lines.count - 1
            let end = TextPosition(
                offset: line.contentRange.upperBound, affinity: isSoftEnd ? .upstream : .downstream)
            return TextRange(position, max(end, position))
        }
    }

    public func baseWritingDirection(
        for position: TextPosition, in direction: TextStorageDirection
    ) -> WritingDirection? {
        geometry.baseWritingDirection(at: position, in: direction)
    }

    // MARK: Helpers

    /// Whether `position` lies in `0...length`.
    func isInRange(_ position: TextPosition) -> Bool {
        position.offset >= 0 && position.offset <= length
    }

    /// `position`, or the start of the grapheme cluster it falls inside; `nil` out of range.
    func boundary(atOrBefore position: TextPosition) -> TextPosition? {
        guard isInRange(position) else { return nil }
        if tokenizer.isPosition(position, atBoundary: .character, inDirection: .forward) {
            return position
        }
        return tokenizer.position(from: position, toBoundary: .character, inDirection: .backward)
    }

    /// `position`, or the end of the grapheme cluster it falls inside; `nil` out of range.
    func boundary(atOrAfter position: TextPosition) -> TextPosition? {
        guard isInRange(position) else { return nil }
        if tokenizer.isPosition(position, atBoundary: .character, inDirection: .forward) {
            return position
        }
        return tokenizer.position(from: position, toBoundary: .character, inDirection: .forward)
    }

    /// The position `lines` lines below `position` (above, when negative) nearest to its
    /// caret's x; `nil` past the first or last line. In vertical text: `lines` columns on
    /// (back, when negative), nearest to its caret's y.
    private func verticalPosition(from position: TextPosition, lines delta: Int) -> TextPosition? {
        guard let position = boundary(atOrBefore: position),
            let caret = geometry.caretRect(for: position),
            let index = geometry.lineNumber(for: position)
        else { return nil }
        if delta == 0 { return position }
        let (targetIndex, overflow) = index.addingReportingOverflow(delta)
        guard !overflow, let target = geometry.line(at: targetIndex) else { return nil }
        if geometry.writingMode.isVertical {
            return geometry.closestPosition(to: Point(x: target.rect.midX, y: caret.midY))
        }
        return geometry.closestPosition(to: Point(x: caret.midX, y: target.rect.midY))
    }
}

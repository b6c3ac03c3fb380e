/// UITextInputTokenizer's four queries, answered from the cached units.
extension StringTokenizer {
    /// The storage direction `direction` means at `offset` (layout directions follow the
    /// writing direction of the paragraph there).
    func storageDirection(_ direction: TextDirection, at offset: Int) -> TextStorageDirection {
        if case .storage(let storageDirection) = direction { return storageDirection }
        return direction.storageDirection(in: writingDirection(at: offset))
    }

    private func isInRange(_ position: TextPosition) -> Bool {
        position.offset >= 0 && position.offset <= length
    }

    public func rangeEnclosingPosition(
        _ position: TextPosition, with granularity: TextGranularity, inDirection direction: TextDirection
    ) -> TextRange? {
        guard isInRange(position) else { return nil }
        let storageDirection = storageDirection(direction, at: position.offset)
        switch granularity {
        case .document:
            return TextRange(0..<length)
        case .character:
            return characterRange(enclosing: position.offset, storageDirection)
        case .word, .sentence, .paragraph, .line:
            return withUnits(granularity) {
                $0.range(enclosing: position, storageDirection, usesAffinity: granularity == .line)
            }
        }
    }

    public func isPosition(
        _ position: TextPosition, atBoundary granularity: TextGranularity, inDirection direction: TextDirection
    ) -> Bool {
        guard isInRange(position) else { return false }
        let storageDirection = storageDirection(direction, at: position.offset)
        switch granularity {
        case .document:
            return position.offset == (storageDirection == .forward ? length : 0)
        case .character:
            return isCharacterBoundary(position.offset)
        case .word, .sentence, .paragraph, .line:
            return withUnits(granularity) {
                $0.isBoundary(position, storageDirection, usesAffinity: granularity == .line)
            }
        }
    }

    public func position(
        from position: TextPosition, toBoundary granularity: TextGranularity, inDirection direction: TextDirection
    ) -> TextPosition? {
        guard isInRange(position) else { return nil }
        let storageDirection = storageDirection(direction, at: position.offset)
        switch granularity {
        case .document:
            switch storageDirection {
            case .forward: return position.offset < length ? TextPosition(offset: length) : nil
            case .backward: return position.offset > 0 ? TextPosition(offset: 0) : nil
            }
        case .character:
            let next =
                storageDirection == .forward
                ? characterBoundary(after: position.offset) : characterBoundary(before: position.offset)
            return next.map { TextPosition(offset: $0) }
        case .word, .sentence, .paragraph, .line:
            return withUnits(granularity) {
                $0.boundary(from: position, storageDirection, usesAffinity: granularity == .line)
            }
        }
    }

    public func isPosition(
        _ position: TextPosition, withinTextUnit granularity: TextGranularity, inDirection direction: TextDirection
    ) -> Bool {
        guard isInRange(position) else { return false }
        switch granularity {
        case .document, .character:
            return true
        case .word, .sentence, .paragraph, .line:
            let storageDirection = storageDirection(direction, at: position.offset)
            return withUnits(granularity) {
                $0.isWithin(position, storageDirection, usesAffinity: granularity == .line)
            }
        }
    }

    /// The cluster holding `offset` in `direction`; at the text's ends, the one cluster there
    /// is; in empty text, the empty range (as for the document: a position is always within a
    /// character, so the enclosing range is never `nil` in range).
    private func characterRange(enclosing offset: Int, _ direction: TextStorageDirection) -> TextRange? {
        guard length > 0 else { return TextRange(0..<0) }
        let forward = direction == .forward ? offset < length : offset == 0
        if forward {
            let start = isCharacterBoundary(offset) ? offset : (characterBoundary(before: offset) ?? 0)
            return TextRange(start..<(characterBoundary(after: offset) ?? length))
        }
        let end = isCharacterBoundary(offset) ? offset : (characterBoundary(after: offset) ?? length)
        return TextRange((characterBoundary(before: offset) ?? 0)..<end)
    }
}

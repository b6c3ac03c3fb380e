/// UITextInputTokenizer's queries over units with gaps (word, sentence, paragraph, line).
///
/// When `usesAffinity` is set (line units), a position at an offset where one unit ends and
/// the next begins belongs to one of them only: upstream to the earlier unit (the end of the
/// upper line), downstream to the later one (the start of the lower line). Ends returned for
/// such units are upstream, starts downstream.
extension TextUnits {
    /// Whether unit `index - 1` ends where unit `index` starts.
    private func meetsPrevious(_ index: Int) -> Bool {
        index > 0 && index < count && end(index - 1) == start(index)
    }

    /// The unit holding `position` in `direction`, honouring affinity where units meet.
    func index(holding position: TextPosition, _ direction: TextStorageDirection, usesAffinity: Bool) -> Int? {
        guard let index = index(containing: position.offset, direction) else { return nil }
        if usesAffinity {
            switch direction {
            case .forward:
                if position.affinity == .upstream, start(index) == position.offset, meetsPrevious(index) {
                    return nil
                }
            case .backward:
                if position.affinity == .downstream, end(index) == position.offset, meetsPrevious(index + 1) {
                    return nil
                }
            }
        }
        return index
    }

    func isWithin(_ position: TextPosition, _ direction: TextStorageDirection, usesAffinity: Bool) -> Bool {
        index(holding: position, direction, usesAffinity: usesAffinity) != nil
    }

    func range(
        enclosing position: TextPosition, _ direction: TextStorageDirection, usesAffinity: Bool
    ) -> TextRange? {
        index(holding: position, direction, usesAffinity: usesAffinity).map { unitRange($0, usesAffinity) }
    }

    func isBoundary(_ position: TextPosition, _ direction: TextStorageDirection, usesAffinity: Bool) -> Bool {
        let offset = position.offset
        switch direction {
        case .forward:
            guard isEnd(offset) else { return false }
            if usesAffinity, position.affinity == .downstream, isStart(offset) { return false }
            return true
        case .backward:
            guard isStart(offset) else { return false }
            if usesAffinity, position.affinity == .upstream, isEnd(offset) { return false }
            return true
        }
    }

    func boundary(
        from position: TextPosition, _ direction: TextStorageDirection, usesAffinity: Bool
    ) -> TextPosition? {
        let offset = position.offset
        switch direction {
        case .forward:
            if let index = index(holding: position, .forward, usesAffinity: usesAffinity) {
                return end(index, usesAffinity)
            }
            // The next unit starting at or after the position (at it only when the position is
            // the upstream end of the unit before, which `index(holding:)` did not count).
            let next = firstIndex(endingAfter: offset)
            return next < count ? TextPosition(offset: start(next)) : nil
        case .backward:
            if let index = index(holding: position, .backward, usesAffinity: usesAffinity) {
                return TextPosition(offset: start(index))
            }
            let previous = firstIndex(endingAtOrAfter: offset)
            let candidate = previous < count && end(previous) == offset ? previous : previous - 1
            return candidate >= 0 ? end(candidate, usesAffinity) : nil
        }
    }

    private func end(_ index: Int, _ usesAffinity: Bool) -> TextPosition {
        TextPosition(
            offset: end(index), affinity: usesAffinity && meetsPrevious(index + 1) ? .upstream : .downstream)
    }

    private func unitRange(_ index: Int, _ usesAffinity: Bool) -> TextRange {
        TextRange(TextPosition(offset: start(index)), end(index, usesAffinity))
    }
}

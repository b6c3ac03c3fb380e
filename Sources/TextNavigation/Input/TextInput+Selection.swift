extension TextInput {
    /// Stores a new selection the way every ``TextInput/selectedTextRange`` setter should:
    /// a range outside the text is ignored, ends inside grapheme clusters are widened to whole
    /// clusters, and the delegate hears before and after a real change only.
    ///
    /// - Parameters:
    ///   - newValue: the selection asked for (`nil` for none).
    ///   - current: the selection now.
    ///   - store: writes the selection to the conformer's storage.
    func changeSelection(to newValue: TextRange?, from current: TextRange?, store: (TextRange?) -> Void) {
        var range = newValue
        if let newValue {
            guard let valid = textRange(from: newValue.start, to: newValue.end) else { return }
            range = valid
        }
        guard range != current else { return }
        inputDelegate?.selectionWillChange(self)
        store(range)
        inputDelegate?.selectionDidChange(self)
    }
}

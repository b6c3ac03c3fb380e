/// What layers above the tokenizer ask of its unit rules without asking for a granularity's
/// units: hard line breaks (a layout that cannot break lines) and trimming white space (reading
/// a unit aloud).
extension StringTokenizer {
    /// The line units of `storage` when no layout gives lines: the text between hard line breaks
    /// (paragraph breaks and U+2028), separators and empty lines left out, as a tokenizer without
    /// a ``LineUnitSource`` finds them.
    ///
    /// - Complexity: O(n).
    static func hardLineUnits(of storage: TextStorage) -> TextUnits {
        UnitBuilder.hardBreakUnits(of: storage, includeLineSeparator: true)
    }

    /// `range` of the text without the white space at either end, empty when it is all white
    /// space: what a sentence unit leaves out of ICU's sentence. An end never falls inside a
    /// grapheme cluster (a space that carries a combining mark stays).
    ///
    /// - Complexity: O(k) in the white space trimmed.
    func rangeTrimmingWhiteSpace(_ range: Range<Int>) -> Range<Int> {
        let clamped = range.clamped(to: 0..<length)
        return storage.withUTF16 { UnitBuilder.trimmed(clamped, $0) { self.isCharacterBoundary($0) } }
    }
}

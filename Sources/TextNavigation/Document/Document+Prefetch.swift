extension Document {
    /// How many UTF-16 units of text a reader going through the document in order prepares at
    /// a time, at most (``ReadingSession`` starts with a few thousand, so that the first
    /// utterance does not wait, and doubles up to this): about 32 KB of text, enough that a
    /// run's fixed cost is lost in it (callgrind, a 2 MB English book read by word: 2.632 G
    /// instructions, 2.631 G at four times this), and little, for the units prepared ahead and
    /// the elements holding them (the document keeps twice this of the elements handed out
    /// last) are most of a read-all's memory beyond the book's text.
    package static let preparationBudget = 16_384

    /// Computes and caches the word or sentence units of the elements in `range` (clamped to
    /// the document), so that later queries of those elements' tokenizers find them cached.
    ///
    /// Elements that are paragraphs of one `PlainTextBook` (one locale, texts one paragraph
    /// separator apart in the book's buffer) are tokenized together, one pass (a scan or ICU's)
    /// over each run of them rather than one per element; other elements (a reader backend's, each with its
    /// own storage) one by one, as their tokenizers would on first use. The units are the same
    /// either way. Elements whose units are cached already are skipped; other granularities are
    /// left alone (character units are not cached, and line units come from the layout).
    ///
    /// - Complexity: O(n) in the total length of the elements' texts.
    package func prepareUnits(_ granularity: TextGranularity, elements range: Range<Int>) {
        guard granularity == .word || granularity == .sentence else { return }
        let clamped = range.clamped(to: 0..<elements.count)
        guard !clamped.isEmpty else { return }
        StringTokenizer.prepareUnits(granularity, of: elements.tokenizers(in: clamped))
    }

    /// Computes and caches the word or sentence units of the elements from `start` on, up to
    /// about `budget` UTF-16 units of text, each element weighing 512 units more than its text
    /// (at least one element), as ``prepareUnits(_:elements:)`` does: how a reader going through
    /// the document in order prepares the next stretch of it.
    ///
    /// - Returns: the index after the last element prepared (`start` when it is past the end).
    /// - Complexity: O(n) in the length of the elements prepared.
    @discardableResult
    package func prepareUnitsAhead(_ granularity: TextGranularity, from start: Int, budget: Int) -> Int {
        guard start >= 0, start < elements.count else { return max(start, 0) }
        // Weighed as the factory weighs recent elements, so that those prepared stay made.
        let run = elementRun(from: start, budget: budget)
        prepareUnits(granularity, elements: run)
        return run.upperBound
    }
}

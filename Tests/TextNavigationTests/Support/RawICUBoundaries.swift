@testable import TextNavigation

/// The boundaries ICU's `kind` iterator for `locale` finds in the line's text, 0 included:
/// the raw view the tokenizer's units are built from.
func rawBoundaries(_ kind: ICU.BreakKind, locale: String, _ testCase: BreakTestCase) throws -> [Int] {
    try rawBoundaries(kind, locale: locale, TextStorage(testCase.text))
}

/// The boundaries ICU's `kind` iterator for `locale` finds in `storage`, 0 and the end
/// included, walked with `ubrk_first` and `ubrk_next` (not through the tokenizer).
func rawBoundaries(_ kind: ICU.BreakKind, locale: String, _ storage: TextStorage) throws -> [Int] {
    let iterator = try ICU.BreakIterator.make(kind: kind, locale: locale)
    try iterator.setText(storage)
    var boundaries = [iterator.first()]
    while boundaries.count <= storage.count + 1 {
        let next = iterator.next()
        if next == ICU.BreakIterator.done { break }
        boundaries.append(next)
    }
    return boundaries
}

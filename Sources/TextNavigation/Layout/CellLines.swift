/// The lines of a text laid out in terminal cells (``CellMetrics`` at text scale 1), given one
/// by one as they are found, without laying the text out or keeping them: a long paragraph at
/// width 1 has a line a character, and a ``TextLayout`` keeps frames, rects and runs for each.
///
/// The lines are the tokenizer's line units at that width (``TextLayout/lineUnits``: each
/// line without its hard break, empty lines between two hard breaks left out).
public enum CellLines {
    /// Calls `body` with each line of `text` laid out `width` cells wide with `locale`'s line
    /// break rules, in order: the line without its hard break (`line`) and without the white
    /// space hanging past its end (`trimmed`, as ``LineFragment/trimmedRange``).
    ///
    /// - Throws: ``LocaleError`` when `locale` is not a valid locale id, or ICU cannot open a line
    ///   break iterator for it.
    /// - Complexity: O(n) in the text's length; keeps a few thousand lines at a time.
    public static func forEach(
        in text: TextStorage, locale: String, width: Double,
        _ body: (_ line: Range<Int>, _ trimmed: Range<Int>) -> Void
    ) throws(LocaleError) {
        let canonical: String
        do { canonical = try ICU.Locale.canonical(locale) } catch { throw LocaleError(locale: locale, error) }
        var clusters: CharacterBoundaries?
        do throws(ICUError) {
            try LineBreaker(storage: text, locale: canonical, width: width).forEachBatch(of: 4_096) { lines in
                for index in 0..<lines.count {
                    let line = lines[index]
                    var end = line.upperBound
                    // A cluster hangs only if its last unit is white space: most lines end without a look-up.
                    while end > line.lowerBound, TextShaping.hangs((end - 1)..<end, text) {
                        if clusters == nil { clusters = CharacterBoundaries(storage: text, locale: canonical) }
                        let start = max(clusters!.boundary(before: end) ?? line.lowerBound, line.lowerBound)
                        guard TextShaping.hangs(start..<end, text) else { break }
                        end = start
                    }
                    body(line, line.lowerBound..<end)
                }
            }
        } catch {
            throw LocaleError(locale: locale, error)
        }
    }
}

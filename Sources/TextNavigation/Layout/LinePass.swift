/// The line units of many texts laid out in terminal cells at text scale 1, at one width, found
/// one after another by one task (a run of a book's paragraphs, for pagination): for each text
/// what ``LiveLayout/lineUnits(of:locale:width:)`` finds, without paying again for every text
/// what needs paying once. A locale's canonical ICU id is looked up once, and its line break
/// iterator taken from the pool once and pointed at each text in turn, rather than borrowed and
/// given back for each: so tasks paginating on every core take no lock they share (the
/// canonical ids' and the pools') from one text to the next.
///
/// Not `Sendable`: one task's, for the time of ``with(width:_:)``.
struct LinePass {
    /// The width lines are fitted to, in cells.
    let width: Double
    /// The locales asked for, by name: the canonical ICU id (`nil` when the name is invalid) and
    /// the iterator taken for it (`nil` when none could be made).
    private var locales: [String: (canonical: String?, iterator: ICU.BreakIterator?)] = [:]
    /// The last entry of `locales` used, at hand (a book's paragraphs share one locale).
    private var last: (name: String, canonical: String?, iterator: ICU.BreakIterator?)?
    /// The iterators taken, with their pools, to give back at the end of the pass.
    private var taken: [(pool: ICU.BreakIterator.Pool, iterator: ICU.BreakIterator)] = []

    private init(width: Double) { self.width = width }

    /// Calls `body` with a pass at `width` cells, giving its iterators back to their pools after.
    static func with<Result>(width: Double, _ body: (inout LinePass) -> Result) -> Result {
        var pass = LinePass(width: width)
        defer {
            for (pool, iterator) in pass.taken { pool.giveBack(iterator) }
        }
        return body(&pass)
    }

    /// The line units of `storage` in the locale `locale` (a BCP-47 tag or ICU id), as
    /// ``LiveLayout/lineUnits(of:locale:width:)`` finds them at the pass's width.
    ///
    /// - Complexity: O(n) in the text's length.
    mutating func lineUnits(of storage: TextStorage, locale: String) -> TextUnits {
        if last?.name != locale {
            let found = locales[locale] ?? prepare(locale)
            last = (locale, found.canonical, found.iterator)
        }
        return Self.lineUnits(of: storage, canonicalLocale: last!.canonical, width: width, iterator: last!.iterator)
    }

    /// The canonical id of `locale` and an iterator of its line rules, taken for the pass.
    private mutating func prepare(_ locale: String) -> (canonical: String?, iterator: ICU.BreakIterator?) {
        let canonical = try? ICU.Locale.canonical(locale)
        var iterator: ICU.BreakIterator?
        if let canonical {
            let pool = ICU.BreakIterator.pool(kind: .line, locale: canonical)
            iterator = try? pool.take()
            if let iterator { taken.append((pool, iterator)) }
        }
        locales[locale] = (canonical, iterator)
        return (canonical, iterator)
    }

    /// The line units of `storage` at `width` cells in the canonical ICU locale
    /// `canonicalLocale`, with `iterator` (of that locale's line rules) when given, else one
    /// borrowed: the line breaker's, or only the hard line breaks when the locale is invalid
    /// (`nil`) or ICU fails.
    static func lineUnits(
        of storage: TextStorage, canonicalLocale: String?, width: Double, iterator: ICU.BreakIterator?
    ) -> TextUnits {
        if let canonicalLocale {
            var breaker = LineBreaker(storage: storage, locale: canonicalLocale, width: width)
            breaker.iterator = iterator
            if let units = try? breaker.lineUnits() { return units }
        }
        return StringTokenizer.hardLineUnits(of: storage)
    }
}

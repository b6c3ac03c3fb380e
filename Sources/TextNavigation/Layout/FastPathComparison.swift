/// Boundaries found by the Swift scans (``FastPaths/all``) and by ICU alone (no scan), compared
/// over texts at every granularity the scans decide: characters, words, sentences, and lines at
/// a few widths. Verifying the scans on a new ICU is running this over the corpus
/// (`scripts/verify-icu.sh`) and adding its major version to
/// ``FastPaths/verifiedICUMajorVersions`` when nothing disagrees.
///
/// Both sides are computed here, whatever ``FastPaths/running`` says, by the code the tokenizer
/// and the line breaker run: ``CharacterBoundaries``, ``UnitBuilder`` and ``LineBreaker``, with
/// their scans on and off.
///
/// Not `Sendable`: a tally filled by one task.
package struct FastPathComparison {
    /// One text at one granularity where the two sides' units differ.
    package struct Disagreement: Sendable, CustomStringConvertible {
        /// The text, as the caller named it (a book and a paragraph).
        package let text: String
        /// The granularity, such as `word` or `line at 20 cells`.
        package let granularity: String
        /// The UTF-16 offset in the text where the units first differ.
        package let offset: Int
        /// The first differing unit of each side (`nil` when that side has no more units).
        package let scanned: Range<Int>?
        package let icu: Range<Int>?
        /// The text around ``offset``, with `⟨⟩` at the offset.
        package let context: String

        package var description: String {
            "\(text): \(granularity) at offset \(offset): scans \(Self.show(scanned)), ICU \(Self.show(icu)): "
                + "…\(context)…"
        }

        private static func show(_ range: Range<Int>?) -> String {
            range.map { "\($0.lowerBound)..<\($0.upperBound)" } ?? "none"
        }
    }

    /// The widths, in cells, lines are compared at.
    package let widths: [Double]
    /// How many units were compared, by granularity (the side of the scans counted).
    package private(set) var comparedUnits: [String: Int] = [:]
    /// How many texts were compared.
    package private(set) var comparedTexts = 0
    /// How many of them the word scan (``SimpleWords``) and the sentence scan
    /// (``SimpleSentences``) took, so that a scan that takes nothing cannot pass unseen.
    package private(set) var scannedTexts: (words: Int, sentences: Int) = (0, 0)
    /// Every disagreement found, in the order found.
    package private(set) var disagreements: [Disagreement] = []

    /// An empty tally comparing lines at `widths` cells.
    package init(widths: [Double] = [20, 72]) {
        self.widths = widths
    }

    /// The granularities compared, in the order reported: `character`, `word`, `sentence`, then
    /// `line at W cells` for each width.
    package var granularities: [String] {
        ["character", "word", "sentence"] + widths.map { "line at \(Self.cells($0)) cells" }
    }

    /// Compares the two sides over `text` in `locale` (a BCP-47 tag or ICU locale id), naming
    /// it `name` in any disagreement.
    ///
    /// - Throws: ``ICUError`` when ICU rejects the locale or cannot open an iterator.
    /// - Complexity: O(n) per granularity, ICU's side one ICU call per boundary.
    package mutating func compare(_ text: TextStorage, locale: String, name: String) throws(ICUError) {
        let shared = try TokenizerLocale.named(locale)
        comparedTexts += 1
        let scanning = CharacterBoundaries(storage: text, locale: shared.locale, scans: true)
        let alone = CharacterBoundaries(storage: text, locale: shared.locale, scans: false)
        tally("character", scanning.units(), alone.units(), text, name)

        let scansWords = SimpleWords.applies(toLocale: shared.locale)
        text.withUTF16 { units in
            if scansWords, SimpleWords.segments(of: units, { _, _ in }) { scannedTexts.words += 1 }
            if SimpleSentences.pays(for: units, exceptions: shared.sentenceExceptions) { scannedTexts.sentences += 1 }
        }
        let words = try shared.words.borrowing { iterator throws(ICUError) in
            (
                try UnitBuilder.words(of: text, iterator: iterator, scans: scansWords, scansCharacters: true),
                try UnitBuilder.words(of: text, iterator: iterator, scans: false, scansCharacters: false)
            )
        }
        tally("word", words.0, words.1, text, name)

        let sentences = try shared.sentences.borrowing { iterator throws(ICUError) in
            (
                try UnitBuilder.sentences(
                    of: text, iterator: iterator, abbreviations: shared.abbreviations,
                    exceptions: shared.sentenceExceptions, scansCharacters: true
                ) { scanning.isBoundary($0) },
                try UnitBuilder.sentences(
                    of: text, iterator: iterator, abbreviations: shared.abbreviations, exceptions: nil,
                    scansCharacters: false
                ) { alone.isBoundary($0) }
            )
        }
        tally("sentence", sentences.0, sentences.1, text, name)

        for width in widths {
            var scanned = LineBreaker(storage: text, locale: shared.locale, width: width)
            scanned.fastPaths = .all
            var icu = scanned
            icu.fastPaths = []
            tally("line at \(Self.cells(width)) cells", try scanned.lineUnits(), try icu.lineUnits(), text, name)
        }
    }

    /// Counts `scanned`'s units under `granularity` and records where they first differ from
    /// `icu`'s, if they do: the step after computing both sides of one text.
    mutating func tally(
        _ granularity: String, _ scanned: TextUnits, _ icu: TextUnits, _ text: TextStorage, _ name: String
    ) {
        comparedUnits[granularity, default: 0] += scanned.count
        guard scanned != icu else { return }
        var index = 0
        while index < scanned.count, index < icu.count, scanned[index] == icu[index] { index += 1 }
        let left = index < scanned.count ? scanned[index] : nil
        let right = index < icu.count ? icu[index] : nil
        let offset = [left, right].compactMap { $0 }.map { $0.lowerBound }.min() ?? text.count
        disagreements.append(
            Disagreement(
                text: name, granularity: granularity, offset: offset, scanned: left, icu: right,
                context: Self.context(of: text, at: offset)))
    }

    /// Up to 30 code units of `text` either side of `offset`, with `⟨⟩` between them and line
    /// ends shown as `⏎`.
    private static func context(of text: TextStorage, at offset: Int) -> String {
        func string(_ range: Range<Int>) -> String {
            String(decoding: range.map { text[$0] }, as: UTF16.self)
        }
        let before = string(max(0, offset - 30)..<offset)
        let after = string(offset..<min(text.count, offset + 30))
        return (before + "⟨⟩" + after).map { $0.isNewline ? "⏎" : String($0) }.joined()
    }

    /// `width` without a fractional part when it has none ("20", not "20.0").
    private static func cells(_ width: Double) -> String {
        width == width.rounded() ? String(Int(width)) : String(width)
    }

    /// The tally as lines of text: units compared per granularity, then each disagreement (at
    /// most `limit` of them) and their count.
    package func report(limit: Int = 20) -> [String] {
        var lines = [
            "ICU \(ICU.majorVersion) (verified: \(FastPaths.verifiedICUMajorVersions.sorted())); "
                + "fast paths in use here: \(FastPaths.running)",
            "texts compared: \(comparedTexts) (the word scan took \(scannedTexts.words), "
                + "the sentence scan \(scannedTexts.sentences))",
        ]
        for granularity in granularities {
            let count = disagreements.filter { $0.granularity == granularity }.count
            lines.append("\(granularity): \(comparedUnits[granularity] ?? 0) units, \(count) disagreements")
        }
        lines += disagreements.prefix(limit).map(\.description)
        if disagreements.count > limit { lines.append("… and \(disagreements.count - limit) more") }
        lines.append("disagreements: \(disagreements.count)")
        return lines
    }
}

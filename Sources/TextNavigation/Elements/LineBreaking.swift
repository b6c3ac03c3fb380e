/// How elements break their text into lines for a width: a ``TextLayout`` with the default
/// cell metrics (ICU line-break opportunities, East Asian widths, hard breaks). Text whose
/// locale ICU rejects falls back to hard line breaks only.
enum LineBreaking {
    static let breaker: ElementLines.LineBreaker = { text, locale, width in
        (try? TextLayout(storage: text, locale: locale, width: Double(width)))?.lineSegments()
            ?? SegmentBuilder.hardBreakUnits(of: text, includeLineSeparator: true)
    }
}

import TextNavigation

/// The structures a plain-text book's markup makes safe to tell apart: Project Gutenberg's
/// transcriber blocks, a paragraph that is all `[Illustration]` or `[Illustration: caption]`
/// (a figure) or all `[Footnote N: text]` (a note). Only a paragraph that the bracket opens and
/// closes counts: a footnote of several paragraphs, or brackets in running text, are text.
enum PlainTextStructure {
    /// The kind of structure `text` (one paragraph) is, if any.
    static func kind(of text: TextStorage) -> ContentKind? {
        guard text.count >= 3, text[0] == 0x5B, text[text.count - 1] == 0x5D else { return nil }
        let opening = text.string(in: 1..<min(text.count, 14)) ?? ""
        if opening.hasPrefix("Illustration") { return .figure }
        if opening.hasPrefix("Footnote") { return .note }
        return nil
    }
}

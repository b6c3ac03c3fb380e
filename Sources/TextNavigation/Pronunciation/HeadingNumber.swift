/// The number before a heading's title, which a listener may choose not to hear
/// (``ContentKind/headingNumber``): `1.`, `2.3`, `IV.`, `Chapter 3:`, `BOOK II —`.
///
/// A number is: an optional label word (chapter, part, book, section, canto, act, scene,
/// volume, letter, stave, and their French, Spanish and German forms), then Arabic digits with
/// dots, or Roman numerals (all capitals or all small letters), then punctuation (`.` `:` `)`
/// `-` `–` `—`) or spaces. Roman numerals without a label need punctuation (`I went` is no
/// number). A letter must follow, unless `whole` allows a heading that is a number alone
/// (`CHAPTER I.` followed by a heading of its own with the title).
public enum HeadingNumber {
    private static let labels: Set<String> = [
        "chapter", "part", "book", "section", "canto", "act", "scene", "volume", "letter", "stave", "chapitre",
        "partie", "livre", "capítulo", "capitulo", "parte", "libro", "kapitel", "teil", "buch",
    ]

    /// The range of the number (with the punctuation and spaces after it) at the start of
    /// `heading`, in UTF-16 offsets, or `nil` when it starts with none.
    ///
    /// - Parameters:
    ///   - heading: the heading's text.
    ///   - whole: whether the number may be all the heading holds.
    public static func range(in heading: String, whole: Bool = false) -> Range<Int>? {
        var rest = Substring(heading)
        rest = rest.drop { $0 == " " }
        let start = rest.startIndex
        var hasLabel = false
        let firstWord = rest.prefix { $0.isLetter }
        if labels.contains(firstWord.lowercased()), rest.dropFirst(firstWord.count).first == " " {
            hasLabel = true
            rest = rest.dropFirst(firstWord.count).drop { $0 == " " }
        }
        let digits = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let number: Substring
        if let first = digits.first, first.isNumber {
            number = digits
        } else {
            let roman = rest.prefix { "IVXLCDM".contains($0) }
            let smallRoman = rest.prefix { "ivxlcdm".contains($0) }
            number = roman.count >= smallRoman.count ? roman : smallRoman
        }
        guard !number.isEmpty, number.count <= 12 else { return nil }
        rest = rest.dropFirst(number.count)
        let separator = rest.prefix { " .:)-–—".contains($0) }
        let isArabic = number.first?.isNumber == true
        let hasPunctuation = separator.contains { $0 != " " } || (isArabic && number.hasSuffix("."))
        let isWhole = whole && rest.dropFirst(separator.count).allSatisfy { $0 == " " }
        guard !separator.isEmpty || (isArabic && number.hasSuffix(".")) || isWhole else { return nil }
        guard hasLabel || isArabic || hasPunctuation else { return nil }
        rest = rest.dropFirst(separator.count)
        let next = rest.first
        guard isWhole || next.map({ $0.isLetter || $0 == "\"" || $0 == "“" || $0 == "'" }) == true else { return nil }
        let lower = heading.utf16.distance(from: heading.utf16.startIndex, to: start)
        let upper = heading.utf16.distance(from: heading.utf16.startIndex, to: rest.startIndex)
        return lower..<upper
    }
}

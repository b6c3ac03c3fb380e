import TextNavigation

/// Options several commands share, defined once so their help and parsing agree.
enum CommonOptions {
    static func granularity(_ allowed: [TextGranularity], default defaultValue: TextGranularity? = nil)
        -> CommandSpec.Option
    {
        CommandSpec.Option(
            name: "granularity", valueName: "G", help: "The unit to work by.",
            allowed: allowed.map(\.rawValue), defaultValue: defaultValue?.rawValue)
    }

    static let locale = CommandSpec.Option(
        name: "locale", valueName: "ID",
        help: "The text's language, as a BCP-47 tag or ICU locale id (ja, th, ja@lw=phrase).",
        defaultValue: "en")

    static let lossy = CommandSpec.Option(
        name: "lossy", valueName: nil, help: "Replace invalid UTF-8 with U+FFFD instead of stopping with an error.")

    static let book = CommandSpec.Positional(
        name: "book", help: "A UTF-8 plain-text book or an EPUB (read, save, saved, unsave), or - for standard input.")

    /// The tokenizer for one paragraph, or a failure naming the locale.
    static func tokenizer(for text: TextStorage, locale: String) throws(CommandFailure) -> StringTokenizer {
        do {
            return try StringTokenizer(storage: text, locale: locale)
        } catch {
            throw CommandFailure("invalid locale '\(locale)': \(error)", exitCode: .usage)
        }
    }

    /// `text` on one output line: line and paragraph breaks inside it become spaces.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBreak) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isBreak($0) ? " " : $0 }))
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

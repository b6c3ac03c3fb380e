import TextNavigation

/// Options several commands share, defined once so their help and parsing agree.
enum CommonOptions {
    /// `--granularity`: one of `allowed`, by default `defaultValue`.
    static func granularity<Unit: RawRepresentable & Sendable>(_ allowed: [Unit], default defaultValue: Unit)
        -> CommandOption<Unit> where Unit.RawValue == String
    {
        .choice("granularity", valueName: "G", help: "The unit to work by.", allowed: allowed, default: defaultValue)
    }

    /// The locale of a book whose language is not given (`--locale`, `serve`'s `open`).
    static let defaultLocale = "en"

    static let locale = CommandOption.text(
        "locale", valueName: "ID",
        help: "The text's language, as a BCP-47 tag or ICU locale id (ja, th, ja@lw=phrase).", default: defaultLocale)

    /// `--skip`: the kinds of content read-all passes by.
    static let skip = CommandOption<Set<ContentKind>>.parsed(
        "skip", valueName: "KINDS",
        help:
            "Kinds of content read-all passes by, comma-separated: note, pagebreak (print page announcements), "
            + "sidebar, table, list, quotation, figure, caption, heading-number (said: the title alone); none, or all.",
        expected: "kinds from " + ContentKind.allCases.map(\.rawValue).joined(separator: ", ") + ", none or all",
        default: ContentKind.skippedByDefault, shownDefault: "note", parse: ContentKind.kinds(named:))

    static let lossy = CommandOption.flag(
        "lossy", help: "Replace invalid UTF-8 with U+FFFD instead of stopping with an error.")

    static let book = CommandSpec.Positional(
        name: "book", help: "A UTF-8 plain-text book or an EPUB (read, save, saved, unsave), or - for standard input.")

    /// The tokenizer for one paragraph, or a failure naming the locale.
    static func tokenizer(for text: TextStorage, locale: String) throws(CommandFailure) -> StringTokenizer {
        do {
            return try StringTokenizer(storage: text, locale: locale)
        } catch {
            throw CommandFailure("--locale: \(error)", exitCode: .usage)
        }
    }

    /// `text` on one output line, safe for a terminal: line and paragraph breaks inside it
    /// become spaces, and every other control character but tab becomes visible, so that a book
    /// cannot move the cursor, clear the screen or set the clipboard:
    /// - C0 controls show as their control pictures, U+2400 + the code (ESC as `␛`, NUL as `␀`);
    /// - DEL shows as `␡` (U+2421);
    /// - a C1 control U+0080 + n shows as `␛` and the character 0x40 + n, its 7-bit form (the
    ///   8-bit CSI, U+009B, as `␛[`).
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsReplacing) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case _ where isBreak(scalar): result.append(" ")
            case 0x09: result.append(scalar)
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80..<0xA0:
                result.append("\u{241B}")
                result.append(Unicode.Scalar(UInt8(value - 0x40)))
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    private static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

import TextNavigation
import TextNavigationBooks

/// `readaloud units`: every unit of a granularity, one per line: the scriptable contract.
enum UnitsCommand {
    static let spec = CommandSpec(
        name: "units",
        abstract: "Print each unit of a book (character, word, sentence, line, paragraph) on its own line.",
        positionals: [CommonOptions.book],
        options: [
            granularity.spec, CommonOptions.locale.spec, width.spec, offsets.spec, CommonOptions.lossy.spec,
        ],
        discussion: """
            The book is plain text or an EPUB (known by its content); an EPUB's paragraphs are its \
            elements, in document order, each tokenized with its own language rather than --locale. \
            Lines are laid out --width cells wide (a wide East Asian character takes 2), and print \
            without their trailing spaces. Paragraphs are numbered from 0. Line and paragraph breaks inside a unit print as spaces, \
            so each unit stays on one line; --offsets gives the exact range.
            """)

    static let granularity = CommonOptions.granularity(
        [TextGranularity.character, .word, .sentence, .paragraph, .line], default: .word)
    static let width = CommandOption.integer(
        "width", valueName: "N", help: "With --granularity line: the width in cells lines are laid out at.",
        in: 1...100_000, default: PageLayout().cellWidth)
    static let offsets = CommandOption.flag(
        "offsets",
        help:
            "Prefix each unit with its paragraph index and its start and end (UTF-16 offsets in the paragraph), tab-separated."
    )

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let granularity = arguments[Self.granularity]
        let locale = arguments[CommonOptions.locale]
        let book = try OpenedBook.open(
            at: arguments.positionals[0], lossy: arguments[CommonOptions.lossy], locale: locale)
        let withOffsets = arguments[offsets]
        let width = arguments[Self.width]
        let output = StandardOutput.shared
        for index in 0..<book.textCount {
            let (text, locale) = book.text(at: index)
            func print(_ range: Range<Int>) {
                let line = CommonOptions.oneLine(text.string(in: range) ?? "")
                output.line(withOffsets ? "\(index)\t\(range.lowerBound)\t\(range.upperBound)\t\(line)" : line)
            }
            if granularity == .line {
                // Laid-out lines, without their trailing spaces, printed as they are found.
                do {
                    try CellLines.forEach(in: text, locale: locale, width: Double(width)) { print($1) }
                } catch {
                    throw CommandFailure("invalid locale '\(locale)'", exitCode: .usage)
                }
            } else {
                // What read-all reads: a paragraph with no word is printed by its sentences.
                let units = try CommonOptions.tokenizer(for: text, locale: locale)
                    .readingUnits(for: granularity)
                for unit in 0..<units.count { print(units[unit]) }
            }
        }
        output.flush()
    }
}

import TextNavigation

/// `readaloud units`: every unit of a granularity, one per line: the scriptable contract.
enum UnitsCommand {
    static let spec = CommandSpec(
        name: "units",
        abstract: "Print each unit of a book (character, word, sentence, paragraph) on its own line.",
        positionals: [CommonOptions.book],
        options: [
            CommonOptions.granularity([.character, .word, .sentence, .paragraph, .line], default: .word),
            CommonOptions.locale,
            CommandSpec.Option(
                name: "offsets", valueName: nil,
                help:
                    "Prefix each unit with its paragraph index and its start and end (UTF-16 offsets in the paragraph), tab-separated."
            ),
            CommonOptions.lossy,
        ],
        discussion: """
            Paragraphs are numbered from 0. Line and paragraph breaks inside a unit print as spaces, \
            so each unit stays on one line; --offsets gives the exact range.
            """)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let granularity = TextGranularity(rawValue: arguments.value("granularity")!)!
        let book = try BookInput.book(at: arguments.positionals[0], lossy: arguments.flag("lossy"))
        let locale = arguments.value("locale")!
        let withOffsets = arguments.flag("offsets")
        let output = StandardOutput.shared
        for (index, paragraph) in book.paragraphs.enumerated() {
            let tokenizer = try CommonOptions.tokenizer(for: paragraph.text, locale: locale)
            let segments = tokenizer.segments(for: granularity)
            for unit in 0..<segments.count {
                let range = segments[unit]
                let text = CommonOptions.oneLine(paragraph.text.string(in: range) ?? "")
                output.line(withOffsets ? "\(index)\t\(range.lowerBound)\t\(range.upperBound)\t\(text)" : text)
            }
        }
        output.flush()
    }
}

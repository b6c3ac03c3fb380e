import TextNavigation
import TextNavigationBooks

/// `readaloud probe`: the tokenizer's four answers at every grapheme boundary, for debugging and
/// for cross-checking against other implementations.
enum ProbeCommand {
    static let spec = CommandSpec(
        name: "probe",
        abstract: "Show how the tokenizer sees a book: its four queries at every grapheme boundary.",
        positionals: [CommonOptions.book],
        options: [granularity.spec, CommonOptions.locale.spec, CommonOptions.lossy.spec],
        discussion: """
            One line per paragraph, position and direction (forward before backward):
              paragraph<TAB>p<TAB>forward|backward<TAB>within<TAB>atBoundary<TAB>toBoundary<TAB>enclosing
            within and atBoundary are 1 or 0; toBoundary is a position or - for none; enclosing is \
            start-end or -. Positions are UTF-16 offsets in the paragraph, which are numbered from 0 as \
            'units --offsets' numbers them (an EPUB's paragraphs are its elements, each tokenized with \
            its own language).
            """)

    static let granularity = CommonOptions.granularity(
        [TextGranularity.character, .word, .sentence, .paragraph, .line, .document], default: .word)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let granularity = arguments[Self.granularity]
        let locale = arguments[CommonOptions.locale]
        let book = try OpenedBook.open(
            at: arguments.positionals[0], lossy: arguments[CommonOptions.lossy], locale: locale)
        let output = StandardOutput.shared
        for index in 0..<book.textCount {
            let (text, locale) = book.text(at: index)
            let tokenizer = try CommonOptions.tokenizer(for: text, locale: locale)
            var offset: Int? = 0
            while let current = offset {
                let position = TextPosition(offset: current)
                for direction in [TextDirection.forward, .backward] {
                    let within = tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: direction)
                    let atBoundary = tokenizer.isPosition(position, atBoundary: granularity, inDirection: direction)
                    let next = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
                    let enclosing = tokenizer.rangeEnclosingPosition(
                        position, with: granularity, inDirection: direction)
                    let fields = [
                        "\(index)", "\(current)", "\(direction)", within ? "1" : "0", atBoundary ? "1" : "0",
                        next.map { "\($0.offset)" } ?? "-",
                        enclosing.map { "\($0.start.offset)-\($0.end.offset)" } ?? "-",
                    ]
                    output.line(fields.joined(separator: "\t"))
                }
                offset = tokenizer.characterBoundary(after: current)
            }
        }
        output.flush()
    }
}

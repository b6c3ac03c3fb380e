import TextNavigation
import TextNavigationBooks

/// Read-all's chapter and timer options: `--chapter N` to start at a chapter, `--chapter-end`
/// to stop at the end of the chapter reading starts in, `--sleep MINUTES` to stop at the end of
/// a sentence after that long.
enum ChapterOptions {
    static let chapter = CommandOption.integer(
        "chapter", valueName: "N",
        help: "Start at chapter N (from 1): the table of contents' top level, else the headings.",
        in: 1...Int(Int32.max))
    static let chapterEnd = CommandOption.flag(
        "chapter-end", help: "Stop at the end of the chapter reading starts in.")
    static let sleep = CommandOption.decimal(
        "sleep", valueName: "MINUTES", help: "A sleep timer: stop at the end of the sentence being read after MINUTES.",
        in: 0...1_440, default: -1)

    static var all: [CommandSpec.Option] { [chapter.spec, chapterEnd.spec, sleep.spec] }

    /// The start of chapter `--chapter`, or `nil` when not given.
    ///
    /// - Throws: a failure naming the chapters there are, for a number past them.
    static func start(_ arguments: ParsedArguments, in book: OpenedBook) throws(CommandFailure) -> ReadingPosition? {
        guard let number = arguments[chapter] else { return nil }
        let chapters = book.chapters.chapters
        guard number <= chapters.count else {
            throw CommandFailure(
                chapters.isEmpty
                    ? "--chapter: this book has no chapters (no table of contents, no headings)"
                    : "--chapter: \(number) is past the last chapter; the book has \(chapters.count)",
                exitCode: .dataError)
        }
        return ReadingPosition(element: chapters[number - 1].element, offset: 0)
    }

    /// The stops the options ask for, reading from `start` (the book's start when `nil`).
    static func stops(_ arguments: ParsedArguments, in book: OpenedBook, from start: ReadingPosition?)
        -> ReadingStops
    {
        var stops = ReadingStops()
        if arguments[chapterEnd] { stops.endElement = book.chapters.endOfChapter(holding: start?.element ?? 0) }
        let minutes = arguments[sleep]
        if minutes >= 0 { stops.sleepAfter = .milliseconds(Int(minutes * 60_000)) }
        return stops
    }
}

import ReadaloudJSON
import TextNavigation
import TextNavigationBooks

/// `readaloud search`: every place a book holds a text, printed as it is found.
enum SearchCommand {
    static let spec = CommandSpec(
        name: "search",
        abstract: "Find a text in a whole book, ignoring case and diacritics unless asked.",
        positionals: [CommonOptions.book, CommandSpec.Positional(name: "query", help: "The text to find.")],
        options: [
            caseSensitive.spec, diacriticSensitive.spec, wholeWords.spec, limit.spec, ReadCommand.format.spec,
            CommonOptions.locale.spec, CommonOptions.lossy.spec,
        ],
        discussion: """
            Each match is printed as soon as it is found, in reading order: text output \
            <element>:<start>-<end><TAB>page <N><TAB><the text around it>, the match in [brackets]; \
            JSON Lines {"type":"match","element","start","end","page","text","before","after","locator"} \
            (UTF-16 offsets in the element; the locator is what --from takes), then \
            {"type":"end","matches":N,"limited":bool}. Matching folds case (ICU's case folding) and \
            diacritics (é finds e) unless asked not to; --whole-words keeps matches that start and \
            end at word edges, except for a query in a script written without spaces (Chinese, \
            Japanese, Thai), which matches anywhere. Exit status 0 with matches, 1 with none.
            """)

    static let caseSensitive = CommandOption.flag("case-sensitive", help: "Match case exactly.")
    static let diacriticSensitive = CommandOption.flag(
        "diacritic-sensitive", help: "Match diacritics exactly (café does not find cafe).")
    static let wholeWords = CommandOption.flag("whole-words", help: "Only matches of whole words.")
    static let limit = CommandOption.integer(
        "limit", valueName: "N", help: "Stop after N matches.", in: 1...Int(Int32.max), default: Int(Int32.max))

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let book = try OpenedBook.open(
            at: arguments.positionals[0], lossy: arguments[CommonOptions.lossy], locale: arguments[CommonOptions.locale]
        )
        let document = book.document
        let options = SearchOptions(
            ignoresCase: !arguments[caseSensitive], ignoresDiacritics: !arguments[diacriticSensitive],
            matchesWholeWords: arguments[wholeWords])
        var search: DocumentSearch
        do {
            search = try DocumentSearch(for: arguments.positionals[1], in: document, options: options)
        } catch {
            throw CommandFailure(UsageError("\(error)", spec: spec))
        }
        let format = arguments[ReadCommand.format]
        let output = StandardOutput.shared
        let limit = arguments[Self.limit]
        var count = 0
        while count < limit, let match = search.next() {
            count += 1
            output.line(line(for: match, in: document, format: format))
            output.flush()
        }
        if format == .jsonl {
            var end = JSONObject()
            end.add("type", "end")
            end.add("matches", count)
            end.add("limited", count == limit && search.next() != nil)
            output.line(end.text)
        }
        output.flush()
        if count == 0 { throw CommandFailure("", exitCode: .noMatch) }
    }

    /// One match as a line of text or a JSON object, with its page and the text around it.
    static func line(for match: SearchMatch, in document: Document, format: EventFormatter.Format) -> String {
        let locator = Locator(position: match.start, in: document)
        let text = document.elements[match.element].text.string(in: match.range) ?? ""
        let after = Locator(
            position: ReadingPosition(element: match.element, offset: match.range.upperBound), in: document,
            includesPage: false
        ).textAfter
        switch format {
        case .text:
            let context = CommonOptions.oneLine(locator.textBefore + "[" + text + "]" + after)
            return "\(match.element):\(match.range.lowerBound)-\(match.range.upperBound)\tpage \(locator.page ?? 1)\t"
                + context
        case .jsonl:
            var object = JSONObject()
            object.add("type", "match")
            object.add("element", match.element)
            object.add("start", match.range.lowerBound)
            object.add("end", match.range.upperBound)
            object.add("page", locator.page ?? 1)
            object.add("text", text)
            object.add("before", locator.textBefore)
            object.add("after", after)
            object.add("locator", EventFormatter.locatorObject(locator))
            return object.text
        }
    }
}

import ReadaloudJSON
import TextNavigation

/// `search`.
extension Server {
    /// The most matches one `search` answers.
    static let searchLimit = 10_000

    /// Finds `query` in a book from `from` (`{"element","offset"}`, default the start): up to
    /// `limit` matches (100 by default) as `search --format jsonl` prints them, and `next`,
    /// where to search from for more, or `null` when the book has no more.
    func search(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let query = try params.string("query")
        let limit = try params.optionalInteger("limit", in: 1...Self.searchLimit) ?? 100
        var start = ReadingPosition(element: 0, offset: 0)
        if let from = params["from"] {
            guard case .object(let fields) = from else {
                throw .invalidParams("from", "must be {\"element\",\"offset\"}, not \(RPCParams.describe(from))")
            }
            let place = try RPCParams(from, allowed: fields.map(\.0))
            start = ReadingPosition(
                element: try place.integer("element", in: 0...Int(Int32.max)),
                offset: try place.integer("offset", in: 0...Int(Int32.max)))
        }
        let options = SearchOptions(
            ignoresCase: !(try params.optionalBool("caseSensitive") ?? false),
            ignoresDiacritics: !(try params.optionalBool("diacriticSensitive") ?? false),
            matchesWholeWords: try params.optionalBool("wholeWords") ?? false)
        var search: DocumentSearch
        do {
            search = try DocumentSearch(for: query, in: book.document, options: options, from: start)
        } catch {
            throw .invalidParams("query", error.description)
        }
        var matches: [JSONValue] = []
        var last: SearchMatch?
        while matches.count < limit, let match = search.next() {
            matches.append(Self.value(ofJSON: SearchCommand.line(for: match, in: book.document, format: .jsonl)))
            last = match
        }
        var next = JSONValue.null
        if matches.count == limit, let last, search.next() != nil {
            next = .object([("element", .integer(last.element)), ("offset", .integer(last.range.lowerBound + 1))])
        }
        return .object([("matches", .array(matches)), ("next", next)])
    }
}

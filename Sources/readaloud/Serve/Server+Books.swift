import Foundation
import ReadaloudJSON
import TextNavigation
import TextNavigationBooks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `open`, `close`, `element`, `units`, `relayout`, `locator` and `resolve`.
extension Server {
    /// The allowed params of `open`.
    static let openParams = ["path", "text", "width", "linesPerPage", "locale", "lossy", "lexicon", "lexiconText"]

    /// `open`: the book, read and paginated, known by `id` (reserved by the request thread).
    /// Safe off the request thread: it touches the server's books only through ``insert(_:)``.
    func open(_ params: RPCParams, as id: Int) throws(RPCError) -> JSONValue {
        let path = try params.optionalString("path")
        let text = try params.optionalString("text")
        let width = try params.optionalInteger("width", in: 1...100_000) ?? PageLayout().cellWidth
        let linesPerPage = try params.optionalInteger("linesPerPage", in: 1...100_000) ?? PageLayout().linesPerPage
        let locale = try params.optionalString("locale") ?? CommonOptions.defaultLocale
        let lossy = try params.optionalBool("lossy") ?? false
        let lexicon = try Self.lexicon(params)
        do {
            _ = try CommonOptions.tokenizer(for: TextStorage(""), locale: locale)
        } catch {
            throw .invalidParams("locale", error.message)
        }
        let source: OpenBook.Source
        let layout = PageLayout(width: Double(width), linesPerPage: linesPerPage)
        let document: Document
        var metadata = BookMetadata()
        var narration: Narration?
        var activeClasses: (element: String?, document: String?) = (nil, nil)
        var epub: EPUBBook?
        var pronunciations: (any PronunciationSource)?
        switch (path, text) {
        case (let path?, nil):
            try Self.checkOpenable(path)
            source = .file(path: path)
            do {
                // Plain text or EPUB, as `readaloud BOOK` opens it.
                let book = try OpenedBook.open(at: path, lossy: lossy, locale: locale, layout: layout)
                document = book.document
                metadata = book.metadata
                narration = book.narration
                activeClasses = (book.epub?.mediaActiveClass, book.epub?.mediaPlaybackActiveClass)
                epub = book.epub
                pronunciations = book.pronunciations(lexicon: lexicon)
            } catch {
                throw .bookUnreadable(error.message)
            }
        case (nil, let text?):
            source = .text(text)
            document = try Self.textDocument(text, lossy: lossy, locale: locale, layout: layout)
            pronunciations = lexicon.map {
                LexiconPronunciations(document: document, lexicons: [$0], defaultLanguage: locale)
            }
        case (nil, nil): throw .invalidParams("path", "is missing (give 'path' or 'text')")
        case (_?, _?): throw .invalidParams("text", "give 'path' or 'text', not both")
        }
        let open = OpenBook(
            id: id, source: source, document: document, metadata: metadata, width: width, linesPerPage: linesPerPage)
        open.narration = narration
        open.epub = epub
        open.pronunciations = pronunciations
        let answer = Self.answer(opening: open, activeClasses: activeClasses)
        insert(open)
        return answer
    }

    /// Text sent with `open`, as a plain-text book's document.
    private static func textDocument(_ text: String, lossy: Bool, locale: String, layout: PageLayout)
        throws(RPCError) -> Document
    {
        do {
            let book = try BookInput.book(named: "the text") { () throws(BookLoadingError) in
                try PlainTextBook(bytes: Array(text.utf8), options: PlainTextBook.Options(lossy: lossy))
            }
            return Document(book: book, locale: locale, layout: layout)
        } catch {
            throw .bookUnreadable(error.message)
        }
    }

    /// `open`'s listener lexicon (docs/pronunciation.md): `lexicon`, a file's path, or
    /// `lexiconText`, its text; `nil` for neither.
    private static func lexicon(_ params: RPCParams) throws(RPCError) -> PronunciationLexicon? {
        let path = try params.optionalString("lexicon")
        let text = try params.optionalString("lexiconText")
        guard path == nil || text == nil else {
            throw .invalidParams("lexiconText", "give 'lexicon' or 'lexiconText', not both")
        }
        do {
            if let path {
                guard let data = FileManager.default.contents(atPath: path) else {
                    throw RPCError.invalidParams("lexicon", "\(path) cannot be read")
                }
                return try PronunciationLexicon(bytes: [UInt8](data))
            }
            return try text.map { text throws(PronunciationLexiconError) in try PronunciationLexicon(text: text) }
        } catch let error as RPCError {
            throw error
        } catch {
            throw .invalidParams(path != nil ? "lexicon" : "lexiconText", "not a lexicon: \(error)")
        }
    }

    /// `open`'s answer: what the client knows `book` by, with its Media Overlays' classes
    /// (`media:active-class`, `media:playback-active-class`).
    static func answer(opening book: OpenBook, activeClasses: (element: String?, document: String?))
        -> JSONValue
    {
        .object([
            ("book", .integer(book.id)), ("elements", .integer(book.document.elements.count)),
            ("pages", .integer(book.document.pageCount)), ("positions", .integer(book.document.positionList.count)),
            ("title", book.title.map(JSONValue.string) ?? .null),
            ("creator", book.metadata.creator.map { .string($0.value) } ?? .null),
            ("metadata", EventFormatter.metadataValue(book.metadata) ?? .null),
            ("narrated", .bool(book.narration != nil)),
            ("activeClass", activeClasses.element.map(JSONValue.string) ?? .null),
            ("playbackActiveClass", activeClasses.document.map(JSONValue.string) ?? .null),
        ])
    }

    /// Refuses what `readaloud BOOK` would read but a server must not: standard input (it
    /// carries the requests) and anything but a regular file (a FIFO or a device could block
    /// or never end).
    private static func checkOpenable(_ path: String) throws(RPCError) {
        guard path != "-" else {
            throw .invalidParams("path", "'-' (standard input) carries the requests; give a file or 'text'")
        }
        guard !path.isEmpty else { throw .invalidParams("path", "is empty") }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .bookUnreadable("no such file: \(path)")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .bookUnreadable("\(path) is a directory, not a book file")
        default: throw .bookUnreadable("\(path) is not a regular file (a device, pipe or socket)")
        }
    }

    func close(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        for (id, session) in sessions where session.book == book.id {
            session.stop()
            sessions[id] = nil
        }
        removeBook(book.id)
        return .bool(true)
    }

    func element(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let element = book.document.elements[index]
        let names = ClientElements.traitNames
        let page = book.document.pageIndex(containing: ReadingPosition(element: index, offset: 0)) + 1
        return .object([
            ("text", .string(element.string)),
            ("traits", .array(names.filter { element.traits.contains($0.0) }.map { .string($0.1) })),
            ("language", .string(element.language)),
            ("page", .integer(page)),
            ("label", element.label.map(JSONValue.string) ?? .null),
            ("value", element.value.map(JSONValue.string) ?? .null),
            (
                "customActions",
                .array(
                    element.customActions.map {
                        .object([
                            ("name", .string($0.name)),
                            ("category", .string($0.category == .edit ? "edit" : "default")),
                        ])
                    })
            ),
            (
                "customContent",
                .array(
                    element.customContent.map {
                        .object([
                            ("label", .string($0.label)), ("value", .string($0.value)),
                            ("importance", .string($0.importance == .high ? "high" : "default")),
                        ])
                    })
            ),
        ])
    }

    func units(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let granularity = try params.granularity()
        let segments = book.document.elements[index].stringTokenizer.units(for: granularity)
        return .array(
            (0..<segments.count).map { .array([.integer(segments[$0].lowerBound), .integer(segments[$0].upperBound)]) })
    }

    /// The allowed params of `relayout`.
    static let relayoutParams = ["book", "width", "linesPerPage", "textScale"]

    /// `relayout` of `book` (safe off the request thread while the book is busy: nothing else
    /// touches it).
    func relayout(_ params: RPCParams, of book: OpenBook) throws(RPCError) -> JSONValue {
        book.width = try params.optionalInteger("width", in: 1...100_000) ?? book.width
        book.linesPerPage = try params.optionalInteger("linesPerPage", in: 1...100_000) ?? book.linesPerPage
        book.textScale = try params.optionalPositiveNumber("textScale") ?? book.textScale
        book.document.relayout(book.pageLayout)
        return .object([("pages", .integer(book.document.pageCount))])
    }

    func locator(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let offset = try offset(params, element: index, in: book)
        let position = ReadingPosition(element: index, offset: offset)
        if try params.choice("format", [("readaloud", false), ("readium", true)], default: false) {
            return Self.value(
                ofJSON: ReadiumLocator(position: position, in: book.document, resource: book.resourceName).json)
        }
        return Self.value(ofJSON: EventFormatter.locatorObject(Locator(position: position, in: book.document)).text)
    }

    func resolve(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let position = try locatorPosition(params, "locator", in: book)
        return .object([
            ("element", .integer(position.element)), ("offset", .integer(position.offset)),
            ("page", .integer(book.document.pageIndex(containing: position) + 1)),
        ])
    }

    /// The place the locator in field `name` (an object, or its JSON as a string) names in
    /// `book`.
    func locatorPosition(_ params: RPCParams, _ name: String, in book: OpenBook) throws(RPCError) -> ReadingPosition {
        let json: String
        switch params[name] {
        case .string(let text)?: json = text
        case .object(let fields)?: json = JSONValue.object(fields).text
        case nil: throw .invalidParams(name, "is missing")
        case let value?: throw .invalidParams(name, "must be a locator object, not \(RPCParams.describe(value))")
        }
        do {
            return try Locator.resolve(json: json, in: book.document)
        } catch .notFound {
            throw .failed("the locator matches no place in book \(book.id)")
        } catch {
            throw .invalidParams(name, "\(error)")
        }
    }
}

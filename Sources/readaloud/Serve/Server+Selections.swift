import Foundation
import ReadaloudJSON
import TextNavigation
import TextNavigationStore

/// `select`, `extend`, `shrink`, and the saved selections: `save`, `saved`, `unsave`.
extension Server {
    func select(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let offset = try offset(params, element: index, in: book)
        let granularity = try params.granularity()
        let changed = book.selection.select(granularity, at: ReadingPosition(element: index, offset: offset))
        return selection(of: book, changed: changed)
    }

    func extend(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let granularity = try params.granularity()
        try requireSelection(in: book)
        return selection(of: book, changed: book.selection.extend(by: granularity))
    }

    func shrink(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let granularity = try params.granularity()
        try requireSelection(in: book)
        return selection(of: book, changed: book.selection.shrink(by: granularity))
    }

    private func requireSelection(in book: OpenBook) throws(RPCError) {
        guard book.selection.selection != nil else {
            throw .failed("nothing is selected in book \(book.id) (call 'select' first)")
        }
    }

    /// The book's selection: `{"anchor","focus","text","granularity","changed"}`, or null.
    private func selection(of book: OpenBook, changed: Bool) -> JSONValue {
        guard let selection = book.selection.selection else { return .null }
        func position(_ position: ReadingPosition) -> JSONValue {
            .object([("element", .integer(position.element)), ("offset", .integer(position.offset))])
        }
        return .object([
            ("anchor", position(selection.anchor)), ("focus", position(selection.focus)),
            ("text", .string(book.selection.selectedText)),
            ("granularity", .string(book.selection.granularity.rawValue)), ("changed", .bool(changed)),
        ])
    }

    func save(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let note = try params.optionalString("note")
        if params.has("annotation") { return try saveAnnotation(params, note: note, in: book) }
        let (element, range, defaultGranularity) = try selectionToSave(params, in: book)
        let granularity = try params.granularity(default: defaultGranularity)
        let identity = try identity(of: book)
        let position = ReadingPosition(element: element, offset: range.lowerBound)
        guard
            let record = SavedSelection(
                book: identity, elementIndex: element, elementText: book.document.elements[element].string,
                utf16Range: range, granularity: granularity,
                pageHint: book.document.pageIndex(containing: position) + 1, note: note)
        else {
            throw .invalidParams("selection", "its ends must not split a character (a surrogate pair)")
        }
        do {
            // SavedSelectionStore.save returns once the selection is synced to disk.
            let id = try openStore().save(record)
            return .object([("id", .string(id.uuidString.lowercased()))])
        } catch {
            throw .storeFailure("\(error)")
        }
    }

    /// `save` with an `annotation` (a W3C Web Annotation, as an object or its JSON text): the
    /// selection it targets, found by its quote, with its note unless `note` is given.
    private func saveAnnotation(_ params: RPCParams, note: String?, in book: OpenBook) throws(RPCError) -> JSONValue {
        guard !params.has("selection") else {
            throw .invalidParams("selection", "give 'selection' or 'annotation', not both")
        }
        let json: String
        switch params["annotation"] {
        case .string(let text)?: json = text
        case .object(let fields)?: json = JSONValue.object(fields).text
        case let value?:
            throw .invalidParams("annotation", "must be a Web Annotation object, not \(RPCParams.describe(value))")
        case nil: throw .invalidParams("annotation", "is missing")
        }
        let identity = try identity(of: book)
        var record: SavedSelection
        do throws(LocatorError) {
            record = try SavedSelection(annotation: try WebAnnotation(json: json), book: identity, in: book.document)
        } catch {
            if error.code == .notFound { throw .failed("the annotation's text is not in book \(book.id)") }
            throw .invalidParams("annotation", error.reason)
        }
        if let note { record.note = note }
        do {
            return .object([("id", .string(try openStore().save(record).uuidString.lowercased()))])
        } catch {
            throw .storeFailure("\(error)")
        }
    }

    /// What `save` saves: the `selection` parameter (a unit `{"element","start","end"}`, or a
    /// selection `{"anchor","focus"}` as `select` answers), else the book's selection; within
    /// one element, and not empty.
    private func selectionToSave(_ params: RPCParams, in book: OpenBook) throws(RPCError) -> (
        element: Int, range: Range<Int>, granularity: TextGranularity
    ) {
        let current = book.selection.granularity
        guard let value = params["selection"] else {
            guard let selection = book.selection.selection else {
                throw .invalidParams("selection", "is missing, and nothing is selected in book \(book.id)")
            }
            return try oneElement(selection.start, selection.end, book, current)
        }
        guard case .object(let fields) = value else {
            throw .invalidParams("selection", "must be an object, not \(RPCParams.describe(value))")
        }
        // Any fields: a unit or a selection the server answered with may be passed back as is.
        let inner = try RPCParams(value, allowed: fields.map(\.0))
        func field(_ name: String) -> String { "selection.\(name)" }
        func integer(_ params: RPCParams, _ name: String, _ label: String) throws(RPCError) -> Int {
            do {
                return try params.integer(name, in: 0...Int(Int32.max))
            } catch {
                throw .invalidParams(label, error.message.replacingOccurrences(of: "'\(name)': ", with: ""))
            }
        }
        if let anchor = inner["anchor"], let focus = inner["focus"] {
            let a = try RPCParams(anchor, allowed: ["element", "offset"])
            let f = try RPCParams(focus, allowed: ["element", "offset"])
            let start = ReadingPosition(
                element: try integer(a, "element", field("anchor.element")),
                offset: try integer(a, "offset", field("anchor.offset")))
            let end = ReadingPosition(
                element: try integer(f, "element", field("focus.element")),
                offset: try integer(f, "offset", field("focus.offset")))
            return try oneElement(min(start, end), max(start, end), book, current)
        }
        let element = try integer(inner, "element", field("element"))
        let start = ReadingPosition(element: element, offset: try integer(inner, "start", field("start")))
        let end = ReadingPosition(element: element, offset: try integer(inner, "end", field("end")))
        return try oneElement(start, end, book, current)
    }

    private func oneElement(
        _ start: ReadingPosition, _ end: ReadingPosition, _ book: OpenBook, _ granularity: TextGranularity
    ) throws(RPCError) -> (element: Int, range: Range<Int>, granularity: TextGranularity) {
        guard book.document.contains(start), book.document.contains(end) else {
            throw .invalidParams("selection", "it reaches outside the book's elements")
        }
        guard start.element == end.element else {
            throw .invalidParams("selection", "a saved selection lies within one element (this one spans several)")
        }
        guard start.offset < end.offset else { throw .invalidParams("selection", "it is empty") }
        return (start.element, start.offset..<end.offset, granularity)
    }

    func saved(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let identity = try identity(of: book)
        let format = try params.choice(
            "format", [("jsonl", SavedSelectionFormat.jsonl), ("annotation", .annotation), ("readium", .readium)],
            default: .jsonl)
        guard let store = try existingStore() else { return .array([]) }
        do {
            let dates = ISO8601DateFormatter()
            dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return .array(
                try store.selections(forBook: identity).map {
                    Self.value(
                        ofJSON: format.json(for: $0, in: book.document, resource: book.resourceName, dates: dates))
                })
        } catch {
            throw .storeFailure("\(error)")
        }
    }

    func unsave(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let text = try params.string("id")
        guard let id = UUID(uuidString: text) else {
            throw .invalidParams("id", "'\(text)' is not a saved selection id")
        }
        let identity = try identity(of: book)
        let missing = RPCError.failed("book \(book.id) has no saved selection \(text.lowercased())")
        guard let store = try existingStore() else { throw missing }
        do {
            guard let selection = try store.selection(withID: id), selection.book == identity else { throw missing }
            _ = try store.removeSelection(withID: id)
        } catch let error as RPCError {
            throw error
        } catch {
            throw .storeFailure("\(error)")
        }
        return .bool(true)
    }

    private func identity(of book: OpenBook) throws(RPCError) -> BookIdentity {
        do {
            return try book.identity()
        } catch {
            throw .bookUnreadable(error.message)
        }
    }

    /// The store, opened (and made, when it does not exist) on first use.
    private func openStore() throws(RPCError) -> SavedSelectionStore {
        if let store { return store }
        do {
            let opened = try SelectionStoreOptions.open(arguments)
            store = opened
            return opened
        } catch {
            throw .storeFailure(error.message)
        }
    }

    /// The store when it exists: listing and removing never make one.
    private func existingStore() throws(RPCError) -> SavedSelectionStore? {
        if let store { return store }
        do {
            store = try SelectionStoreOptions.openExisting(arguments)
            return store
        } catch {
            throw .storeFailure(error.message)
        }
    }
}

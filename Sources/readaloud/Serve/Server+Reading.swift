import ReadaloudJSON
import TextNavigation

/// `readAll`, `ack`, `pause`, `resume`, `escape` and `stop`.
extension Server {
    /// How many finished sessions are kept for `stop` to answer before they are let go.
    static let finishedSessionsKept = 64

    func readAll(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let granularity = try params.granularity(default: .sentence)
        var position: ReadingPosition?
        var page = 1
        if params.has("from") {
            guard !params.has("page") else { throw .invalidParams("page", "give 'from' or 'page', not both") }
            position = try locatorPosition(params, "from", in: book)
        } else if let number = try params.optionalInteger("page", in: 1...Int(Int32.max)) {
            let count = book.document.pageCount
            guard number <= count else {
                throw .invalidParams("page", "\(number) is past the end: the book has \(count) pages at this layout")
            }
            page = number
        }
        let narration = try params.optionalBool("narration") ?? true ? book.narration : nil
        let skipping = try params.kinds("skip", default: ContentKind.skippedByDefault)
        if let number = try params.optionalInteger("chapter", in: 1...Int(Int32.max)) {
            guard !params.has("from"), !params.has("page") else {
                throw .invalidParams("chapter", "give 'chapter', 'from' or 'page', not two")
            }
            let chapters = book.chapters.chapters
            guard number <= chapters.count else {
                throw .invalidParams("chapter", "\(number) is past the last chapter: the book has \(chapters.count)")
            }
            position = ReadingPosition(element: chapters[number - 1].element, offset: 0)
        }
        let stops = try readingStops(params, in: book, from: position ?? book.document.page(at: page - 1)?.start)
        let acknowledgements = try Self.acknowledgements(params)
        forgetFinishedSessions()
        let id = nextSessionID
        nextSessionID += 1
        let session = ReadAllSession(
            id: id, book: book.id, document: book.document, metadata: book.metadata, granularity: granularity,
            narration: narration, skipping: skipping, pronunciations: book.pronunciations, stops: stops,
            acknowledgements: acknowledgements, from: position, page: page, output: output)
        sessions[id] = session
        sessionsToStart.append(session)
        return .object([("session", .integer(id))])
    }

    /// `readAll`'s flow: acknowledged (`ack` true, or a `prefetch` of 1 or more; `prefetch`
    /// events in flight, 8 by default), or streaming (neither, or `prefetch` 0).
    private static func acknowledgements(_ params: RPCParams) throws(RPCError) -> Acknowledgements? {
        let ack = try params.optionalBool("ack")
        let prefetch = try params.optionalInteger("prefetch", in: 0...Acknowledgements.maximumPrefetch)
        if ack == true, prefetch == 0 {
            throw .invalidParams(
                "prefetch", "is 0 (streaming) with 'ack': give 1 to \(Acknowledgements.maximumPrefetch)")
        }
        guard ack == true || (ack == nil && (prefetch ?? 0) > 0) else { return nil }
        return Acknowledgements(prefetch: prefetch ?? 8)
    }

    /// `ack`: the client has heard the session's events up to `seq`.
    func acknowledge(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let session = try session(params)
        guard let acknowledgements = session.acknowledgements else {
            throw .invalidParams("session", "\(session.id) is not acknowledged (start it with readAll's 'ack')")
        }
        let number = try params.integer("seq")
        do throws(Acknowledgements.Refusal) {
            try acknowledgements.acknowledge(number)
        } catch {
            switch error {
            case .notSent(let last): throw .invalidParams("seq", "no event \(last + 1) or later was sent yet")
            case .alreadyAcknowledged(let last): throw .invalidParams("seq", "events up to \(last) are acknowledged")
            }
        }
        return .object([("next", .integer(acknowledgements.next))])
    }

    /// `pause` and `stop`'s `heard`: the last event the client heard, acknowledged first.
    private func acknowledgeHeard(_ params: RPCParams, _ session: ReadAllSession) throws(RPCError) {
        guard params.has("heard") else { return }
        guard let acknowledgements = session.acknowledgements else {
            throw .invalidParams("heard", "goes with an acknowledged session (readAll's 'ack')")
        }
        try? acknowledgements.acknowledge(try params.integer("heard"))
    }

    func pause(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let session = try session(params)
        try acknowledgeHeard(params, session)
        let (state, position) = session.pause()
        return stateAndLocator(state, position, session)
    }

    func resume(_ params: RPCParams) throws(RPCError) -> JSONValue {
        .object([("state", .string(try session(params).resume().rawValue))])
    }

    /// `readAll`'s stops: `chapterEnd` (stop at the end of the chapter reading starts in),
    /// `sleepMinutes` (stop at the end of a sentence after that long), `pauseAfterEach` (pause
    /// after each utterance; `resume` reads the next).
    private func readingStops(_ params: RPCParams, in book: OpenBook, from start: ReadingPosition?)
        throws(RPCError) -> ReadingStops
    {
        var stops = ReadingStops(pausesAfterEachUtterance: try params.optionalBool("pauseAfterEach") ?? false)
        if try params.optionalBool("chapterEnd") ?? false {
            stops.endElement = book.chapters.endOfChapter(holding: start?.element ?? 0)
        }
        if params.has("sleepMinutes") {
            let minutes = try params.optionalPositiveNumber("sleepMinutes") ?? 0
            stops.sleepAfter = .milliseconds(Int(minutes * 60_000))
        }
        return stops
    }

    /// The book's chapters: `[{"title","element","page"}]`.
    func chapters(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        return .array(
            book.chapters.chapters.map { chapter in
                .object([
                    ("title", .string(chapter.title)), ("element", .integer(chapter.element)),
                    (
                        "page",
                        .integer(
                            book.document.pageIndex(containing: ReadingPosition(element: chapter.element, offset: 0))
                                + 1)
                    ),
                ])
            })
    }

    /// Leaves the table, list, note, quotation, sidebar or figure being read and reads on from
    /// the element after it: answers the structure left (`kind`, `id`), or `escaped` false when
    /// the reading is in none. The events that follow say where reading went on.
    func escape(_ params: RPCParams) throws(RPCError) -> JSONValue {
        guard let structure = try session(params).escape() else { return .object([("escaped", .bool(false))]) }
        return .object([
            ("escaped", .bool(true)), ("kind", .string(structure.kind.rawValue)), ("id", .integer(structure.id)),
        ])
    }

    func stop(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let session = try session(params)
        try acknowledgeHeard(params, session)
        let (state, position) = session.stop()
        sessions[session.id] = nil
        return stateAndLocator(state == .finished ? .finished : .stopped, position, session)
    }

    private func session(_ params: RPCParams) throws(RPCError) -> ReadAllSession {
        let id = try params.integer("session")
        guard let session = sessions[id] else { throw .unknownSession(id) }
        return session
    }

    private func stateAndLocator(_ state: ReadAllSession.State, _ position: ReadingPosition, _ session: ReadAllSession)
        -> JSONValue
    {
        let locator = EventFormatter.locatorObject(Locator(position: position, in: session.document))
        var fields: [(String, JSONValue)] = [
            ("state", .string(state.rawValue)), ("locator", Self.value(ofJSON: locator.text)),
        ]
        // Acknowledged: the number the events sent on resuming start from.
        if let acknowledgements = session.acknowledgements { fields.append(("next", .integer(acknowledgements.next))) }
        return .object(fields)
    }

    /// Lets go of finished sessions beyond the most recent ``finishedSessionsKept``.
    private func forgetFinishedSessions() {
        let finished = sessions.filter { $0.value.hasFinished }.keys.sorted()
        for id in finished.dropLast(Self.finishedSessionsKept) { sessions[id] = nil }
    }
}

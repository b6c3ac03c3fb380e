import Foundation
import ReadaloudJSON
import TextNavigation
import TextNavigationStore

/// `readaloud serve`: JSON-RPC 2.0 over standard input and output, one message a line or with
/// `Content-Length` headers (``MessageFraming``).
///
/// The request thread reads a line, answers it, and reads the next; reading sessions run on
/// threads of their own and send their events through the same bounded ``OutputQueue``.
/// Opening a book (reading and paginating it, which takes seconds for 10 MB) runs on a thread
/// of its own too, at most ``concurrentOpens`` at once, and its answer comes when it is done:
/// other books' requests are answered meanwhile (answers carry their request's `id`, as
/// JSON-RPC allows). A book's own requests come after its `open` is answered, so they stay
/// in order.
/// Nothing a client sends ends the server: every failure is an error object
/// (``RPCError``). The end of standard input stops the sessions, closes the books, lets the
/// queued output out and returns.
///
/// Not `Sendable`: the sessions and store belong to the request thread; the books are shared
/// with the opening threads under a lock.
final class Server {
    /// The most books being opened at once; a further `open` waits for one to finish.
    static let concurrentOpens = 4

    /// The largest message, in bytes (without its line end), unless the command line says.
    static let defaultMessageLimit = 16 << 20

    let output: OutputQueue
    let messageLimit: Int
    /// The command line, for the saved-selection store (`--store`).
    let arguments: ParsedArguments
    /// The open books, and the ids of books being opened or paginated on threads of their own,
    /// under ``booksLock``.
    private var openBooks: [Int: OpenBook] = [:]
    private var busyBooks: Set<Int> = []
    private let booksLock = NSCondition()
    /// The background work in flight (opens, relayouts), and room for more.
    private let openings = DispatchGroup()
    private let openSlots = DispatchSemaphore(value: concurrentOpens)
    var sessions: [Int: ReadAllSession] = [:]
    var nextBookID = 1
    var nextSessionID = 1
    var store: SavedSelectionStore?
    /// Sessions made by the message being answered, started after the answer.
    var sessionsToStart: [ReadAllSession] = []
    /// The client's announcements, once it makes one.
    private(set) lazy var announcements = ClientAnnouncements(output: output)
    /// Announcements made by the message being answered, posted after the answer.
    var announcementsToPost: [Int] = []

    init(arguments: ParsedArguments, messageLimit: Int, output: OutputQueue = OutputQueue()) {
        self.arguments = arguments
        self.messageLimit = messageLimit
        self.output = output
    }

    /// Serves standard input until it ends.
    func run() {
        output.start()
        var reader = MessageReader(descriptor: 0, limit: messageLimit, framing: output.framing)
        while let message = reader.next() {
            switch message {
            case .tooLong(let length):
                let error = RPCError.invalidRequest(
                    "the message is \(length) bytes long, over the limit of \(messageLimit) bytes; it was skipped")
                output.push(Self.response(id: .null, error: error))
            case .malformed(let reason):
                output.push(Self.response(id: .null, error: .parseError("the message's framing: \(reason)")))
            case .text(let bytes):
                if let reply = reply(to: bytes) { output.push(reply) }
                // Reading sessions begin once `readAll`'s answer is queued.
                for session in sessionsToStart { session.start() }
                sessionsToStart.removeAll()
                for announcement in announcementsToPost { announcements.post(announcement) }
                announcementsToPost.removeAll()
            }
        }
        openings.wait()
        for session in sessions.values { session.stop() }
        announcements.cancelAll()
        sessions.removeAll()
        booksLock.withLock { openBooks.removeAll() }
        try? store?.close()
        output.drain()
    }

    /// The reply to one line: a response, a batch of responses, or `nil` (a blank line, or
    /// notifications only).
    func reply(to bytes: [UInt8]) -> String? {
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
        if String(validating: bytes, as: UTF8.self) == nil {
            let offset = Self.firstInvalidUTF8(in: bytes)
            return Self.response(
                id: .null, error: .parseError("the message is not valid UTF-8 (bad byte at offset \(offset))"))
        }
        let message: JSONValue
        do {
            message = try JSONParser.parse(bytes)
        } catch {
            return Self.response(id: .null, error: .parseError("the message is not JSON: \(error)"))
        }
        guard case .array(let batch) = message else { return answer(message, inBatch: false) }
        guard !batch.isEmpty else {
            return Self.response(id: .null, error: .invalidRequest("an empty batch (array) has no requests"))
        }
        let replies = batch.compactMap { answer($0, inBatch: true) }
        return replies.isEmpty ? nil : "[" + replies.joined(separator: ",") + "]"
    }

    /// The response to one request, or `nil` for a notification and for an `open` (not in a
    /// batch) answered when it is done (``openInBackground(_:replyID:)``).
    private func answer(_ message: JSONValue, inBatch: Bool) -> String? {
        guard case .object(let fields) = message else {
            return Self.response(
                id: .null, error: .invalidRequest("a request must be a JSON object, not \(RPCParams.describe(message))")
            )
        }
        func field(_ name: String) -> JSONValue? { fields.last { $0.0 == name }?.1 }
        let id = field("id")
        switch id {
        case nil, .string?, .integer?, .number?, .null?: break
        default:
            return Self.response(id: .null, error: .invalidRequest("'id' must be a string, a number or null"))
        }
        let replyID = id ?? .null
        guard case .string("2.0")? = field("jsonrpc") else {
            return Self.response(id: replyID, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
        }
        guard case .string(let method)? = field("method") else {
            return Self.response(id: replyID, error: .invalidRequest("'method' must be a string"))
        }
        let params = field("params")
        switch params {
        case nil, .object?, .array?: break
        default:
            return Self.response(id: replyID, error: .invalidRequest("'params' must be an object or an array"))
        }
        if !inBatch, id != nil, method == "open" || method == "relayout" {
            do throws(RPCError) {
                try answerInBackground(method, params, replyID: replyID)
                return nil
            } catch {
                return Self.response(id: replyID, error: error)
            }
        }
        let result: Result<JSONValue, RPCError>
        do {
            result = .success(try dispatch(method, params))
        } catch {
            result = .failure(error)
        }
        guard id != nil else { return nil }  // a notification gets no answer
        switch result {
        case .success(let value): return Self.response(id: replyID, result: value)
        case .failure(let error): return Self.response(id: replyID, error: error)
        }
    }

    /// Runs `method` with `params`.
    private func dispatch(_ method: String, _ params: JSONValue?) throws(RPCError) -> JSONValue {
        func with(_ allowed: [String]) throws(RPCError) -> RPCParams { try RPCParams(params, allowed: allowed) }
        switch method {
        case "open": return try open(with(Self.openParams), as: reserveBookID())
        case "openDocument":
            return try openDocument(with(["pages", "width", "linesPerPage", "marksPageTurns", "title"]))
        case "close": return try close(with(["book"]))
        case "element": return try element(with(["book", "element"]))
        case "units": return try units(with(["book", "element", "granularity"]))
        case "search":
            return try search(
                with(["book", "query", "from", "limit", "caseSensitive", "diacriticSensitive", "wholeWords"]))
        case "tokenizer":
            return try tokenizer(with(["book", "element", "granularity", "direction", "offset", "query", "affinity"]))
        case "move": return try move(with(["book", "element", "offset", "granularity", "direction"]))
        case "relayout":
            let params = try with(Self.relayoutParams)
            return try relayout(params, of: try book(params))
        case "locator": return try locator(with(["book", "element", "offset", "format"]))
        case "resolve": return try resolve(with(["book", "locator"]))
        case "readAll":
            return try readAll(
                with([
                    "book", "granularity", "from", "page", "narration", "skip", "chapter", "chapterEnd", "sleepMinutes",
                    "pauseAfterEach", "ack", "prefetch",
                ]))
        case "ack": return try acknowledge(with(["session", "seq"]))
        case "chapters": return try chapters(with(["book"]))
        case "announce": return try announce(with(["text", "priority"]))
        case "announced": return try announced(with(["announcement"]))
        case "selectionRects": return try selectionRects(with(["book", "element", "start", "end"]))
        case "firstRect": return try firstRect(with(["book", "element", "start", "end"]))
        case "caretRect": return try caretRect(with(["book", "element", "offset", "affinity"]))
        case "closestPosition": return try closestPosition(with(["book", "element", "x", "y", "start", "end"]))
        case "characterRange": return try characterRange(with(["book", "element", "x", "y"]))
        case "pause": return try pause(with(["session", "heard"]))
        case "escape": return try escape(with(["session"]))
        case "resume": return try resume(with(["session"]))
        case "stop": return try stop(with(["session", "heard"]))
        case "select": return try select(with(["book", "element", "offset", "granularity"]))
        case "extend": return try extend(with(["book", "granularity"]))
        case "shrink": return try shrink(with(["book", "granularity"]))
        case "save": return try save(with(["book", "selection", "note", "granularity", "annotation"]))
        case "saved": return try saved(with(["book", "format"]))
        case "unsave": return try unsave(with(["book", "id"]))
        default: throw .methodNotFound(method)
        }
    }

    /// The open book `params` names.
    func book(_ params: RPCParams) throws(RPCError) -> OpenBook {
        let id = try params.integer("book")
        // A client that sends requests for a book before its `open` is answered (pipelining,
        // knowing ids go up by one) gets them answered once it is open, in order.
        let book = booksLock.withLock {
            while busyBooks.contains(id) { booksLock.wait() }
            return openBooks[id]
        }
        guard let book else { throw .unknownBook(id) }
        return book
    }

    /// Adds an opened book.
    func insert(_ book: OpenBook) { booksLock.withLock { openBooks[book.id] = book } }

    /// Ends the background work on book `id`.
    private func endWork(on id: Int) {
        booksLock.withLock {
            busyBooks.remove(id)
            booksLock.broadcast()
        }
    }

    /// Lets go of a book.
    func removeBook(_ id: Int) { _ = booksLock.withLock { openBooks.removeValue(forKey: id) } }

    /// The id the next book gets, taken.
    func reserveBookID() -> Int {
        defer { nextBookID += 1 }
        return nextBookID
    }

    /// Answers `open` or `relayout` on a thread of its own (their answer is queued when done):
    /// the book they are about is busy meanwhile, so requests naming it wait.
    ///
    /// - Throws: ``RPCError`` for `relayout`'s params or book, checked first.
    private func answerInBackground(_ method: String, _ params: JSONValue?, replyID: JSONValue) throws(RPCError) {
        let id: Int
        let work: () -> Result<JSONValue, RPCError>
        if method == "open" {
            let reserved = reserveBookID()
            id = reserved
            work = { [self] in
                do throws(RPCError) {
                    return .success(try open(RPCParams(params, allowed: Self.openParams), as: reserved))
                } catch {
                    return .failure(error)
                }
            }
        } else {
            let checked = try RPCParams(params, allowed: Self.relayoutParams)
            let book = try book(checked)
            id = book.id
            work = { [self] in
                do throws(RPCError) {
                    return .success(try relayout(checked, of: book))
                } catch {
                    return .failure(error)
                }
            }
        }
        let job = UncheckedSendable(work)
        booksLock.withLock { _ = busyBooks.insert(id) }
        openSlots.wait()
        openings.enter()
        let server = UncheckedSendable(self)
        let reply = UncheckedSendable(replyID)
        DispatchQueue.global().async {
            let answer: String
            switch job.value() {
            case .success(let value): answer = Self.response(id: reply.value, result: value)
            case .failure(let error): answer = Self.response(id: reply.value, error: error)
            }
            server.value.output.push(answer)
            server.value.endWork(on: id)
            server.value.openSlots.signal()
            server.value.openings.leave()
        }
    }

    /// The element index `params` names in `book`, checked.
    func elementIndex(_ params: RPCParams, in book: OpenBook) throws(RPCError) -> Int {
        let index = try params.integer("element")
        let count = book.document.elements.count
        guard index >= 0, index < count else {
            throw .invalidParams("element", "\(index) is out of range (the book has elements 0 to \(count - 1))")
        }
        return index
    }

    /// The offset `params` names in element `index` of `book`, checked to lie in its text.
    func offset(_ params: RPCParams, element index: Int, in book: OpenBook) throws(RPCError) -> Int {
        let length = book.document.elements[index].text.count
        return try params.integer("offset", in: 0...length)
    }

    /// JSON text (a locator built by the CLI's code) as a value to answer with.
    static func value(ofJSON text: String) -> JSONValue {
        (try? JSONParser.parse(Array(text.utf8))) ?? .null
    }

    static func response(id: JSONValue, result: JSONValue) -> String {
        "{\"jsonrpc\":\"2.0\",\"id\":\(id.text),\"result\":\(result.text)}"
    }

    static func response(id: JSONValue, error: RPCError) -> String {
        "{\"jsonrpc\":\"2.0\",\"id\":\(id.text),\"error\":\(error.json.text)}"
    }

    /// The offset of the first byte of `bytes` that is not part of valid UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += String(scalar).utf8.count
            case .emptyInput, .error: return offset
            }
        }
    }
}

/// A value handed to another thread whose use there is safe by design, said where it is made.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

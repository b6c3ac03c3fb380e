import ReadaloudJSON

/// A JSON-RPC 2.0 error object: the server answers every failed request with one and goes on.
///
/// Codes from -32700 to -32600 are the specification's; the server's own are from -32000 down.
struct RPCError: Error {
    let code: Int
    let message: String
    /// The parameter at fault, for ``invalidParams(_:_:)`` (sent as `data.field`).
    var field: String? = nil

    /// The message is not JSON, or not UTF-8.
    static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
    /// The message is JSON but not a JSON-RPC 2.0 request, or it is over the size limit.
    static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
    /// No such method.
    static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "unknown method '\(method)' (see docs/serve.md for the methods)")
    }
    /// A parameter is missing, of the wrong type or out of range; `field` names it.
    static func invalidParams(_ field: String, _ message: String) -> RPCError {
        RPCError(code: -32602, message: "'\(field)': \(message)", field: field)
    }
    /// A request the server could not carry out (a locator that matches nothing, a position
    /// between units).
    static func failed(_ message: String) -> RPCError { RPCError(code: -32000, message: message) }
    /// No open book has this id.
    static func unknownBook(_ id: Int) -> RPCError {
        RPCError(code: -32001, message: "no open book \(id) (open one first; ids come from 'open')", field: "book")
    }
    /// No reading session has this id.
    static func unknownSession(_ id: Int) -> RPCError {
        RPCError(code: -32002, message: "no reading session \(id) (ids come from 'readAll')", field: "session")
    }
    /// The book could not be opened: a missing file, a directory, binary data, invalid UTF-8.
    static func bookUnreadable(_ message: String) -> RPCError { RPCError(code: -32003, message: message) }
    /// The saved-selection store failed.
    static func storeFailure(_ message: String) -> RPCError { RPCError(code: -32004, message: message) }

    /// The error object's JSON.
    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("code", .integer(code)), ("message", .string(message))]
        if let field { fields.append(("data", .object([("field", .string(field))]))) }
        return .object(fields)
    }
}

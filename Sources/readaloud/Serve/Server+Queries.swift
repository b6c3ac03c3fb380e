import ReadaloudJSON
import TextNavigation

/// `tokenizer` (the library's four queries, answered as they are) and `move` (the navigator).
extension Server {
    /// The tokenizer's four queries, by the names the protocol uses.
    enum TokenizerQuery: String, CaseIterable {
        case rangeEnclosingPosition, isPositionAtBoundary, isPositionWithinTextUnit, positionFromToBoundary
    }

    func tokenizer(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let granularity = try params.choice(
            "granularity", TextGranularity.allCases.map { ($0.rawValue, $0) })
        let direction = try params.choice("direction", RPCParams.directions)
        let query = try params.choice("query", TokenizerQuery.allCases.map { ($0.rawValue, $0) })
        // Any offset goes to the library, which answers null or false outside the text; the
        // range keeps the arithmetic far from overflow.
        let offset = try params.integer("offset", in: Int(Int32.min)...Int(Int32.max))
        let affinity = try params.choice(
            "affinity", [("downstream", TextAffinity.downstream), ("upstream", .upstream)], default: .downstream)
        let position = TextPosition(offset: offset, affinity: affinity)
        let tokenizer = book.document.elements[index].stringTokenizer
        switch query {
        case .rangeEnclosingPosition:
            guard let range = tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
            else { return .null }
            return .array([.integer(range.start.offset), .integer(range.end.offset)])
        case .isPositionAtBoundary:
            return .bool(tokenizer.isPosition(position, atBoundary: granularity, inDirection: direction))
        case .isPositionWithinTextUnit:
            return .bool(tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: direction))
        case .positionFromToBoundary:
            guard let next = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
            else { return .null }
            return .integer(next.offset)
        }
    }

    func move(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let offset = try offset(params, element: index, in: book)
        let granularity = try params.granularity()
        let direction = try params.choice(
            "direction", [("forward", TextStorageDirection.forward), ("backward", .backward)])
        var navigator = Navigator(document: book.document, position: ReadingPosition(element: index, offset: offset))
        guard let unit = navigator.move(direction, by: granularity) else { return .null }
        return Self.unit(element: unit.element, range: unit.range, text: unit.text)
    }

    /// A unit as the protocol gives every unit: `{"element","start","end","text"}`.
    static func unit(element: Int, range: Range<Int>, text: String) -> JSONValue {
        .object([
            ("element", .integer(element)), ("start", .integer(range.lowerBound)), ("end", .integer(range.upperBound)),
            ("text", .string(text)),
        ])
    }
}

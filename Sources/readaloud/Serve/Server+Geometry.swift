import ReadaloudJSON
import TextNavigation

/// `selectionRects`, `caretRect`, `firstRect`, `closestPosition` and `characterRange`: an
/// element's geometry at the book's layout, in the element's own coordinates (cells: one
/// column wide, one line high), as the Swift API answers them (``TextGeometry``).
extension Server {
    func selectionRects(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let (geometry, range) = try elementRange(params)
        return .array(
            geometry.selectionRects(for: TextRange(range)).map { selection in
                .object(
                    Self.fields(of: selection.rect) + [
                        ("direction", .string(selection.writingDirection == .rightToLeft ? "rtl" : "ltr")),
                        ("containsStart", .bool(selection.containsStart)),
                        ("containsEnd", .bool(selection.containsEnd)),
                        ("vertical", .bool(selection.isVertical)),
                    ])
            })
    }

    func firstRect(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let (geometry, range) = try elementRange(params)
        return geometry.firstRect(for: TextRange(range)).map { .object(Self.fields(of: $0)) } ?? .null
    }

    func caretRect(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let offset = try offset(params, element: index, in: book)
        let affinity = try params.choice(
            "affinity", [("downstream", TextAffinity.downstream), ("upstream", .upstream)], default: .downstream)
        let rect = book.document.elements[index].geometry.caretRect(
            for: TextPosition(offset: offset, affinity: affinity))
        return rect.map { .object(Self.fields(of: $0)) } ?? .null
    }

    /// `closestPosition`: the position nearest `x`, `y`, within `start`..<`end` when given.
    func closestPosition(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let geometry = book.document.elements[index].geometry
        let point = Point(x: try params.coordinate("x"), y: try params.coordinate("y"))
        let position: TextPosition?
        if params.has("start") || params.has("end") {
            position = geometry.closestPosition(
                to: point, within: TextRange(try range(params, element: index, in: book)))
        } else {
            position = geometry.closestPosition(to: point)
        }
        return position.map {
            .object([
                ("offset", .integer($0.offset)),
                ("affinity", .string($0.affinity == .upstream ? "upstream" : "downstream")),
            ])
        } ?? .null
    }

    /// `characterRange`: the grapheme cluster at `x`, `y`.
    func characterRange(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        let point = Point(x: try params.coordinate("x"), y: try params.coordinate("y"))
        return book.document.elements[index].geometry.characterRange(at: point).map {
            .object([("start", .integer($0.start.offset)), ("end", .integer($0.end.offset))])
        } ?? .null
    }

    /// The geometry of the element `params` names and the range `start`..<`end` in it.
    private func elementRange(_ params: RPCParams) throws(RPCError) -> (any TextGeometry, Range<Int>) {
        let book = try book(params)
        let index = try elementIndex(params, in: book)
        return (book.document.elements[index].geometry, try range(params, element: index, in: book))
    }

    /// `start`..<`end`, checked to lie in element `index`'s text.
    private func range(_ params: RPCParams, element index: Int, in book: OpenBook) throws(RPCError) -> Range<Int> {
        let length = book.document.elements[index].text.count
        let start = try params.integer("start", in: 0...length)
        let end = try params.integer("end", in: 0...length)
        guard start <= end else { throw .invalidParams("end", "\(end) is before start \(start)") }
        return start..<end
    }

    /// A rect's `x`, `y`, `width`, `height`.
    private static func fields(of rect: Rect) -> [(String, JSONValue)] {
        [
            ("x", .number(rect.minX)), ("y", .number(rect.minY)), ("width", .number(rect.size.width)),
            ("height", .number(rect.size.height)),
        ]
    }
}

/// The default geometry of a ``TextInput``: its ``TextInput/geometry``'s answers.
extension TextInput {
    public func firstRect(for range: TextRange) -> Rect? {
        geometry.firstRect(for: range)
    }

    public func caretRect(for position: TextPosition) -> Rect? {
        geometry.caretRect(for: position)
    }

    public func selectionRects(for range: TextRange) -> [SelectionRect] {
        geometry.selectionRects(for: range)
    }

    public func closestPosition(to point: Point) -> TextPosition? {
        geometry.closestPosition(to: point)
    }

    public func closestPosition(to point: Point, within range: TextRange) -> TextPosition? {
        geometry.closestPosition(to: point, within: range)
    }

    public func characterRange(at point: Point) -> TextRange? {
        geometry.characterRange(at: point)
    }
}

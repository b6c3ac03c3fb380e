extension Rect {
    /// The rect moved by `offset`: what a rect in an element's own coordinates is on a page
    /// where the element's origin is `offset`.
    ///
    /// - Parameter offset: how far to move, across and down.
    public func offset(by offset: Point) -> Rect {
        Rect(x: minX + offset.x, y: minY + offset.y, width: width, height: height)
    }
}

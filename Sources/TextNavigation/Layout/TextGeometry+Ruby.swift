/// Where ruby readings sit beside their base text.
extension TextGeometry {
    /// The rects a ruby reading over `base` sits in, `thickness` thick, one beside each of the
    /// base's selection rects on its over side (CSS `ruby-position: over`): above a horizontal
    /// line, to the right of a column in vertical text (`vertical-rl` and `vertical-lr` alike).
    /// Empty when the range is empty or outside the text.
    ///
    /// The layout keeps no room for ruby: the rects lie over the space between lines (or over
    /// the neighbouring line, when lines touch). Pair them with an element's
    /// ``ElementMarkup/ruby`` ranges to draw or announce the readings.
    ///
    /// - Parameters:
    ///   - base: the range of the ruby's base text (``RubyAnnotation/range``).
    ///   - thickness: how far the rects reach from the base (half the line height is usual).
    public func rubyRects(for base: TextRange, thickness: Double) -> [Rect] {
        let thickness = max(0, thickness)
        return selectionRects(for: base).map { selection in
            let rect = selection.rect
            return writingMode.isVertical
                ? Rect(x: rect.maxX, y: rect.minY, width: thickness, height: rect.height)
                : Rect(x: rect.minX, y: rect.minY - thickness, width: rect.width, height: thickness)
        }
    }
}

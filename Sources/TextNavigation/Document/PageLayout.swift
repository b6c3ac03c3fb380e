/// How a document is cut into pages: a line width, a number of lines per page, the font model
/// lines are measured with and the text scale.
///
/// The width is in the font model's unit: terminal cells for ``CellMetrics`` (the default),
/// points for a real font's metrics. A larger ``textScale`` (Dynamic Type) lays every line out
/// again; positions, and so locators and saved selections, keep their meaning.
///
/// Two layouts are equal when their width, lines per page and text scale are, and their font
/// models are the same value (a `Hashable` model), the same instance (a class), or of the same
/// type (any other model).
public struct PageLayout: Sendable, Hashable {
    /// The width lines are laid out at, in the font model's unit (at least 1).
    public var width: Double
    /// How many lines a page holds (at least 1). A blank line separates paragraphs on a page.
    public var linesPerPage: Int
    /// The font model lines are measured with.
    public var metrics: any FontMetrics
    /// The factor applied to every advance and line height (1 is the font's own size).
    public var textScale: Double

    /// A layout. A width or line count below 1 (or a width that is not finite) is raised to 1, and a text scale that is not a
    /// positive number is taken as 1.
    ///
    /// - Parameters:
    ///   - width: the width lines are laid out at, in the font model's unit.
    ///   - linesPerPage: how many lines a page holds.
    ///   - metrics: the font model (terminal cells by default).
    ///   - textScale: the factor applied to every advance and line height.
    public init(
        width: Double = 70, linesPerPage: Int = 30, metrics: any FontMetrics = CellMetrics(), textScale: Double = 1
    ) {
        self.width = width >= 1 && width.isFinite ? width : 1
        self.linesPerPage = max(1, linesPerPage)
        self.metrics = metrics
        self.textScale = textScale > 0 && textScale.isFinite ? textScale : 1
    }

    /// The width in whole terminal cells, for front ends that draw in a grid.
    public var cellWidth: Int { Int(min(width, Double(Int32.max)).rounded(.down)) }

    /// What each element's lines are fitted with.
    var lineSettings: LineSettings { LineSettings(width: width, metrics: metrics, textScale: textScale) }

    public static func == (lhs: PageLayout, rhs: PageLayout) -> Bool {
        lhs.width == rhs.width && lhs.linesPerPage == rhs.linesPerPage && lhs.textScale == rhs.textScale
            && FontMetricsIdentity(lhs.metrics) == FontMetricsIdentity(rhs.metrics)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(linesPerPage)
        hasher.combine(textScale)
        hasher.combine(FontMetricsIdentity(metrics))
    }
}

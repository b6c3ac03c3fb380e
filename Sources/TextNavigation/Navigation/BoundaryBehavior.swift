/// What movement does at the edge of an element (Chromium's `AXBoundaryBehavior`).
public enum BoundaryBehavior: Sendable, Hashable, CaseIterable {
    /// Go on into the next (previous) linked element, with no gap and no repeat. The default.
    case crossElements
    /// Stop at the element's edge: move to its end (start) once, then report the edge.
    case stopAtElementEdge
    /// Cross elements, but stop at the last boundary of the whole document: move to the end
    /// (start) of the last (first) element the links lead to once, then report the edge.
    case stopAtDocumentEdge
}

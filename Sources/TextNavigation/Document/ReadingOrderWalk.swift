/// A walk through a document's elements in reading order, one direction, from element to
/// element by their links (``Document/readingNeighbour(of:_:)``), that never reaches an element
/// twice: where the links lead back to an element the walk has been to (a cycle), or outside
/// the document, or nowhere, the walk ends, as at the document's edge.
///
/// A book's document is walked by index, keeping nothing; a walk over other documents keeps
/// the elements it has been to.
struct ReadingOrderWalk {
    let document: Document
    let direction: TextStorageDirection
    /// The element the walk is at.
    private(set) var element: Int
    /// The elements the walk has been to, or `nil` for a book's document, whose walk goes by
    /// index and so cannot come back.
    private var visited: Set<Int>?

    /// A walk from element `start` (which counts as visited).
    ///
    /// - Parameters:
    ///   - document: the document.
    ///   - start: the element the walk starts at.
    ///   - direction: forward follows next links, backward previous ones.
    ///   - avoiding: an element the walk ends before reaching (a selection's anchor, for a
    ///     focus that must not come round to it).
    init(document: Document, from start: Int, _ direction: TextStorageDirection, avoiding: Int? = nil) {
        self.document = document
        self.direction = direction
        self.element = start
        if !document.elements.readsInElementOrder {
            visited = Set([start] + (avoiding.map { [$0] } ?? []))
        }
    }

    /// Goes on to the next element in the walk's direction and returns its index, or `nil`
    /// (staying put) at the end of the walk.
    mutating func step() -> Int? {
        guard let next = document.readingNeighbour(of: element, direction) else { return nil }
        if visited?.insert(next).inserted == false { return nil }
        element = next
        return next
    }

    /// Whether the walk comes to element `target`, walking on until it does or ends.
    mutating func reaches(_ target: Int) -> Bool {
        while element != target {
            guard step() != nil else { return false }
        }
        return true
    }
}

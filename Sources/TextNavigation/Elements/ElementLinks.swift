/// An element's links to the next and previous text-navigation elements, held weakly (no
/// retain cycle between neighbours), as SwiftUI's `accessibilityLinkedGroup` sets them.
///
/// A conformer of ``NavigableElement`` keeps one and returns it from
/// ``NavigableElement/links``; ``link(_:)`` fills the links of a run of elements.
///
/// `Sendable`: the links live behind a lock.
public final class ElementLinks: Sendable {
    private let state = Locked<State>(State())

    private struct State {
        weak var next: (any NavigableElement)?
        weak var previous: (any NavigableElement)?
    }

    /// Links to nothing yet.
    public init() {}

    /// The element reading continues with, or `nil`.
    public var next: (any NavigableElement)? { state.withLock { $0.next } }

    /// The element before, or `nil`.
    public var previous: (any NavigableElement)? { state.withLock { $0.previous } }

    /// Sets both links.
    ///
    /// - Parameters:
    ///   - next: the element reading continues with, or `nil`.
    ///   - previous: the element before, or `nil`.
    public func set(next: (any NavigableElement)?, previous: (any NavigableElement)?) {
        state.withLock { state in
            state.next = next
            state.previous = previous
        }
    }

    /// Links `elements` in order: each element's next is the one after it and its previous the
    /// one before (`a.next?.previous === a`); the first one's previous and the last one's next
    /// are cleared. An element whose ``NavigableElement/links`` is `nil` is left as it is.
    ///
    /// - Parameter elements: the elements, in reading order.
    public static func link(_ elements: [any NavigableElement]) {
        for (index, element) in elements.enumerated() {
            element.links?.set(
                next: index + 1 < elements.count ? elements[index + 1] : nil,
                previous: index > 0 ? elements[index - 1] : nil)
        }
    }
}

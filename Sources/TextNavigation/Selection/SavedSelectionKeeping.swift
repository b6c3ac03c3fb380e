import Foundation

/// Where the edit rotor's "Save selection" keeps what it saves (``SelectionController/saveTarget``):
/// the store target's `SavedSelectionStore`, or a reader backend's own storage.
///
/// The core knows no storage engine; a keeper decides how durable a save is.
public protocol SavedSelectionKeeping: Sendable {
    /// Keeps `selection` and returns the identifier it is kept under.
    ///
    /// - Throws: when the selection could not be kept; nothing is kept then.
    @discardableResult
    func save(_ selection: SavedSelection) throws -> UUID

    /// Keeps `selections`, the records of one save (the parts of a selection across elements).
    ///
    /// A keeper that can keep them all or none should (a `SavedSelectionStore` does, in one
    /// transaction); the default keeps them one by one.
    ///
    /// - Throws: when they could not be kept.
    func save(_ selections: [SavedSelection]) throws
}

extension SavedSelectionKeeping {
    /// Keeps each of `selections` in turn, as a single selection is kept: those kept before a
    /// failure stay kept.
    public func save(_ selections: [SavedSelection]) throws {
        for selection in selections { try save(selection) }
    }
}

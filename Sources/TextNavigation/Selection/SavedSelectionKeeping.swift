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
}

/// A read-only table built once per process and never freed (a property per code unit, say), so
/// that a hot loop can keep a plain pointer to it: reading a `static let` array goes through the
/// lazy global's initialization check (`swift_once`) at every access the optimizer cannot hoist.
///
/// `Sendable`: the entries are written once, before the table is published, and never again.
struct CodeUnitTable<Element: BitwiseCopyable>: @unchecked Sendable {
    /// The entries; valid for the life of the process.
    let entries: UnsafeBufferPointer<Element>

    /// A table holding a copy of `elements`.
    init(_ elements: [Element]) {
        let storage = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = storage.initialize(from: elements)
        entries = UnsafeBufferPointer(storage)
    }

    /// Entry `index`.
    @inline(__always)
    subscript(index: Int) -> Element { entries[index] }
}

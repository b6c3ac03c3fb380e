/// A book's identity in a `SavedSelectionStore`: what its saved selections are filed under,
/// so they follow the book when its file is moved or copied.
///
/// Either a fingerprint of the book's bytes (``init(fingerprintOf:)``, what the `readaloud`
/// command line uses) or an identifier a reader backend already has for the book (a catalogue
/// id, an EPUB's unique identifier; ``init(_:)``). The store keeps ``rawValue``; two
/// identities are the same book when their raw values are equal.
public struct BookIdentity: Sendable, Hashable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The identity as the store keeps it.
    public let rawValue: String

    /// A backend-supplied identity.
    ///
    /// - Parameter rawValue: any stable string that names the book (not empty, to be useful).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// An identity written as a string literal.
    ///
    /// - Parameter value: the raw value.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The fingerprint of a book's bytes: 64-bit FNV-1a over them and their count, written
    /// `fnv1a64:<16 hex digits>:<byte count>`. The same bytes always give the same identity,
    /// so a copy of the file finds the original's selections.
    ///
    /// - Parameter bytes: the book file's bytes, exactly as stored.
    /// - Complexity: O(n) in the number of bytes.
    public init(fingerprintOf bytes: some Sequence<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
            count += 1
        }
        let hex = String(hash, radix: 16)
        self.init("fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex + ":\(count)")
    }

    /// The raw value.
    public var description: String { rawValue }

    /// Reads the identity from its raw value, a single string.
    ///
    /// - Parameter decoder: the decoder to read from.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the raw value as a single string.
    ///
    /// - Parameter encoder: the encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

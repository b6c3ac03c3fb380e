/// A run of UTF-16 text: a range of a ``UTF16Buffer``, the unit every tokenizer and layout works
/// on.
///
/// Offsets into a storage are relative to its start, so an element that is one paragraph of a
/// book counts from 0 even though its text sits in the middle of the book's buffer. A storage
/// holds its buffer, so the memory stays valid for as long as any storage (or an ICU iterator
/// holding one) refers to it.
public struct TextStorage: Sendable {
    /// The buffer the text lives in.
    public let buffer: UTF16Buffer
    /// The code units of `buffer` this storage covers.
    public let bufferRange: Range<Int>

    /// Storage holding a copy of `string`.
    public init(_ string: String) {
        let buffer = UTF16Buffer(string)
        self.init(buffer: buffer, range: 0..<buffer.count)
    }

    /// Storage over `range` of `buffer`; `range` is clamped to the buffer.
    public init(buffer: UTF16Buffer, range: Range<Int>) {
        self.buffer = buffer
        self.bufferRange = range.clamped(to: 0..<buffer.count)
    }

    /// The number of UTF-16 code units.
    public var count: Int { bufferRange.count }

    /// Whether the storage holds no text.
    public var isEmpty: Bool { bufferRange.isEmpty }

    /// The code unit at `offset`; `offset` must be in `0..<count`.
    @inline(__always)
    public subscript(offset: Int) -> UInt16 {
        precondition(offset >= 0 && offset < count, "offset out of range")
        return buffer.units[bufferRange.lowerBound + offset]
    }

    /// The code unit at `offset`, or `nil` outside `0..<count`.
    @inline(__always)
    public func codeUnit(at offset: Int) -> UInt16? {
        offset >= 0 && offset < count ? buffer.units[bufferRange.lowerBound + offset] : nil
    }

    /// Calls `body` with the code units. The pointer is valid only inside `body`.
    public func withUTF16<R, E: Error>(_ body: (UnsafeBufferPointer<UInt16>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(rebasing: buffer.units[bufferRange]))
    }

    /// The whole text as a `String`.
    public var string: String { string(in: 0..<count) ?? "" }

    /// The text of `range`, or `nil` when `range` is out of bounds. A range whose ends split a
    /// surrogate pair yields U+FFFD for the lone half.
    public func string(in range: Range<Int>) -> String? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        let base = bufferRange.lowerBound
        return String(
            utf16Units: UnsafeBufferPointer(
                rebasing: buffer.units[(base + range.lowerBound)..<(base + range.upperBound)]))
    }

    /// Storage over a sub-range of this one (offsets relative to this storage), or `nil` when out
    /// of bounds.
    public func substorage(_ range: Range<Int>) -> TextStorage? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        let base = bufferRange.lowerBound
        return TextStorage(buffer: buffer, range: (base + range.lowerBound)..<(base + range.upperBound))
    }

    /// The Unicode scalar starting at `offset`, decoding a surrogate pair; a lone surrogate
    /// reads as U+FFFD. `nil` outside `0..<count`.
    public func scalar(at offset: Int) -> Unicode.Scalar? {
        guard let unit = codeUnit(at: offset) else { return nil }
        if UTF16.isLeadSurrogate(unit), let trail = self.codeUnit(at: offset + 1), UTF16.isTrailSurrogate(trail) {
            return Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00))
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    /// The Unicode scalar ending just before `offset` (decoding a surrogate pair), with its
    /// start offset; `nil` at or before the start.
    public func scalar(before offset: Int) -> (scalar: Unicode.Scalar, start: Int)? {
        guard offset > 0, let unit = codeUnit(at: offset - 1) else { return nil }
        if UTF16.isTrailSurrogate(unit), let lead = self.codeUnit(at: offset - 2), UTF16.isLeadSurrogate(lead) {
            return (scalar(at: offset - 2)!, offset - 2)
        }
        return (Unicode.Scalar(unit) ?? "\u{FFFD}", offset - 1)
    }
}

extension String {
    /// The text of UTF-16 code units, with U+FFFD for each lone surrogate: what
    /// `String(decoding:as: UTF16.self)` makes, in one pass that writes UTF-8 straight into the
    /// string's storage (the standard library's decoder from UTF-16 takes about five times as
    /// many instructions, and read-all makes a string of every utterance).
    init(utf16Units units: UnsafeBufferPointer<UInt16>) {
        // Each UTF-16 unit becomes at most 3 bytes of UTF-8 (a surrogate pair, 2 units, 4 bytes).
        self.init(unsafeUninitializedCapacity: units.count * 3) { bytes in
            var written = 0
            var index = 0
            while index < units.count {
                var scalar = UInt32(units[index])
                index += 1
                if scalar & 0xF800 == 0xD800 {
                    if scalar < 0xDC00, index < units.count, units[index] & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                        index += 1
                    } else {
                        scalar = 0xFFFD
                    }
                }
                written += Self.writeUTF8(scalar, to: bytes, at: written)
            }
            return written
        }
    }

    /// Writes `scalar` (a Unicode scalar value) as UTF-8 at `offset`; returns the byte count.
    @inline(__always)
    private static func writeUTF8(_ scalar: UInt32, to bytes: UnsafeMutableBufferPointer<UInt8>, at offset: Int)
        -> Int
    {
        switch scalar {
        case ..<0x80:
            bytes[offset] = UInt8(scalar)
            return 1
        case ..<0x800:
            bytes[offset] = UInt8(0xC0 | scalar >> 6)
            bytes[offset + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            bytes[offset] = UInt8(0xE0 | scalar >> 12)
            bytes[offset + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            bytes[offset + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            bytes[offset] = UInt8(0xF0 | scalar >> 18)
            bytes[offset + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            bytes[offset + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            bytes[offset + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}

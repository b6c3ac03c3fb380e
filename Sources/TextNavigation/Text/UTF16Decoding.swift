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
                // A surrogate never gets here: `scalar` is a valid scalar value.
                UTF8.encode(Unicode.Scalar(scalar).unsafelyUnwrapped) { byte in
                    bytes[written] = byte
                    written += 1
                }
            }
            return written
        }
    }
}

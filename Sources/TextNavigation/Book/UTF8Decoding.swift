/// Strict UTF-8 validation and UTF-8 to UTF-16 transcoding for book loading.
enum UTF8Decoding {
    /// The first invalid sequence in `bytes`, or `nil` when all of it is valid UTF-8
    /// (RFC 3629: no overlong forms, no surrogate code points, nothing above U+10FFFF).
    ///
    /// - Complexity: O(n), with an ASCII fast path.
    static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: String)? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            case 0x80...0xBF: return (index, "unexpected continuation byte 0x\(hex(lead))")
            case 0xC0, 0xC1: return (index, "overlong encoding (lead byte 0x\(hex(lead)))")
            default: return (index, "byte 0x\(hex(lead)) never appears in UTF-8")
            }
            guard index + length <= count else { return (index, "truncated \(length)-byte sequence at end of input") }
            var scalar = UInt32(lead) & (0xFF >> UInt32(length + 1))
            for next in 1..<length {
                let byte = bytes[index + next]
                guard byte & 0xC0 == 0x80 else {
                    return (index, "truncated \(length)-byte sequence (byte 0x\(hex(byte)) is not a continuation)")
                }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            if scalar < minimum { return (index, "overlong encoding of U+\(hex(scalar))") }
            if (0xD800...0xDFFF).contains(scalar) { return (index, "encoded surrogate code point U+\(hex(scalar))") }
            if scalar > 0x10FFFF { return (index, "code point above U+10FFFF") }
            index += length
        }
        return nil
    }

    private static func hex<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count % 2 == 1 ? "0" + digits : digits
    }

    /// Transcodes valid UTF-8 into `target` starting at `offset`; returns the offset after the
    /// last unit written. `target` must have room (a UTF-8 byte never yields more than one
    /// UTF-16 unit).
    @inline(__always)
    static func transcode(
        _ bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt16>, at offset: Int
    ) -> Int {
        var out = offset
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                target[out] = UInt16(lead)
                out += 1
                index += 1
            } else if lead < 0xE0 {
                target[out] = UInt16(lead & 0x1F) << 6 | UInt16(bytes[index + 1] & 0x3F)
                out += 1
                index += 2
            } else if lead < 0xF0 {
                target[out] =
                    UInt16(lead & 0x0F) << 12 | UInt16(bytes[index + 1] & 0x3F) << 6 | UInt16(bytes[index + 2] & 0x3F)
                out += 1
                index += 3
            } else {
                let scalar =
                    UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                let value = scalar - 0x10000
                target[out] = UInt16(0xD800 + (value >> 10))
                target[out + 1] = UInt16(0xDC00 + (value & 0x3FF))
                out += 2
                index += 4
            }
        }
        return out
    }

    /// The number of UTF-8 bytes the UTF-16 code units encode (a lone surrogate counts as the
    /// three bytes of its U+FFFD replacement).
    static func utf8Length(of units: UnsafeBufferPointer<UInt16>) -> Int {
        var bytes = 0
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit < 0x80 {
                bytes += 1
            } else if unit < 0x800 {
                bytes += 2
            } else if UTF16.isLeadSurrogate(unit), index + 1 < units.count, UTF16.isTrailSurrogate(units[index + 1]) {
                bytes += 4
                index += 1
            } else {
                bytes += 3
            }
            index += 1
        }
        return bytes
    }
}

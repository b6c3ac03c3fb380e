import TextNavigation

/// Strict UTF-8 validation, UTF-16 counting and UTF-8 to UTF-16 transcoding for book loading.
///
/// The loops read eight bytes at a time where the text is ASCII (most of a European book) and
/// fall back to one scalar at a time elsewhere.
enum UTF8Decoding {
    /// What ``validate(_:stoppingAtNUL:discarding:)`` found.
    struct Validation {
        /// The first NUL byte (only looked for when asked to stop at one).
        var firstNUL: Int?
        /// The first invalid sequence and why it is invalid.
        var firstError: (offset: Int, reason: String)?
        /// Whether a ruby reading `《…》` (U+300A, then U+300B) appears: Aozora Bunko markup.
        var hasRubyReading = false
        /// Whether U+300A `《` and U+300B `》` appear at all (so that parts validated apart tell
        /// whether one part's `《` comes before another's `》`).
        var hasRubyOpen = false
        var hasRubyClose = false
    }

    /// The fewest bytes in a part of ``validateOnEveryCore(_:stoppingAtNUL:)``.
    static let minimumPartBytes = 1 << 19

    /// What ``validate(_:stoppingAtNUL:discarding:)`` finds, found by validating parts of
    /// `bytes` on every core: the parts are cut after line feeds (a byte that is never inside a
    /// scalar, so each part's scan steps from scalar to scalar as the scan of the whole does).
    /// When a part has an invalid sequence or a NUL byte (which ends the scan of the whole), the
    /// whole is validated again in one pass, so the first one is reported exactly as there.
    ///
    /// - Complexity: O(n), spread over the cores.
    static func validateOnEveryCore(
        _ bytes: UnsafeBufferPointer<UInt8>, stoppingAtNUL: Bool, parts: Int = EveryCore.count,
        minimumPartBytes: Int = minimumPartBytes
    ) -> Validation {
        var cuts = [0]
        // No part much shorter than the minimum, the last one either (one part for less than twice it).
        let parts = max(1, min(parts, bytes.count / max(1, minimumPartBytes)))
        let size = max(1, minimumPartBytes, bytes.count / parts)
        while let last = cuts.last, last + size < bytes.count {
            guard let lineFeed = bytes[(last + size)...].firstIndex(of: 0x0A), lineFeed + 1 < bytes.count else { break }
            cuts.append(lineFeed + 1)
        }
        guard cuts.count > 1 else { return validate(bytes, stoppingAtNUL: stoppingAtNUL) }
        cuts.append(bytes.count)
        let results = EveryCore.map(cuts.count - 1) { part in
            validate(UnsafeBufferPointer(rebasing: bytes[cuts[part]..<cuts[part + 1]]), stoppingAtNUL: stoppingAtNUL)
        }
        guard results.allSatisfy({ $0.firstError == nil && $0.firstNUL == nil }) else {
            return validate(bytes, stoppingAtNUL: stoppingAtNUL)
        }
        var whole = Validation()
        for result in results {
            whole.hasRubyReading =
                whole.hasRubyReading || result.hasRubyReading || (whole.hasRubyOpen && result.hasRubyClose)
            whole.hasRubyOpen = whole.hasRubyOpen || result.hasRubyOpen
            whole.hasRubyClose = whole.hasRubyClose || result.hasRubyClose
        }
        return whole
    }

    /// Every byte is ASCII and none is NUL: `(word | (word - 0x01…)) & 0x80… == 0`.
    @inline(__always)
    private static func isPlainASCII(_ word: UInt64) -> Bool {
        (word | (word &- 0x0101_0101_0101_0101)) & 0x8080_8080_8080_8080 == 0
    }

    @inline(__always)
    static func word(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    }

    /// Validates `bytes` as UTF-8 (RFC 3629: no overlong forms, no surrogate code points,
    /// nothing above U+10FFFF) in one pass, noting Aozora Bunko ruby readings as it goes.
    ///
    /// - Parameters:
    ///   - stoppingAtNUL: look for the first NUL byte and stop there; a NUL after an invalid
    ///     sequence is still found (a binary file is reported as binary, not as bad UTF-8).
    ///   - discarding: called now and then with the offset below which the bytes will not be
    ///     read again in this pass (to let a mapped file's pages go).
    /// - Complexity: O(n), eight ASCII bytes at a time.
    static func validate(
        _ bytes: UnsafeBufferPointer<UInt8>, stoppingAtNUL: Bool, discarding: (Int) -> Void = { _ in }
    ) -> Validation {
        var result = Validation()
        var index = 0
        let count = bytes.count
        var nextDiscard = 1 << 20
        while index < count {
            if index >= nextDiscard {
                discarding(index)
                nextDiscard = index + 1 << 20
            }
            if index + 8 <= count, isPlainASCII(word(bytes, at: index)) {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                if lead == 0, stoppingAtNUL {
                    result.firstNUL = index
                    return result
                }
                index += 1
                continue
            }
            // The common valid forms, checked inline: two bytes (C2–DF, one continuation) and
            // three bytes E1–EC or EE–EF (no overlong or surrogate forms among them).
            if lead >= 0xC2, lead <= 0xDF, index + 1 < count, bytes[index + 1] & 0xC0 == 0x80 {
                index += 2
                continue
            }
            if lead >= 0xE1, lead <= 0xEF, lead != 0xED, index + 2 < count, bytes[index + 1] & 0xC0 == 0x80,
                bytes[index + 2] & 0xC0 == 0x80
            {
                if lead == 0xE3, bytes[index + 1] == 0x80 {
                    if bytes[index + 2] == 0x8A { result.hasRubyOpen = true }
                    if bytes[index + 2] == 0x8B {
                        result.hasRubyClose = true
                        if result.hasRubyOpen { result.hasRubyReading = true }
                    }
                }
                index += 3
                continue
            }
            if let error = invalidSequence(in: bytes, at: index) {
                result.firstError = error
                if stoppingAtNUL { result.firstNUL = firstNUL(in: bytes, from: index, discarding: discarding) }
                return result
            }
            index += lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        }
        return result
    }

    /// The first NUL byte at or after `start`, or `nil`.
    private static func firstNUL(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, discarding: (Int) -> Void)
        -> Int?
    {
        var index = start
        while index < bytes.count {
            let end = min(bytes.count, index + 1 << 20)
            if let found = bytes[index..<end].firstIndex(of: 0) { return found }
            index = end
            discarding(index)
        }
        return nil
    }

    /// Why the sequence whose lead byte (0x80 or above) is at `index` is invalid, or `nil` when
    /// it is a valid scalar.
    private static func invalidSequence(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
        offset: Int, reason: String
    )? {
        let lead = bytes[index]
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
        guard index + length <= bytes.count else {
            return (index, "truncated \(length)-byte sequence at end of input")
        }
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
        return nil
    }

    /// The first invalid sequence in `bytes`, or `nil` when all of it is valid UTF-8.
    ///
    /// - Complexity: O(n), with an ASCII fast path.
    static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, reason: String)? {
        validate(bytes, stoppingAtNUL: false).firstError
    }

    private static func hex<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count % 2 == 1 ? "0" + digits : digits
    }

    /// The number of UTF-16 code units that the valid UTF-8 in `range` of `bytes` transcodes to:
    /// its bytes, less continuation bytes, plus one for each four-byte scalar (a surrogate pair).
    ///
    /// - Complexity: O(n), eight bytes at a time.
    static func utf16Count(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = range.lowerBound
        var continuations = 0
        var fourByteLeads = 0
        while index + 8 <= range.upperBound {
            let word = word(bytes, at: index)
            if word & 0x8080_8080_8080_8080 != 0 {
                // Bit 7 of each byte, and with it bits 6, 5 and 4 of the same byte.
                continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                fourByteLeads +=
                    (word & (word << 1) & (word << 2) & (word << 3) & 0x8080_8080_8080_8080)
                    .nonzeroBitCount
            }
            index += 8
        }
        while index < range.upperBound {
            let byte = bytes[index]
            if byte & 0xC0 == 0x80 { continuations += 1 } else if byte >= 0xF0 { fourByteLeads += 1 }
            index += 1
        }
        return range.count - continuations + fourByteLeads
    }

    /// Transcodes the valid UTF-8 in `range` of `bytes` into `target` starting at `offset`;
    /// returns the offset after the last unit written. `target` must have room for
    /// ``utf16Count(of:in:)`` units.
    @inline(__always)
    static func transcode(
        _ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt16>,
        at offset: Int
    ) -> Int {
        var out = offset
        var index = range.lowerBound
        let end = range.upperBound
        let destination = UnsafeMutableRawPointer(target.baseAddress!)
        while index < end {
            // Sixteen ASCII bytes at once (checked as two words; SIMD comparisons do not
            // vectorize), widened to sixteen code units.
            if index + 16 <= end, (word(bytes, at: index) | word(bytes, at: index + 8)) & 0x8080_8080_8080_8080 == 0 {
                let chunk = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: SIMD16<UInt8>.self)
                destination.storeBytes(
                    of: SIMD16<UInt16>(truncatingIfNeeded: chunk), toByteOffset: out * 2, as: SIMD16<UInt16>.self)
                out += 16
                index += 16
                continue
            }
            if index + 8 <= end, word(bytes, at: index) & 0x8080_8080_8080_8080 == 0 {
                let chunk = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: SIMD8<UInt8>.self)
                destination.storeBytes(
                    of: SIMD8<UInt16>(truncatingIfNeeded: chunk), toByteOffset: out * 2, as: SIMD8<UInt16>.self)
                out += 8
                index += 8
                continue
            }
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

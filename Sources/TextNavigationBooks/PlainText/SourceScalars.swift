import TextNavigation

/// Scalars and display widths read straight from a file's bytes (valid UTF-8), for the
/// loader's rules: one place that decodes a scalar and measures a line in cells.
struct SourceScalars {
    let source: UnsafeBufferPointer<UInt8>

    /// The scalar whose UTF-8 starts at `index`, and how many bytes it takes.
    func scalar(at index: Int) -> (value: UInt32, length: Int) {
        let lead = source[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (0xFF >> UInt32(length + 1))
        for next in 1..<length { value = value << 6 | UInt32(source[index + next] & 0x3F) }
        return (value, length)
    }

    /// The last scalar of `range` (which ends on a scalar), or `nil` when it is empty.
    func lastScalar(in range: Range<Int>) -> UInt32? {
        guard !range.isEmpty else { return nil }
        var index = range.upperBound - 1
        while index > range.lowerBound, source[index] & 0xC0 == 0x80 { index -= 1 }
        return scalar(at: index).value
    }

    /// Whether `value` is an East Asian wide character (two cells).
    static func isWide(_ value: UInt32?) -> Bool {
        guard let value, value >= 0x1100, let scalar = Unicode.Scalar(value) else { return false }
        return ICU.Properties.isWide(scalar)
    }

    /// The width of `range` in cells: two for each wide character, one for any other.
    func width(of range: Range<Int>) -> Int {
        var width = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let (value, length) = scalar(at: index)
            width += Self.isWide(value) ? 2 : 1
            index += length
        }
        return width
    }
}

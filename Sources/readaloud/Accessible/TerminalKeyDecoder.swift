import TextNavigationAccessibility

/// Turns a terminal's bytes into the keys a screen reader knows: the arrows, Home, End, Page Up
/// and Page Down (with Control: `ESC [ 1 ; 5 C`), `+` as the keypad's plus (Orca's say-all),
/// and `q`, Ctrl-C or Ctrl-D to quit. Bytes split across reads are kept until the sequence is
/// whole; anything else is dropped.
struct TerminalKeyDecoder {
    /// What a run of bytes meant.
    enum Key: Equatable {
        case key(AccessibilityKeyEvent)
        case quit
    }

    private var pending: [UInt8] = []

    /// The keys in `bytes`, after what earlier calls left pending.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while let (key, used) = Self.first(in: pending[...]) {
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// The first key of `bytes` and how many bytes it took (`nil` key for bytes that mean
    /// none), or `nil` when the bytes begin an escape sequence not yet whole.
    private static func first(in bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        guard let byte = bytes.first else { return nil }
        switch byte {
        case UInt8(ascii: "q"), 0x03, 0x04: return (.quit, 1)
        case UInt8(ascii: "+"): return (.key(.keypadPlus), 1)
        case 0x0D, 0x0A: return (.key(.enter), 1)
        case 0x1B: return escapeSequence(bytes)
        default: return (nil, 1)
        }
    }

    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return (.key(.escape), 1) }
        // Parameters, then a final byte in 0x40...0x7E.
        var index = start + 2
        while index < bytes.endIndex, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex else { return bytes.count > 16 ? (nil, bytes.count) : nil }
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let final = Character(Unicode.Scalar(bytes[index]))
        let used = index - start + 1
        let control = parameters.hasSuffix(";5")
        let base: AccessibilityKeyEvent?
        switch (final, parameters) {
        case ("A", _): base = .up
        case ("B", _): base = .down
        case ("C", _): base = .right
        case ("D", _): base = .left
        case ("H", _): base = .home
        case ("F", _): base = .end
        case ("~", "1"), ("~", "7"): base = .home
        case ("~", "4"), ("~", "8"): base = .end
        case ("~", "5"), ("~", "5;5"): base = .pageUp
        case ("~", "6"), ("~", "6;5"): base = .pageDown
        case ("k", _) where introducer == UInt8(ascii: "O"): base = .keypadPlus
        default: base = nil
        }
        guard let base else { return (nil, used) }
        return (.key(control ? base.withControl : base), used)
    }
}

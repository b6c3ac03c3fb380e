/// Reads the fuzzer's bytes as a small program: a header (options, layout), a run of operation
/// bytes, and the book's text. Every read is total: past the end it gives zeros, so any byte
/// string is a valid program.
///
/// Layout of an input: `flags`, `width selector`, `lines per page`, `operation count n`, then
/// `n` operation bytes (fewer when the input is short), then the text (the rest).
struct FuzzInput {
    private let bytes: [UInt8]
    private var cursor: Int
    private let operationsEnd: Int

    /// The header fields.
    let flags: UInt8
    let widthSelector: UInt8
    let linesPerPage: UInt8
    /// The book's bytes.
    let text: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }
        flags = byte(0)
        widthSelector = byte(1)
        linesPerPage = byte(2)
        let operationCount = Int(byte(3))
        cursor = min(4, bytes.count)
        operationsEnd = min(bytes.count, 4 + operationCount)
        text = Array(bytes[operationsEnd...])
    }

    /// Whether operation bytes remain.
    var hasOperations: Bool { cursor < operationsEnd }

    /// The next operation byte, or 0 past the end of the operations.
    mutating func next() -> UInt8 {
        guard cursor < operationsEnd else { return 0 }
        defer { cursor += 1 }
        return bytes[cursor]
    }

    /// A small signed number from the next byte: mostly small values, sometimes extremes.
    mutating func integer(around base: Int, spread: Int) -> Int {
        let byte = next()
        switch byte {
        case 0xFF: return Int.max
        case 0xFE: return Int.min
        case 0xFD: return -1
        case 0xFC: return base + spread + 1
        default:
            let span = max(1, 2 * spread + 3)
            return base - 1 + Int(byte) % span
        }
    }

    /// One of `choices`, picked by the next byte.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int(next()) % choices.count]
    }
}

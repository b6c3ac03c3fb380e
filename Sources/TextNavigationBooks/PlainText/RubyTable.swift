import TextNavigation

/// The ruby readings of a book's paragraphs (Aozora Bunko's `《…》`), packed: twelve bytes a
/// reading and its UTF-8, and eight bytes a paragraph that has any, in four arrays for the whole
/// book. Each paragraph's ``RubyAnnotation`` values are made when they are asked for.
///
/// Kept as values (a range and a `String` each, in an array a paragraph, in a dictionary), Kokoro's
/// 4,570 readings (one every forty characters) took about 240 KB, over half as much as its UTF-16
/// text; packed, 100 KB.
struct RubyTable: Sendable {
    /// A reading: its base's range in its paragraph's text (UTF-16 offsets), and where its
    /// UTF-8 ends in `bytes` (it starts where the one before ends).
    private struct Reading {
        var lower: Int32
        var upper: Int32
        var end: Int32
    }

    /// The paragraphs that have readings, in increasing order, and where each one's readings end
    /// in `readings` (they start where the one before's end).
    private var paragraphs: [Int32] = []
    private var ends: [Int32] = []
    private var readings: [Reading] = []
    private var bytes: [UInt8] = []

    /// An empty table.
    init() {}

    /// The tables of consecutive stretches of a book, in order, as one: the paragraph numbers of
    /// `tables[n]` count from `firsts[n]`. The arrays are exactly as large as they need to be.
    init(joining tables: [RubyTable], firsts: [Int]) {
        let paragraphCount = tables.reduce(0) { $0 + $1.paragraphs.count }
        paragraphs.reserveCapacity(paragraphCount)
        ends.reserveCapacity(paragraphCount)
        readings.reserveCapacity(tables.reduce(0) { $0 + $1.readings.count })
        bytes.reserveCapacity(tables.reduce(0) { $0 + $1.bytes.count })
        for (number, table) in tables.enumerated() {
            let (first, readingBase, byteBase) = (Int32(firsts[number]), Int32(readings.count), Int32(bytes.count))
            paragraphs.append(contentsOf: table.paragraphs.lazy.map { $0 + first })
            ends.append(contentsOf: table.ends.lazy.map { $0 + readingBase })
            readings.append(
                contentsOf: table.readings.lazy.map {
                    Reading(lower: $0.lower, upper: $0.upper, end: $0.end + byteBase)
                })
            bytes.append(contentsOf: table.bytes)
        }
    }

    /// Adds the reading `reading` (UTF-8) over `range` of paragraph `paragraph`'s text, after
    /// every reading added before: `paragraph` is at least the last one's.
    mutating func append(paragraph: Int, range: Range<Int>, reading: UnsafeBufferPointer<UInt8>) {
        precondition(paragraphs.last.map { Int($0) <= paragraph } ?? true, "readings are added in order")
        bytes.append(contentsOf: reading)
        readings.append(
            Reading(lower: Int32(range.lowerBound), upper: Int32(range.upperBound), end: Int32(bytes.count)))
        if paragraphs.last.map(Int.init) == paragraph {
            ends[ends.count - 1] = Int32(readings.count)
        } else {
            paragraphs.append(Int32(paragraph))
            ends.append(Int32(readings.count))
        }
    }

    /// The readings of paragraph `paragraph`, in text order; empty for most paragraphs.
    ///
    /// - Complexity: O(log p + r), p the paragraphs with readings, r this one's readings.
    subscript(paragraph: Int) -> [RubyAnnotation] {
        var (low, high) = (0, paragraphs.count)
        while low < high {
            let middle = (low + high) / 2
            if Int(paragraphs[middle]) < paragraph { low = middle + 1 } else { high = middle }
        }
        guard low < paragraphs.count, Int(paragraphs[low]) == paragraph else { return [] }
        let first = low == 0 ? 0 : Int(ends[low - 1])
        return (first..<Int(ends[low])).map { index in
            let reading = readings[index]
            let start = index == 0 ? 0 : Int(readings[index - 1].end)
            return RubyAnnotation(
                range: Int(reading.lower)..<Int(reading.upper),
                reading: String(decoding: bytes[start..<Int(reading.end)], as: UTF8.self))
        }
    }
}

extension RubyTable {
    /// The bytes the table's elements take (its arrays' counts, not their capacities).
    var byteCount: Int {
        (paragraphs.count + ends.count) * MemoryLayout<Int32>.stride + readings.count * MemoryLayout<Reading>.stride
            + bytes.count
    }
}

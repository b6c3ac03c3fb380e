/// How far through a document a place is: its progression from 0 to 1, and its number in the
/// document's positions list, the stable synthetic pages Readium's positions list defines for
/// books without print pages.
///
/// Both count UTF-16 code units of the elements' text, in element order (a book's reading
/// order), so they do not change with the layout: a position is ``length`` units of one
/// resource (an EPUB content document, ``ElementMarkup/href``; a plain-text book is one), and
/// every resource starts a new position, as Readium cuts a reflowable publication. A document
/// with no text has one position, and every place in it has progression 0.
///
/// Made once per document (``Document/positionList``) from the elements' text lengths, without
/// making a book's elements; each query is a binary search.
public struct PositionList: Sendable {
    /// The UTF-16 units of one position (Readium's 1024 characters).
    public static let length = 1024

    /// Where each element starts, counted in UTF-16 units from the document's start; one more
    /// entry than elements: the end.
    private let elementStarts: [Int]
    /// Where each position starts, in the same count, in order; never empty.
    private let starts: [Int]

    /// The positions list of elements whose text lengths are `lengths` and whose resources are
    /// `resources` (the same count; a new resource starts where the name changes).
    init(lengths: [Int], resources: [String?]) {
        var elementStarts = [0]
        elementStarts.reserveCapacity(lengths.count + 1)
        for length in lengths { elementStarts.append(elementStarts[elementStarts.count - 1] + length) }
        var starts: [Int] = []
        var first = 0
        while first < lengths.count {
            var end = first + 1
            while end < lengths.count, resources[end] == resources[first] { end += 1 }
            // Every `length` units of the resource, and its start even when it has no text.
            let (start, stop) = (elementStarts[first], elementStarts[end])
            starts += stride(from: start, to: max(stop, start + 1), by: Self.length)
            first = end
        }
        self.elementStarts = elementStarts
        self.starts = starts.isEmpty ? [0] : starts
    }

    /// The number of positions (at least 1).
    public var count: Int { starts.count }

    /// The document's text length, in UTF-16 units.
    public var totalLength: Int { elementStarts[elementStarts.count - 1] }

    /// How far `position` is from the document's start, in UTF-16 units (clamped into the
    /// document).
    public func offset(of position: ReadingPosition) -> Int {
        guard elementStarts.count > 1 else { return 0 }
        let element = min(max(0, position.element), elementStarts.count - 2)
        let length = elementStarts[element + 1] - elementStarts[element]
        return elementStarts[element] + min(max(0, position.offset), length)
    }

    /// How far through the document `position` is: 0 at its start, 1 at its end (0 for a
    /// document with no text).
    public func progression(at position: ReadingPosition) -> Double {
        totalLength == 0 ? 0 : Double(offset(of: position)) / Double(totalLength)
    }

    /// The number (from 1) of the position holding `position`.
    public func number(at position: ReadingPosition) -> Int {
        let offset = offset(of: position)
        return Self.lastIndex(in: starts, notAfter: offset) + 1
    }

    /// Where position `number` (from 1) starts, or `nil` when there is no such position.
    public func start(ofNumber number: Int) -> ReadingPosition? {
        guard number >= 1, number <= starts.count else { return nil }
        return readingPosition(atOffset: starts[number - 1])
    }

    /// The place `progression` of the way through the document (clamped to 0...1; `nan` is
    /// 0): the UTF-16 unit that far in, which a reader moves to a character boundary.
    public func position(atProgression progression: Double) -> ReadingPosition {
        let fraction = progression.isNaN ? 0 : min(max(progression, 0), 1)
        return readingPosition(atOffset: Int((fraction * Double(totalLength)).rounded(.down)))
    }

    /// The element and offset `offset` UTF-16 units from the document's start: at an element's
    /// end only for the last element (else the start of the next); offset 0 is the first
    /// element's start, however many elements have no text.
    private func readingPosition(atOffset offset: Int) -> ReadingPosition {
        let clamped = min(max(0, offset), totalLength)
        guard clamped > 0 else { return ReadingPosition(element: 0, offset: 0) }
        // The last element starting at or before it; the document's end is the last element's.
        let element = min(Self.lastIndex(in: elementStarts, notAfter: clamped), elementStarts.count - 2)
        return ReadingPosition(element: element, offset: clamped - elementStarts[element])
    }

    /// The index of the last value of `sorted` not after `value` (0 when all are after it).
    private static func lastIndex(in sorted: [Int], notAfter value: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }
}

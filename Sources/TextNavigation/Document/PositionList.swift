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
    /// Each resource's first element and name, in order.
    private let resources: [(first: Int, name: String?)]

    /// The positions list of elements whose text lengths are `lengths` and whose resources are
    /// `resources` (the same count; a new resource starts where the name changes).
    init(lengths: [Int], resources: [String?]) {
        var elementStarts = [0]
        elementStarts.reserveCapacity(lengths.count + 1)
        for length in lengths { elementStarts.append(elementStarts[elementStarts.count - 1] + length) }
        var starts: [Int] = []
        var found: [(first: Int, name: String?)] = []
        var first = 0
        while first < lengths.count {
            var end = first + 1
            while end < lengths.count, resources[end] == resources[first] { end += 1 }
            found.append((first, resources[first]))
            // Every `length` units of the resource, and its start even when it has no text.
            let (start, stop) = (elementStarts[first], elementStarts[end])
            starts += stride(from: start, to: max(stop, start + 1), by: Self.length)
            first = end
        }
        self.elementStarts = elementStarts
        self.starts = starts.isEmpty ? [0] : starts
        self.resources = found
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
        return readingPosition(atOffset: Int((fraction * Double(totalLength)).rounded()))
    }

    // MARK: Resources

    /// The elements of the resource holding element `element` (an EPUB content document; a
    /// plain-text book's every element); empty for a document with no elements.
    public func resourceElements(containing element: Int) -> Range<Int> {
        guard !resources.isEmpty else { return 0..<0 }
        var low = 0
        var high = resources.count
        while low < high {
            let middle = (low + high) / 2
            if resources[middle].first <= element { low = middle + 1 } else { high = middle }
        }
        let index = max(0, low - 1)
        return resources[index].first..<(index + 1 < resources.count ? resources[index + 1].first : elementCount)
    }

    /// The names of the resources, in order (a name twice when the spine lists a document
    /// twice); empty when the elements name none (plain text).
    public var resourceNames: [String] { resources.compactMap(\.name) }

    /// The elements of each resource named `name` (``ElementMarkup/href``), in order: more than
    /// one range when the spine lists the document more than once.
    public func resourceElements(named name: String) -> [Range<Int>] {
        resources.indices.filter { resources[$0].name == name }.map {
            resources[$0].first..<($0 + 1 < resources.count ? resources[$0 + 1].first : elementCount)
        }
    }

    /// How far through its resource `position` is, from 0 to 1 (Readium's `progression`).
    public func resourceProgression(at position: ReadingPosition) -> Double {
        let elements = resourceElements(containing: position.element)
        guard !elements.isEmpty else { return 0 }
        let start = elementStarts[elements.lowerBound]
        let length = elementStarts[elements.upperBound] - start
        return length == 0 ? 0 : Double(offset(of: position) - start) / Double(length)
    }

    /// The place `progression` (0 to 1) of the way through the resource made of `elements`
    /// (a range ``resourceElements(named:)`` gave).
    public func position(atProgression progression: Double, in elements: Range<Int>) -> ReadingPosition {
        guard !elements.isEmpty, elements.upperBound <= elementCount else {
            return ReadingPosition(element: 0, offset: 0)
        }
        let fraction = progression.isNaN ? 0 : min(max(progression, 0), 1)
        let start = elementStarts[elements.lowerBound]
        let length = elementStarts[elements.upperBound] - start
        guard length > 0 else { return ReadingPosition(element: elements.lowerBound, offset: 0) }
        let offset = start + Int((fraction * Double(length)).rounded())
        let element = min(Self.lastIndex(in: elementStarts, notAfter: offset), elements.upperBound - 1)
        return ReadingPosition(element: element, offset: offset - elementStarts[element])
    }

    private var elementCount: Int { elementStarts.count - 1 }

    // MARK: Offsets

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

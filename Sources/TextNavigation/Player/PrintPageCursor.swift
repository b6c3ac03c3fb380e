/// The print pages read-all passes, in reading order: before the first utterance that reaches
/// past a page-break marker (``ElementMarkup/printPages``), that page's label.
///
/// Looks at each element's markers once, as reading reaches it.
struct PrintPageCursor {
    private let document: Document
    /// Every marker before this position has been passed (or was before the start).
    private var passed: ReadingPosition
    /// The last element whose markers were looked up, with them.
    private var cached: (element: Int, markers: [PrintPageMarker])?

    /// A cursor over `document`'s markers from `start` on.
    init(document: Document, from start: ReadingPosition) {
        self.document = document
        self.passed = start
    }

    /// The markers reading `utterance` passes, in order: those from where the last call left
    /// off up to the utterance's end, with their elements.
    mutating func markers(passedReading utterance: Utterance) -> [(element: Int, label: String)] {
        let end = ReadingPosition(element: utterance.element, offset: utterance.range.upperBound)
        guard passed < end else { return [] }
        var found: [(element: Int, label: String)] = []
        for element in passed.element...min(end.element, document.elements.count - 1) {
            for marker in markers(of: element) {
                let position = ReadingPosition(element: element, offset: marker.offset)
                if position >= passed, position < end { found.append((element, marker.label)) }
            }
        }
        passed = end
        return found
    }

    /// The markers of element `index`, looked up once while reading is in it (read by word,
    /// an element is asked for once per word).
    private mutating func markers(of index: Int) -> [PrintPageMarker] {
        if let cached, cached.element == index { return cached.markers }
        let markers = document.elements[index].markup.printPages
        cached = (index, markers)
        return markers
    }
}

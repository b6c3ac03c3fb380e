import TextNavigation
import TextNavigationBooks

/// Announces an EPUB's print pages as read-all passes their markers: before the first utterance
/// that reaches past a marker, that page's label ("Page 169"), in reading order.
struct PrintPageAnnouncer {
    private let pages: [EPUBBook.PrintPage]
    private var next: Int

    /// An announcer for `epub`'s print pages (none for plain text), skipping those before
    /// `start`.
    init(epub: EPUBBook?, from start: ReadingPosition) {
        pages = epub?.printPages ?? []
        next = pages.firstIndex { $0.position >= start } ?? pages.count
    }

    /// The labels of the markers reading `utterance` passes: those before its end not yet
    /// announced.
    mutating func labels(passedReading utterance: Utterance) -> [String] {
        var labels: [String] = []
        let end = ReadingPosition(element: utterance.element, offset: utterance.range.upperBound)
        while next < pages.count, pages[next].position < end {
            labels.append(pages[next].label)
            next += 1
        }
        return labels
    }

    /// Where the print page `label` starts in `epub`.
    static func start(of label: String, in epub: EPUBBook?) throws(CommandFailure) -> ReadingPosition {
        guard let epub else {
            throw CommandFailure("--print-page works with EPUB books (plain text has no print pages)", exitCode: .usage)
        }
        guard let page = epub.printPages.first(where: { $0.label == label }) else {
            let known = epub.printPages.prefix(5).map(\.label).joined(separator: ", ")
            throw CommandFailure(
                "--print-page: the book has no print page '\(label)'"
                    + (known.isEmpty ? " (it has no print page markers)" : " (its pages start: \(known), ...)"),
                exitCode: .usage)
        }
        return page.position
    }
}

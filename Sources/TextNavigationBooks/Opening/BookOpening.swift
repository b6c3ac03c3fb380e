import Dispatch
import TextNavigation

/// A plain-text book opened at a locator, whose first words come before the whole file is read.
///
/// A locator of a plain-text book keeps where its element's text starts in the file
/// (``Locator/sourceByteOffset``). Opening reads only a window of the file around that byte
/// (`pread`, a few tens of kilobytes, cut where a whole load could cut its work, assembled with
/// the same book-wide decisions: `BookWindow`), checks that the locator's element and its
/// context are there, and reads the first utterance from it (``firstEvents``); only then does the
/// whole book load, in the background. ``session()`` waits for it and goes on in the whole
/// book's document just after the first utterance: nothing is skipped or read twice, and every
/// event after the first utterance's is the one a session over the whole book from the same
/// locator gives.
///
/// When the window cannot be used, ``firstEvents`` is empty and ``session()`` is the whole-book
/// session from the locator (its first event, the first utterance): a locator without a byte
/// offset (made before it was kept, or not of a plain-text book), a file edited since (no
/// paragraph starts at the byte, or its text is not the locator's), lossy reading, and what
/// `BookWindow` lists (Aozora markup the whole file may keep, a file not UTF-8 in its head).
/// If the whole book then does not hold the window's paragraphs at the locator's element (the
/// file changed between the two reads), the session starts over from the locator resolved in
/// the whole book, so the first utterance may be read again.
public final class BookOpening: Sendable {
    /// The locator the book was opened at.
    public let locator: Locator
    /// The unit the first utterance and the session read by.
    public let granularity: TextGranularity
    /// The events read from the window: the first utterance, then the events that follow it
    /// (a heading's, when it is a heading's last), with the whole book's element numbers; the
    /// utterance's page is found, when first asked, from the whole book (waiting for it).
    /// Empty when the window could not be used.
    public let firstEvents: [ReadingEvent]

    private let loading: Loading
    private let handOver: HandOver?

    /// What the window gave for going on in the whole book.
    private struct HandOver: Sendable {
        /// The window's paragraphs the first utterance came from, and their element numbers in
        /// the whole book: from the locator's paragraph to the first utterance's.
        let paragraphs: [(element: Int, text: TextStorage, isHeading: Bool)]
        /// The locator's position in the whole book.
        let position: ReadingPosition
        /// Where the next unit is looked for, in the whole book.
        let cursor: ReadingPosition
    }

    /// The whole book, loaded in the background.
    private final class Loading: Sendable {
        private let result = Locked<Result<Document, BookLoadingError>?>(nil)
        private let done = DispatchSemaphore(value: 0)

        init(path: String, options: PlainTextBook.Options, locale: String, layout: PageLayout) {
            DispatchQueue.global(qos: .userInitiated).async { [result, done] in
                let loaded = Result { () throws(BookLoadingError) in
                    Document(
                        book: try PlainTextBook(contentsOf: path, options: options), locale: locale, layout: layout)
                }
                result.withLock { $0 = loaded }
                done.signal()
            }
        }

        /// The whole book's document, waiting for it.
        func document() throws(BookLoadingError) -> Document {
            if result.withLock({ $0 }) == nil {
                done.wait()
                done.signal()  // for the next caller
            }
            return try result.withLock { $0! }.get()
        }
    }

    /// Opens the plain-text book at `path` to read from `locator` by `granularity`, laid out
    /// with `layout` and tokenized with `locale`; the whole book starts loading in the background
    /// once the first utterance is read from the window (or at once, when there is none).
    ///
    /// Errors in reading the whole book are reported by ``document()`` and ``session()``.
    public init(
        contentsOf path: String, from locator: Locator, granularity: TextGranularity = .sentence,
        options: PlainTextBook.Options = PlainTextBook.Options(), locale: String = "en",
        layout: PageLayout = PageLayout()
    ) {
        self.locator = locator
        self.granularity = granularity
        let window = Self.readWindow(
            path: path, locator: locator, granularity: granularity, options: options, locale: locale, layout: layout)
        let loading = Loading(path: path, options: options, locale: locale, layout: layout)
        self.loading = loading
        guard let window else {
            (firstEvents, handOver) = ([], nil)
            return
        }
        let pageFallback = locator.page ?? 1
        let (start, unit) = (window.start, window.utterance.position)
        let page = Utterance.PageNumber.awaited {
            guard let document = try? loading.document() else { return pageFallback }
            return max(document.pageIndex(containing: start), document.pageIndex(containing: unit)) + 1
        }
        firstEvents =
            [.utterance(window.utterance.moved(toElement: window.utterance.element, page: page))]
            + window.following
        handOver = window.handOver
    }

    /// What the window gives: the first utterance (in the whole book's element numbers) and
    /// the events after it, where it started, and the hand-over.
    private struct WindowStart {
        var utterance: Utterance
        var following: [ReadingEvent]
        var start: ReadingPosition
        var handOver: HandOver
    }

    /// The first utterance read from a window of the file around the locator, or `nil`.
    private static func readWindow(
        path: String, locator: Locator, granularity: TextGranularity, options: PlainTextBook.Options, locale: String,
        layout: PageLayout
    ) -> WindowStart? {
        guard let byte = locator.sourceByteOffset,
            let window = BookWindow.read(path: path, textStart: byte, options: options)
        else { return nil }
        let base = locator.position.element - window.paragraph
        guard base >= 0 else { return nil }
        let document = Document(book: window.book, locale: locale, layout: layout)
        var position = locator.position
        position.element = window.paragraph
        guard locator.href == nil, locator.matches(at: position, in: document) else { return nil }
        let session = ReadingSession(
            document: document, granularity: granularity, from: position, deferringPagination: true)
        let start = session.nextCursor
        guard case .utterance(let utterance) = session.next() else { return nil }
        // The events after it, up to the next unit's (never a page turn: those come later).
        let following = session.queuedEvents.map { event -> ReadingEvent in
            switch event {
            case .heading(let element, let text): .heading(element: element + base, text: text)
            case .customContent(let element, let content): .customContent(element: element + base, content: content)
            default: event
            }
        }
        let paragraphs = (window.paragraph...utterance.element).map { index in
            (
                element: index + base, text: window.book.paragraphs.text(at: index),
                isHeading: window.book.paragraphs.isHeading(at: index)
            )
        }
        let cursor = session.nextCursor
        return WindowStart(
            utterance: utterance.moved(toElement: utterance.element + base, page: .known(1)), following: following,
            start: ReadingPosition(element: start.element + base, offset: start.offset),
            handOver: HandOver(
                paragraphs: paragraphs, position: locator.position,
                cursor: ReadingPosition(element: cursor.element + base, offset: cursor.offset)))
    }

    /// The whole book's document, waiting for it to load.
    ///
    /// - Throws: ``BookLoadingError`` as ``PlainTextBook/init(contentsOf:options:)``.
    public func document() throws(BookLoadingError) -> Document { try loading.document() }

    /// A session over the whole book's document that goes on after ``firstEvents`` (from the
    /// locator, deferring pagination, when they are empty or the whole book does not hold the
    /// window's paragraphs there); waits for the whole book.
    ///
    /// - Throws: ``BookOpeningError/loading(_:)`` when the whole book cannot be read,
    ///   ``BookOpeningError/locator(_:)`` when the locator names no place in it.
    public func session() throws(BookOpeningError) -> ReadingSession {
        let document: Document
        do {
            document = try loading.document()
        } catch {
            throw .loading(error)
        }
        if let handOver, holds(handOver, document) {
            return ReadingSession(
                document: document, granularity: granularity, from: handOver.position, continuingAt: handOver.cursor)
        }
        do {
            let position = try locator.resolve(in: document)
            return ReadingSession(
                document: document, granularity: granularity, from: position, deferringPagination: true)
        } catch {
            throw .locator(error)
        }
    }

    /// Whether `document` holds the window's paragraphs the first utterance came from, at the
    /// same element numbers, with the locator's byte offset.
    private func holds(_ handOver: HandOver, _ document: Document) -> Bool {
        guard let paragraphs = document.bookParagraphs,
            let last = handOver.paragraphs.last, last.element < paragraphs.count
        else { return false }
        guard paragraphs.textStartByte(at: handOver.position.element) == locator.sourceByteOffset else {
            return false
        }
        return handOver.paragraphs.allSatisfy { paragraph in
            paragraphs.isHeading(at: paragraph.element) == paragraph.isHeading
                && paragraphs.text(at: paragraph.element).withUTF16 { whole in
                    paragraph.text.withUTF16 { window in whole.elementsEqual(window) }
                }
        }
    }
}

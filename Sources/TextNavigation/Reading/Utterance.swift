/// One unit of text that read-all speaks.
public struct Utterance: Sendable, Hashable {
    /// The text to speak: exactly the element's text in ``range``, or the element's label for
    /// an element read by its label (``isLabel``).
    ///
    /// Made from the element's text when asked for (a session that only needs ranges, such
    /// as one that highlights, builds no strings).
    ///
    /// - Complexity: O(length of the range), on every access.
    public var text: String { label ?? source.text.string(in: range) ?? "" }
    /// The element's label, for an element read by it: an image's description, spoken for an
    /// element whose text is empty.
    private var label: String? { readsLabel ? source.labelRead : nil }
    /// The traits of the element spoken (``ElementTraits/image`` for an image's description).
    public var traits: ElementTraits { source.traits }
    /// The element and what every utterance of it shares (one reference: read-all copies an
    /// utterance many times on its way to the listener).
    private let source: UtteranceSource
    /// The UTF-16 range of the text in its element (what to highlight); empty for an element
    /// read by its label.
    public let range: Range<Int>
    /// The index of the element in the document.
    public var element: Int { source.index }
    public let granularity: TextGranularity
    /// The language the text is in: its element's ``NavigableElement/language`` (a BCP-47 tag
    /// such as `ja-JP`, or an ICU locale id), the voice to speak it with.
    public var language: String { source.language }
    private let readsLabel: Bool
    private let pageNumber: PageNumber
    /// The recorded narration that reads the utterance, played instead of synthesized speech;
    /// `nil` for text that has none. Its ``NarratedSpan/range`` is ``range``.
    public let narration: NarratedSpan?

    /// The page (from 1) the reader is on when the utterance is spoken.
    ///
    /// The first utterance of a session that defers pagination
    /// (``ReadingSession/init(document:granularity:from:deferringPagination:narration:skipping:)``) finds its page
    /// when first asked: that paginates the document if nothing has yet, so it may take as long
    /// as pagination. Every other utterance knows its page when it is made.
    public var page: Int { pageNumber.resolved }

    /// Whether the utterance speaks its element's label rather than its text (an image's
    /// description).
    public var isLabel: Bool { label != nil }

    /// Where the utterance starts.
    public var position: ReadingPosition { ReadingPosition(element: element, offset: range.lowerBound) }

    init(
        source: UtteranceSource, range: Range<Int>, page: PageNumber, granularity: TextGranularity, readsLabel: Bool,
        narration: NarratedSpan? = nil
    ) {
        self.source = source
        self.range = range
        self.pageNumber = page
        self.granularity = granularity
        self.readsLabel = readsLabel
        self.narration = narration
    }

    /// Equal utterances have the same text, range, element, granularity, language, traits,
    /// narration and page (comparing pages may paginate the document, see ``page``).
    public static func == (lhs: Utterance, rhs: Utterance) -> Bool {
        lhs.text == rhs.text && lhs.range == rhs.range && lhs.element == rhs.element
            && lhs.granularity == rhs.granularity && lhs.language == rhs.language && lhs.traits == rhs.traits
            && lhs.isLabel == rhs.isLabel && lhs.narration == rhs.narration
            && lhs.page == rhs.page
    }

    /// Hashes everything but the page, so hashing never paginates.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range)
        hasher.combine(element)
        hasher.combine(granularity)
    }
}

extension Utterance {
    /// An utterance's page number: known when it was made, or left for the document's
    /// pagination to answer.
    package enum PageNumber: Sendable {
        case known(Int)
        /// The page a session that started on the page holding `start` is on when it reaches
        /// `unit` (see ``DeferredPage``).
        case deferred(DeferredPage)
        /// Found by `find` when first asked (which may wait for a book still loading).
        case awaited(@Sendable () -> Int)

        var resolved: Int {
            switch self {
            case .known(let number):
                return number
            case .deferred(let page):
                return page.number
            case .awaited(let find):
                return find()
            }
        }
    }
}

extension Utterance {
    /// The page of the first utterance of a session that defers pagination, found when asked:
    /// the page a session that started on the page holding `start` is on when it reaches
    /// `unit` (pages turn forward only, so the later of the two pages). A class, so that the
    /// utterance stays small.
    package final class DeferredPage: Sendable {
        let document: Document
        let start: ReadingPosition
        let unit: ReadingPosition

        init(document: Document, start: ReadingPosition, unit: ReadingPosition) {
            self.document = document
            self.start = start
            self.unit = unit
        }

        var number: Int { max(document.pageIndex(containing: start), document.pageIndex(containing: unit)) + 1 }
    }
}

extension Utterance: CustomReflectable {
    /// The utterance as it prints and dumps: its text, range, element, granularity and page,
    /// the text made from the element's text (which the utterance keeps instead of a copy).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "text": text, "range": range, "element": element, "granularity": granularity,
                "traits": traits, "pageNumber": pageNumber, "narration": narration as Any,
            ], displayStyle: .struct)
    }
}

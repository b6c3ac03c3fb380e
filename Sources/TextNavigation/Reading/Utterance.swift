/// One unit of text that read-all speaks.
public struct Utterance: Sendable, Hashable {
    /// The text to speak: exactly the element's text in ``range``, or the element's label for
    /// an element read by its label (``isLabel``).
    ///
    /// Made from the element's text when asked for (a session that only needs ranges, such
    /// as one that highlights, builds no strings).
    ///
    /// - Complexity: O(length of the range), on every access.
    public var text: String { label ?? source.string(in: range) ?? "" }
    /// The element's label, for an element read by it: an image's description, spoken for an
    /// element whose text is empty.
    private let label: String?
    /// The traits of the element spoken (``ElementTraits/image`` for an image's description).
    public let traits: ElementTraits
    /// The element's text.
    private let source: TextStorage
    /// The UTF-16 range of the text in its element (what to highlight); empty for an element
    /// read by its label.
    public let range: Range<Int>
    /// The index of the element in the document.
    public let element: Int
    public let granularity: TextGranularity
    /// The language the text is in: its element's ``NavigableElement/language`` (a BCP-47 tag
    /// such as `ja-JP`, or an ICU locale id), the voice to speak it with.
    public let language: String
    private let pageNumber: PageNumber

    /// The page (from 1) the reader is on when the utterance is spoken.
    ///
    /// The first utterance of a session that defers pagination
    /// (``ReadingSession/init(document:granularity:from:deferringPagination:)``) finds its page
    /// when first asked: that paginates the document if nothing has yet, so it may take as long
    /// as pagination. Every other utterance knows its page when it is made.
    public var page: Int { pageNumber.resolved }

    /// Whether the utterance speaks its element's label rather than its text (an image's
    /// description).
    public var isLabel: Bool { label != nil }

    /// Where the utterance starts.
    public var position: ReadingPosition { ReadingPosition(element: element, offset: range.lowerBound) }

    init(
        source: TextStorage, range: Range<Int>, element: Int, page: PageNumber, granularity: TextGranularity,
        language: String, traits: ElementTraits = [], label: String? = nil
    ) {
        self.source = source
        self.language = language
        self.traits = traits
        self.label = label
        self.range = range
        self.element = element
        self.pageNumber = page
        self.granularity = granularity
    }

    /// Equal utterances have the same text, range, element, granularity, language, traits and
    /// page (comparing pages may paginate the document, see ``page``).
    public static func == (lhs: Utterance, rhs: Utterance) -> Bool {
        lhs.text == rhs.text && lhs.range == rhs.range && lhs.element == rhs.element
            && lhs.granularity == rhs.granularity && lhs.language == rhs.language && lhs.traits == rhs.traits
            && lhs.isLabel == rhs.isLabel
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
        /// `unit`: pages turn forward only, so the later of the two pages.
        case deferred(Document, start: ReadingPosition, unit: ReadingPosition)
        /// Found by `find` when first asked (which may wait for a book still loading).
        case awaited(@Sendable () -> Int)

        var resolved: Int {
            switch self {
            case .known(let number):
                return number
            case .deferred(let document, let start, let unit):
                return max(document.pageIndex(containing: start), document.pageIndex(containing: unit)) + 1
            case .awaited(let find):
                return find()
            }
        }
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
                "traits": traits, "pageNumber": pageNumber,
            ], displayStyle: .struct)
    }
}

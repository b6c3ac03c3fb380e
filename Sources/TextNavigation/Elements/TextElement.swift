import Synchronization

/// A navigable element of laid-out text (a paragraph or a heading): text with a tokenizer and a
/// live layout (``makeTextInput()`` gives a ``TextInput`` over them), traits, a label, a value,
/// custom actions and content, and links to the next and previous text-navigation elements
/// (`accessibilityNextTextNavigationElement`).
///
/// Links hold no retain cycle: elements linked with ``link(_:)`` hold each other weakly, and an
/// element a book's document made finds its neighbours through what made it, which it holds
/// weakly (see ``Document/Elements``).
///
/// `Sendable`: everything is immutable after creation except the traits (an atomic word), the
/// lazily made tokenizer and live layout, each published once atomically, and the links of
/// ``link(_:)``, which are behind a lock.
public final class TextElement: NavigableElement {
    /// The element's text; offsets count from its start.
    public let text: TextStorage
    /// What assistive technology says for the element when its text is not enough.
    public let label: String?
    /// The element's value, if it has one.
    public let value: String?
    public let customActions: [CustomAction]
    public let customContent: [CustomContent]
    /// The ICU locale id the element's text is tokenized with.
    public let locale: String
    /// What the element's source markup says beyond its text (an EPUB element's content
    /// document, direction, ruby readings, print pages); empty for plain text.
    public let markup: ElementMarkup

    /// The width, font model and text scale the live layout starts with when it is made.
    private let initialSettings: LineSettings
    private let layoutSlot = OnceSlot<LiveLayout>()
    private let tokenizerSlot = OnceSlot<StringTokenizer>()
    /// The links ``link(_:)`` set, once it has been called on the element.
    private let groupLinks = OnceSlot<ElementLinks>()
    /// The traits' raw value (settable, read with one atomic load).
    private let traitBits: Atomic<UInt64>
    /// What made the element (where its neighbours are found), or `nil` for an element made by
    /// a caller.
    private weak let maker: (any LinkedElementSource)?
    /// The element's index among its maker's elements.
    let index: Int
    /// The backend's own tokenizer for some units, or `nil` for ICU's alone.
    private let custom: CustomUnits?

    /// An element over `text`, laid out `width` wide with `metrics` until its document lays it
    /// out.
    ///
    /// - Parameters:
    ///   - text: the element's text.
    ///   - traits: what the element is (settable later, ``traits``).
    ///   - label: what assistive technology says when the text is not enough (an image's
    ///     description, read instead of an empty text).
    ///   - value: the element's value, if it has one.
    ///   - customActions: the actions it offers (edit-category ones act on a selection).
    ///   - customContent: extra information, read with it (high importance) or on demand.
    ///   - locale: a BCP-47 tag or ICU locale id for tokenization and line breaking; an
    ///     invalid one falls back to the root locale.
    ///   - width: the width it is laid out at until a document lays it out, in `metrics`' unit.
    ///   - metrics: the font model it is measured with until a document lays it out (terminal
    ///     cells by default).
    ///   - textScale: the factor applied to every advance and line height.
    ///   - markup: what its source markup says beyond its text (an EPUB element's).
    ///   - customTokenizer: the backend's own tokenizer over `text` (MeCab, a dictionary of its
    ///     own), whose units of `customGranularities` navigation, read-all and selection use
    ///     instead of ICU's (see ``StringTokenizer/customTokenizer``); `nil` for ICU's alone.
    ///   - customGranularities: which units come from `customTokenizer`: any of word, sentence
    ///     and paragraph.
    public convenience init(
        text: TextStorage, traits: ElementTraits = [], label: String? = nil, value: String? = nil,
        customActions: [CustomAction] = [], customContent: [CustomContent] = [], locale: String = "en",
        width: Double = 70, metrics: any FontMetrics = CellMetrics(), textScale: Double = 1,
        markup: ElementMarkup = ElementMarkup(), customTokenizer: (any TextTokenizer)? = nil,
        customGranularities: Set<TextGranularity> = [.word]
    ) {
        self.init(
            text: text, traits: traits, label: label, value: value, customActions: customActions,
            customContent: customContent, locale: locale,
            settings: LineSettings(width: width, metrics: metrics, textScale: textScale), maker: nil, index: 0,
            markup: markup,
            custom: customTokenizer.flatMap { CustomUnits(tokenizer: $0, granularities: customGranularities) })
    }

    /// An element made on demand by `maker` (a book's document), which finds its links.
    init(
        text: TextStorage, traits: ElementTraits, label: String?, value: String? = nil, customActions: [CustomAction],
        customContent: [CustomContent], locale: String, settings: LineSettings, maker: (any LinkedElementSource)?,
        index: Int,
        markup: ElementMarkup = ElementMarkup(), custom: CustomUnits? = nil
    ) {
        self.custom = custom
        self.markup = markup
        self.text = text
        self.traitBits = Atomic(traits.rawValue)
        self.label = label
        self.value = value
        self.customActions = customActions
        self.customContent = customContent
        self.locale = locale
        self.initialSettings = settings
        self.maker = maker
        self.index = index
    }

    /// An element holding a copy of `string`, with everything
    /// ``init(text:traits:label:value:customActions:customContent:locale:width:metrics:textScale:markup:customTokenizer:customGranularities:)``
    /// takes.
    ///
    /// - Parameters:
    ///   - string: the element's text.
    ///   - traits: what the element is (settable later, ``traits``).
    ///   - label: what assistive technology says when the text is not enough (an image's
    ///     description, read instead of an empty text).
    ///   - value: the element's value, if it has one.
    ///   - customActions: the actions it offers (edit-category ones act on a selection).
    ///   - customContent: extra information, read with it (high importance) or on demand.
    ///   - locale: a BCP-47 tag or ICU locale id for tokenization and line breaking; an
    ///     invalid one falls back to the root locale.
    ///   - width: the width it is laid out at until a document lays it out, in `metrics`' unit.
    ///   - metrics: the font model it is measured with until a document lays it out.
    ///   - textScale: the factor applied to every advance and line height.
    ///   - markup: what its source markup says beyond its text.
    ///   - customTokenizer: a segmenter of the backend's own for `customGranularities`, or
    ///     `nil` for ICU's.
    ///   - customGranularities: the units `customTokenizer` gives.
    public convenience init(
        _ string: String, traits: ElementTraits = [], label: String? = nil, value: String? = nil,
        customActions: [CustomAction] = [], customContent: [CustomContent] = [], locale: String = "en",
        width: Double = 70, metrics: any FontMetrics = CellMetrics(), textScale: Double = 1,
        markup: ElementMarkup = ElementMarkup(), customTokenizer: (any TextTokenizer)? = nil,
        customGranularities: Set<TextGranularity> = [.word]
    ) {
        self.init(
            text: TextStorage(string), traits: traits, label: label, value: value, customActions: customActions,
            customContent: customContent, locale: locale, width: width, metrics: metrics, textScale: textScale,
            markup: markup,
            customTokenizer: customTokenizer, customGranularities: customGranularities)
    }

    /// What the element is. Settable: a backend may mark an element (say, ``ElementTraits/image``)
    /// after making it; readers see the change on their next look (a reading session, once per
    /// element). An element a book's document makes anew, after nobody held it, starts from its
    /// paragraph's traits again.
    public var traits: ElementTraits {
        get { ElementTraits(rawValue: traitBits.load(ordering: .relaxed)) }
        set { traitBits.store(newValue.rawValue, ordering: .relaxed) }
    }

    /// The element's lines at the document's width, shared by its tokenizer and text inputs;
    /// made on first use.
    var lines: LiveLayout {
        layoutSlot.value(orMaking: { LiveLayout(storage: text, locale: locale, settings: initialSettings) })
    }

    /// Whether the live layout has been made (for tests and documents: an element nobody asked
    /// for lines keeps none).
    var hasLines: Bool { layoutSlot.value != nil }

    /// The element's tokenizer (``tokenizer``).
    public var stringTokenizer: StringTokenizer { tokenizer }

    /// The element's current layout: its columns (a ``VerticalLayout``) when its markup's
    /// writing mode is vertical.
    public var geometry: any TextGeometry { makeTextInput().geometry }

    /// The element's tokenizer, made on first use; its line units follow the element's layout.
    ///
    /// - Complexity: O(1); once made, one atomic load and no lock.
    public var tokenizer: StringTokenizer {
        if let existing = tokenizerSlot.value { return existing }
        let lines = self.lines
        // An invalid locale falls back to the root locale, which always opens.
        return tokenizerSlot.store(
            (try? StringTokenizer(
                storage: text, shared: TokenizerLocale.named(locale), lineSource: lines, custom: custom))
                ?? StringTokenizer(storage: text, locale: .root, lineSource: lines, custom: custom))
    }

    /// A new ``TextInput`` over the element: its own selection and delegate, sharing the
    /// element's tokenizer and layout (so `relayout` on it re-lays out the element; prefer
    /// ``Document/relayout(_:)``, which also re-paginates).
    public func makeTextInput() -> LaidOutTextInput {
        let input: LaidOutTextInput
        if lines.layout != nil {
            input = LaidOutTextInput(tokenizer: tokenizer, lineSource: lines)
        } else {
            // A locale ICU rejects: lay the text out by the root locale's rules instead.
            let fallback = LiveLayout(storage: text, locale: "", settings: lines.settings)
            input = LaidOutTextInput(
                tokenizer: StringTokenizer(storage: text, locale: .root, lineSource: fallback), lineSource: fallback)
        }
        input.writingMode = markup.writingMode
        return input
    }

    /// The element's index among `source`'s elements when `source` made it, else `nil`.
    ///
    /// - Complexity: O(1); nothing is made.
    func index(in source: any LinkedElementSource) -> Int? {
        maker === source ? index : nil
    }

    /// The links ``link(_:)`` set (made when first asked for).
    public var links: ElementLinks? { groupLinks.value(orMaking: { ElementLinks() }) }

    /// The element reading continues with, or `nil` at the end of its group.
    public var nextTextNavigationElement: (any NavigableElement)? {
        if let links = groupLinks.value { return links.next }
        guard let maker, index + 1 < maker.count else { return nil }
        return maker.element(at: index + 1)
    }

    /// The element before this one in reading order, or `nil` at the start of its group.
    public var previousTextNavigationElement: (any NavigableElement)? {
        if let links = groupLinks.value { return links.previous }
        guard let maker, index > 0 else { return nil }
        return maker.element(at: index - 1)
    }

    /// Links `elements` in order, like SwiftUI's `accessibilityLinkedGroup` (see
    /// ``ElementLinks/link(_:)``). Links set here replace those an element's document gives it;
    /// a document made with elements keeps them (a book's document reads its paragraphs in
    /// order whatever their links).
    ///
    /// - Parameter elements: the elements, in reading order.
    public static func link(_ elements: [TextElement]) {
        ElementLinks.link(elements)
    }

    /// A copy of the element with `traits` in place of its own: the same text, label, value,
    /// actions, content, locale and markup, laid out at the same width, with no links.
    ///
    /// - Parameter traits: the copy's traits.
    public func withTraits(_ traits: ElementTraits) -> TextElement {
        TextElement(
            text: text, traits: traits, label: label, value: value, customActions: customActions,
            customContent: customContent, locale: locale, settings: lines.settings, maker: nil, index: 0,
            markup: markup)
    }
}

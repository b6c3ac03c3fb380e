/// One navigable element of a document (a paragraph or a heading): text with a tokenizer and a
/// live layout (``makeTextInput()`` gives a ``TextInput`` over them), traits, a label, custom
/// actions and content, and links to the next and previous text-navigation elements
/// (`accessibilityNextTextNavigationElement`).
///
/// Links hold no retain cycle: elements linked with ``link(_:)`` hold each other weakly, and an
/// element a book's document made finds its neighbours through the document, which it holds
/// weakly (see ``Document/Elements``).
///
/// `Sendable`: everything is immutable after creation except the lazily made tokenizer and live
/// layout, each published once atomically, and the links of ``link(_:)``, which are behind a
/// lock.
public final class TextElement: Sendable {
    /// The element's text; offsets count from its start.
    public let text: TextStorage
    public let traits: ElementTraits
    /// What assistive technology says for the element when its text is not enough.
    public let label: String?
    public let customActions: [CustomAction]
    public let customContent: [CustomContent]
    /// The ICU locale id the element's text is tokenized with.
    public let locale: String
    /// What the element's source markup says beyond its text (an EPUB element's content
    /// document, direction, ruby readings, print pages); empty for plain text.
    public let markup: ElementMarkup

    /// The width the live layout starts at when it is made.
    private let initialWidth: Double
    private let layoutSlot = OnceSlot<LiveLayout>()
    private let tokenizerSlot = OnceSlot<StringTokenizer>()
    /// The links ``link(_:)`` set, once it has been called on the element.
    private let groupLinks = OnceSlot<GroupLinks>()
    /// The elements of the document that made the element (where its neighbours are found), or
    /// `nil` for an element made by a caller.
    private weak let maker: ElementFactory?
    /// The element's index among its maker's elements.
    let index: Int

    /// Links set by ``link(_:)``, held weakly.
    private final class GroupLinks: Sendable {
        let state = Locked<State>(State())

        struct State {
            weak var next: TextElement?
            weak var previous: TextElement?
        }
    }

    /// An element over `text`, laid out `width` cells wide until its document lays it out.
    ///
    /// - Parameter locale: a BCP-47 tag or ICU locale id for tokenization and line breaking; an
    ///   invalid one falls back to the root locale.
    public convenience init(
        text: TextStorage, traits: ElementTraits = [], label: String? = nil, customActions: [CustomAction] = [],
        customContent: [CustomContent] = [], locale: String = "en", width: Double = 70,
        markup: ElementMarkup = ElementMarkup()
    ) {
        self.init(
            text: text, traits: traits, label: label, customActions: customActions, customContent: customContent,
            locale: locale, width: width, maker: nil, index: 0, markup: markup)
    }

    /// An element made by a document's elements (``ElementFactory``), which finds its links.
    init(
        text: TextStorage, traits: ElementTraits, label: String?, customActions: [CustomAction],
        customContent: [CustomContent], locale: String, width: Double, maker: ElementFactory?, index: Int,
        markup: ElementMarkup = ElementMarkup()
    ) {
        self.markup = markup
        self.text = text
        self.traits = traits
        self.label = label
        self.customActions = customActions
        self.customContent = customContent
        self.locale = locale
        self.initialWidth = width
        self.maker = maker
        self.index = index
    }

    /// An element holding a copy of `string`.
    public convenience init(_ string: String, traits: ElementTraits = [], label: String? = nil, locale: String = "en") {
        self.init(text: TextStorage(string), traits: traits, label: label, locale: locale)
    }

    /// The element's text as a string.
    public var string: String { text.string }

    /// The element's lines at the document's width, shared by its tokenizer and text inputs;
    /// made on first use.
    var lines: LiveLayout {
        layoutSlot.value(orMaking: { LiveLayout(storage: text, locale: locale, width: initialWidth) })
    }

    /// Whether the live layout has been made (for tests and documents: an element nobody asked
    /// for lines keeps none).
    var hasLines: Bool { layoutSlot.value != nil }

    /// The element's tokenizer, made on first use; its line units follow the element's layout.
    ///
    /// - Complexity: O(1); once made, one atomic load and no lock.
    public var tokenizer: StringTokenizer {
        if let existing = tokenizerSlot.value { return existing }
        let lines = self.lines
        // An invalid locale falls back to the root locale, which always opens.
        return tokenizerSlot.store(
            (try? StringTokenizer(storage: text, locale: locale, lineSource: lines))
                ?? StringTokenizer(storage: text, locale: .root, lineSource: lines))
    }

    /// A new ``TextInput`` over the element: its own selection and delegate, sharing the
    /// element's tokenizer and layout (so `relayout` on it re-lays out the element; prefer
    /// ``Document/relayout(_:)``, which also re-paginates).
    public func makeTextInput() -> LaidOutTextInput {
        if lines.layout != nil { return LaidOutTextInput(tokenizer: tokenizer, lineSource: lines) }
        // A locale ICU rejects: lay the text out by the root locale's rules instead.
        let fallback = LiveLayout(storage: text, locale: "", width: lines.width)
        return LaidOutTextInput(
            tokenizer: StringTokenizer(storage: text, locale: .root, lineSource: fallback), lineSource: fallback)
    }

    /// The element reading continues with, or `nil` at the end of its group.
    public var nextTextNavigationElement: TextElement? {
        if let links = groupLinks.value { return links.state.withLock { $0.next } }
        guard let maker, index + 1 < maker.count else { return nil }
        return maker.element(at: index + 1)
    }

    /// The element before this one in reading order, or `nil` at the start of its group.
    public var previousTextNavigationElement: TextElement? {
        if let links = groupLinks.value { return links.state.withLock { $0.previous } }
        guard let maker, index > 0 else { return nil }
        return maker.element(at: index - 1)
    }

    /// Links `elements` in order, like SwiftUI's `accessibilityLinkedGroup`: each element's
    /// next is the one after it and its previous the one before (`a.next?.previous === a`).
    /// The first element's previous and the last one's next are cleared. Links set here replace
    /// those an element's document gives it.
    public static func link(_ elements: [TextElement]) {
        for (index, element) in elements.enumerated() {
            let previous = index > 0 ? elements[index - 1] : nil
            let next = index + 1 < elements.count ? elements[index + 1] : nil
            element.groupLinks.value(orMaking: { GroupLinks() }).state.withLock { state in
                state.previous = previous
                state.next = next
            }
        }
    }
}

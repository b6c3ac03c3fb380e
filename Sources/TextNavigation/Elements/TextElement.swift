import Synchronization

/// One navigable element of a document (a paragraph or a heading): text with a tokenizer and a
/// live layout (``makeTextInput()`` gives a ``TextInput`` over them), traits, a label, custom
/// actions and content, and links to the next and previous text-navigation elements
/// (`accessibilityNextTextNavigationElement`).
///
/// Links are weak, so a linked group holds no retain cycle; the document owns its elements.
///
/// `Sendable`: everything is immutable after creation except the links and the lazily made
/// tokenizer, which are behind a lock.
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

    /// The element's lines at the document's width, shared by its tokenizer and text inputs.
    let lines: LiveLayout
    private let state = Locked<State>(State())

    private struct State {
        var tokenizer: StringTokenizer?
        weak var next: TextElement?
        weak var previous: TextElement?
    }

    /// An element over `text`, laid out `width` cells wide until its document lays it out.
    ///
    /// - Parameter locale: a BCP-47 tag or ICU locale id for tokenization and line breaking; an
    ///   invalid one falls back to the root locale.
    public init(
        text: TextStorage, traits: ElementTraits = [], label: String? = nil, customActions: [CustomAction] = [],
        customContent: [CustomContent] = [], locale: String = "en", width: Double = 70
    ) {
        self.text = text
        self.traits = traits
        self.label = label
        self.customActions = customActions
        self.customContent = customContent
        self.locale = locale
        self.lines = LiveLayout(storage: text, locale: locale, width: width)
    }

    /// An element holding a copy of `string`.
    public convenience init(_ string: String, traits: ElementTraits = [], label: String? = nil, locale: String = "en") {
        self.init(text: TextStorage(string), traits: traits, label: label, locale: locale)
    }

    /// The element's text as a string.
    public var string: String { text.string }

    /// The element's tokenizer, made on first use; its line units follow the element's layout.
    public var tokenizer: StringTokenizer {
        if let existing = state.withLock({ $0.tokenizer }) { return existing }
        // An invalid locale falls back to the root locale, which always opens.
        let made =
            (try? StringTokenizer(storage: text, locale: locale, lineSource: lines))
            ?? (try! StringTokenizer(storage: text, locale: "", lineSource: lines))
        return state.withLock { state in
            if let existing = state.tokenizer { return existing }
            state.tokenizer = made
            return made
        }
    }

    /// A new ``TextInput`` over the element: its own selection and delegate, sharing the
    /// element's tokenizer and layout (so `relayout` on it re-lays out the element; prefer
    /// ``Document/relayout(_:)``, which also re-paginates).
    public func makeTextInput() -> LaidOutTextInput {
        if lines.layout != nil { return LaidOutTextInput(tokenizer: tokenizer, lineSource: lines) }
        // A locale ICU rejects: lay the text out by the root locale's rules instead.
        let fallback = LiveLayout(storage: text, locale: "", width: lines.width)
        return LaidOutTextInput(
            tokenizer: (try! StringTokenizer(storage: text, locale: "", lineSource: fallback)), lineSource: fallback)
    }

    /// The element reading continues with, or `nil` at the end of its group.
    public var nextTextNavigationElement: TextElement? { state.withLock { $0.next } }

    /// The element before this one in reading order, or `nil` at the start of its group.
    public var previousTextNavigationElement: TextElement? { state.withLock { $0.previous } }

    /// Links `elements` in order, like SwiftUI's `accessibilityLinkedGroup`: each element's
    /// next is the one after it and its previous the one before (`a.next?.previous === a`).
    /// The first element's previous and the last one's next are cleared.
    public static func link(_ elements: [TextElement]) {
        for (index, element) in elements.enumerated() {
            let previous = index > 0 ? elements[index - 1] : nil
            let next = index + 1 < elements.count ? elements[index + 1] : nil
            element.state.withLock { state in
                state.previous = previous
                state.next = next
            }
        }
    }
}

/// One navigable element of a document: what a reader backend gives the engine for a paragraph,
/// a heading, a scanned page, a figure or a table cell (UIKit's accessibility element, with the
/// text of `UIAccessibilityReadingContent` and the links of
/// `accessibilityNextTextNavigationElement`).
///
/// A conformer supplies its text (``text``), a tokenizer over it whose line units come from its
/// lines (``stringTokenizer``), and those lines' geometry (``geometry``). Everything else has a
/// default: no label, value, custom content, custom actions or markup, and the links that
/// ``ElementLinks/link(_:)`` (or a document) recorded. ``makeTextInput()`` gives a
/// ``TextInput`` with its own selection; its default is an ``ElementTextInput`` over the
/// element's geometry and tokenizer.
///
/// ``TextElement`` (laid-out text) and ``ScannedPage`` (recognised text with its own line
/// rects) conform; so may a backend's own type. Navigation, read-all, selection, locators and
/// saved selections work on every conformer. An element whose text is empty and whose
/// ``label`` is not (an image with a description) is read as its label.
///
/// Conformers are `Sendable` classes: a document hands its elements to any task.
public protocol NavigableElement: AnyObject, Sendable {
    /// The text input ``makeTextInput()`` makes.
    associatedtype Input: TextInput = ElementTextInput

    /// The element's text; positions in the element are UTF-16 offsets into it.
    var text: TextStorage { get }
    /// The tokenizer over ``text``, whose line units are the element's lines (those of
    /// ``geometry``). Its words, sentences and paragraphs are ICU's by default, or any
    /// ``TextTokenizer``'s of the backend's (MeCab, a dictionary of its own): make it with
    /// ``StringTokenizer/init(storage:locale:lineSource:customTokenizer:customGranularities:)``
    /// (``TextElement`` takes the same), and navigation, read-all, selection and locators use
    /// those units.
    var stringTokenizer: StringTokenizer { get }
    /// The element's lines and cluster frames now: what carets, selection rects, hit tests and
    /// reading by line number are computed from.
    var geometry: any TextGeometry { get }
    /// What the element is (heading, image, ...). The page-turn trait of a page's last element
    /// is the document's to give (see ``Page/elements``).
    var traits: ElementTraits { get }
    /// What assistive technology says for the element when its text is not enough; read
    /// instead of an empty text (an image's description).
    var label: String? { get }
    /// The element's value, for an element that has one (a table cell's, a slider's).
    var value: String? { get }
    /// Extra information read with the element or on demand.
    var customContent: [CustomContent] { get }
    /// Actions the element offers (the edit-category ones act on a selection in it).
    var customActions: [CustomAction] { get }
    /// What the element's source markup says beyond its text (empty for most elements).
    var markup: ElementMarkup { get }
    /// Where ``ElementLinks/link(_:)`` records the element's neighbours, or `nil` for an
    /// element that finds them another way (its ``nextTextNavigationElement`` says).
    var links: ElementLinks? { get }
    /// The element reading continues with, or `nil` at the end of its group.
    var nextTextNavigationElement: (any NavigableElement)? { get }
    /// The element before this one in reading order, or `nil` at the start of its group.
    var previousTextNavigationElement: (any NavigableElement)? { get }
    /// Where the element's own coordinates start on its page, for an element the backend placed
    /// (a scan whose line rects are in the page image's pixels has the origin (0, 0)); `nil`,
    /// the default, lets the page stack it below the element before it (see ``PageSpace``).
    var pageOrigin: Point? { get }
    /// A new text input over the element, with its own selection and delegate.
    func makeTextInput() -> Input
}

extension NavigableElement {
    /// No label.
    public var label: String? { nil }
    /// No origin of its own: the page stacks the element.
    public var pageOrigin: Point? { nil }
    /// No value.
    public var value: String? { nil }
    /// No custom content.
    public var customContent: [CustomContent] { [] }
    /// No custom actions.
    public var customActions: [CustomAction] { [] }
    /// Empty markup.
    public var markup: ElementMarkup { ElementMarkup() }
    /// No links: the element has no neighbours unless it overrides the links themselves.
    public var links: ElementLinks? { nil }
    /// The next element ``links`` record.
    public var nextTextNavigationElement: (any NavigableElement)? { links?.next }
    /// The previous element ``links`` record.
    public var previousTextNavigationElement: (any NavigableElement)? { links?.previous }

    /// The element read line by line, by line number (UIKit's `UIAccessibilityReadingContent`),
    /// from its ``geometry``: line numbers from 0 at the top, each line's text and frame.
    public func readingContent() -> any AccessibilityReadingContent { ElementTextInput(element: self) }

    /// The element's text as a string.
    public var string: String { text.string }

    /// Whether read-all speaks the element's ``label`` instead of its text: the text is empty
    /// and the label is not (an image with a description).
    public var readsLabel: Bool { text.isEmpty && !(label ?? "").isEmpty }
}

extension NavigableElement where Input == ElementTextInput {
    /// An ``ElementTextInput`` over the element's geometry and tokenizer.
    public func makeTextInput() -> ElementTextInput { ElementTextInput(element: self) }
}

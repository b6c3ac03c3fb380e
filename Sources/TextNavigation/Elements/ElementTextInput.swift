/// The text input of an element that brings its own geometry and tokenizer (the default of
/// ``NavigableElement/makeTextInput()``): carets, selection rects, hit tests, navigation and
/// reading by line number over the element's ``NavigableElement/geometry``, with a selection
/// of its own.
///
/// Not `Sendable`: like a view, it has a mutable selection and a delegate; keep it on one task
/// or actor.
public final class ElementTextInput: TextInput, AccessibilityReadingContent {
    /// The element the input is over.
    public let element: any NavigableElement
    /// Told when the selection will change and did change; held weakly.
    public weak var inputDelegate: (any TextInputDelegate)?

    private var selection: TextRange?

    /// A text input over `element`, with no selection.
    ///
    /// - Parameter element: the element whose geometry and tokenizer the input uses.
    public init(element: any NavigableElement) {
        self.element = element
    }

    /// The element's geometry now.
    public var geometry: any TextGeometry { element.geometry }

    /// The element's tokenizer.
    public var tokenizer: any TextTokenizer { element.stringTokenizer }

    /// The selection. Setting a range outside the text is ignored; ends inside grapheme
    /// clusters are widened to whole clusters. The delegate hears of real changes only.
    public var selectedTextRange: TextRange? {
        get { selection }
        set { changeSelection(to: newValue, from: selection) { selection = $0 } }
    }
}

/// A kind of content a listener may choose to skip during read-all, or to escape once inside
/// it: DAISY's skippability and escapability, which EPUB's structural semantics (`epub:type`),
/// ARIA's roles and a backend's own markup carry (see ``ElementMarkup/structures``).
///
/// Read-all passes by the elements of the kinds it is asked to skip (``skippedByDefault``
/// unless told otherwise, see ``ReadingSession``); ``Navigator/escape()`` leaves the innermost
/// structure of an ``isEscapable`` kind that the navigator is in. The raw values are the names
/// the command line and `serve` use.
public enum ContentKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Footnotes, endnotes, rearnotes and annotations (`epub:type` footnote, endnote, rearnote,
    /// note, annotation; `role` doc-footnote, doc-endnote; a Gutenberg `[Footnote N: …]`
    /// block): read where the listener follows the note reference.
    case note
    /// Print page-break markers (`epub:type="pagebreak"`, `role="doc-pagebreak"`): skipping
    /// them leaves out read-all's announcements of print page numbers.
    case pageBreak = "pagebreak"
    /// Sidebars and asides that are no notes (`aside`, `epub:type="sidebar"`, `role`
    /// complementary).
    case sidebar
    /// Tables (`table`, `role` table or grid).
    case table
    /// Lists (`ul`, `ol`, `dl`, `role="list"`).
    case list
    /// Quotations set apart from the text (`blockquote`).
    case quotation
    /// Figures and illustrations (`figure`, `role="figure"`, a Gutenberg `[Illustration]`
    /// line), their captions included.
    case figure
    /// Captions of figures and tables (`figcaption`, `caption`).
    case caption
    /// The number before a heading's title (`1.2`, `IV.`, `Chapter 3:` in `Chapter 3: The
    /// Pool`, see ``HeadingNumber``): skipping it says the title alone. It is passed over in
    /// speech only; the text, its highlight and locators keep it, and a heading that is
    /// nothing but a number is said whole.
    case headingNumber = "heading-number"

    /// What read-all skips unless asked otherwise: notes alone. A note read where it stands
    /// breaks the text it annotates, and a listener reaches it by its reference, as a print
    /// reader does by eye. Print page numbers are announced (between utterances, never inside
    /// one: a listener keeping up with a printed edition needs them), and tables, lists,
    /// sidebars, quotations, figures and captions are read: content skipped by default is
    /// content a newcomer never learns is there (what Thorium's listeners report of its
    /// skip-everything default).
    public static let skippedByDefault: Set<ContentKind> = [.note]

    /// Whether a listener can leave a structure of this kind and go on after it: notes,
    /// sidebars, tables, lists, quotations and figures (a caption is left with its figure; a
    /// page break holds no text to leave).
    public var isEscapable: Bool {
        switch self {
        case .note, .sidebar, .table, .list, .quotation, .figure: true
        case .pageBreak, .caption, .headingNumber: false
        }
    }

    /// The kind's name as a listener hears it: "note", "page break", "table"…
    public var spokenName: String {
        switch self {
        case .pageBreak: "page break"
        case .headingNumber: "heading number"
        default: rawValue
        }
    }

    /// The kinds a list of names gives, as the command line and `serve` take them: names
    /// separated by commas (the `rawValue`s, or their plurals such as `notes` and `tables`),
    /// `none` for no kind, `all` for every kind.
    ///
    /// - Returns: the kinds, or `nil` when a name is none of them.
    public static func kinds(named list: String) -> Set<ContentKind>? {
        var kinds: Set<ContentKind> = []
        for name in list.split(separator: ",") {
            let name = name.filter { !$0.isWhitespace }.lowercased()
            switch name {
            case "none": continue
            case "all": kinds.formUnion(allCases)
            default:
                guard let kind = ContentKind(name: name) else { return nil }
                kinds.insert(kind)
            }
        }
        return kinds
    }

    /// The kind of `name`: its raw value or the raw value's plural (`notes`, `pagebreaks`).
    public init?(name: String) {
        let name = name.lowercased()
        if let kind = ContentKind(rawValue: name) {
            self = kind
        } else if name.hasSuffix("s"), let kind = ContentKind(rawValue: String(name.dropLast())) {
            self = kind
        } else {
            return nil
        }
    }
}

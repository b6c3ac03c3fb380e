/// Selection by granularity, as VoiceOver's text-selection rotor does it: select the unit at a
/// position, extend by a unit (swipe right), shrink back toward the anchor (swipe left), and
/// the edit rotor's actions on the result.
///
/// - Extending moves the focus to the end of the next unit of the granularity (the end of the
///   unit it is in, when it is inside one), crossing into the next linked element when the
///   current one has no more.
/// - Shrinking moves the focus back to the previous unit end, never past the anchor: a
///   selection shrinks to empty and no further.
/// - Each element the selection touches has a ``TextInput`` whose `selectedTextRange` is that
///   element's part of the selection; its ``TextInputDelegate`` (``inputDelegate``) hears
///   "will change" and "did change" for every real change.
///
/// Not `Sendable`: one reader's selection, like a text view's.
public final class SelectionController {
    public let document: Document
    /// The selection, or `nil` when nothing is selected.
    public private(set) var selection: DocumentSelection?
    /// Told before and after the selection changes in an element (through that element's text
    /// input).
    public weak var inputDelegate: (any TextInputDelegate)? {
        didSet { for input in textInputs.values { input.inputDelegate = inputDelegate } }
    }
    /// Where "Copy" puts the selected text; `nil` leaves "Copy" out of the edit rotor.
    public var pasteboard: (@Sendable (String) -> Void)?
    /// Where "Save selection" saves (a store and the book's identity there); `nil` leaves it out.
    public var saveTarget: (store: SavedSelectionStore, book: String)?
    /// The granularity the selection was last made, extended or shrunk by (kept with saves).
    public private(set) var granularity: TextGranularity = .word

    private var textInputs: [Int: LaidOutTextInput] = [:]

    public init(document: Document) {
        self.document = document
    }

    /// The text input of element `index` that mirrors this controller's selection.
    public func textInput(forElement index: Int) -> LaidOutTextInput? {
        guard index >= 0, index < document.elements.count else { return nil }
        if let existing = textInputs[index] { return existing }
        let input = document.elements[index].makeTextInput()
        input.inputDelegate = inputDelegate
        textInputs[index] = input
        return input
    }

    /// The selected text; parts in different elements are joined by a line break.
    public var selectedText: String {
        guard let selection else { return "" }
        return selection.parts(in: document).map { document.elements[$0.element].text.string(in: $0.range) ?? "" }
            .joined(separator: "\n")
    }

    /// Selects the unit of `granularity` at `position` (the one starting there or holding it;
    /// at a unit's end, that unit). Returns `false`, selecting nothing, in a gap between units
    /// or for a position outside the document.
    @discardableResult
    public func select(_ granularity: TextGranularity, at position: ReadingPosition) -> Bool {
        guard document.contains(position) else { return false }
        let tokenizer = document.elements[position.element].tokenizer
        let range =
            tokenizer.rangeEnclosingPosition(position.textPosition, with: granularity, inDirection: .forward)
            ?? tokenizer.rangeEnclosingPosition(position.textPosition, with: granularity, inDirection: .backward)
        guard let range, !range.isEmpty else {
            setSelection(nil)
            return false
        }
        self.granularity = granularity
        setSelection(
            DocumentSelection(
                anchor: ReadingPosition(element: position.element, offset: range.start.offset),
                focus: ReadingPosition(element: position.element, offset: range.end.offset)))
        return true
    }

    /// Selects the text between two positions (anchor first). Returns `false` for positions
    /// outside the document.
    @discardableResult
    public func select(from anchor: ReadingPosition, to focus: ReadingPosition) -> Bool {
        guard document.contains(anchor), document.contains(focus) else { return false }
        setSelection(DocumentSelection(anchor: anchor, focus: focus))
        return true
    }

    /// Clears the selection.
    public func clear() { setSelection(nil) }

    /// Moves the focus to the end of the next unit of `granularity`. Returns `false` (nothing
    /// changes) when there is no selection or no unit ends after the focus.
    @discardableResult
    public func extend(by granularity: TextGranularity) -> Bool {
        guard var selection else { return false }
        var element = selection.focus.element
        var offset = selection.focus.offset
        while element < document.elements.count {
            let units = document.elements[element].tokenizer.segments(for: granularity)
            let index = units.firstIndex(endingAfter: offset)
            if index < units.count {
                self.granularity = granularity
                selection.focus = ReadingPosition(element: element, offset: units[index].upperBound)
                setSelection(selection)
                return true
            }
            element += 1
            offset = -1
        }
        return false
    }

    /// Takes the last unit of `granularity` off the selection: the focus moves back to the end
    /// of the unit before the last one it holds, but never past the anchor. Returns `false`
    /// when the selection is already empty (or there is none).
    @discardableResult
    public func shrink(by granularity: TextGranularity) -> Bool {
        guard var selection, !selection.isEmpty, selection.focus > selection.anchor else { return false }
        var element = selection.focus.element
        var offset = selection.focus.offset
        var target = selection.anchor
        var skippedLastUnit = false
        search: while element >= selection.anchor.element {
            let units = document.elements[element].tokenizer.segments(for: granularity)
            // The last unit ending at or before the focus is the one to take off; the one
            // before it ends where the focus goes.
            var index = units.firstIndex(endingAfter: offset) - 1
            while index >= 0 {
                if !skippedLastUnit {
                    skippedLastUnit = true
                    index -= 1
                    continue
                }
                let end = ReadingPosition(element: element, offset: units[index].upperBound)
                if end > selection.anchor { target = end }
                break search
            }
            element -= 1
            if element >= 0 { offset = document.elements[element].text.count }
        }
        self.granularity = granularity
        selection.focus = target
        setSelection(selection)
        return true
    }

    /// The edit rotor: the edit-category actions of the elements the selection touches, then
    /// "Copy" (with a ``pasteboard``) and "Save selection" (with a ``saveTarget``). Empty when
    /// nothing, or an empty range, is selected. Built-in actions act on the selection as it is
    /// when the list is made.
    public var editActions: [CustomAction] {
        guard let selection, !selection.isEmpty else { return [] }
        let parts = selection.parts(in: document)
        var actions = parts.flatMap { document.elements[$0.element].customActions.filter { $0.category == .edit } }
        if let pasteboard {
            let text = selectedText
            actions.append(
                CustomAction(name: "Copy", category: .edit, userInputLabels: ["copy", "copy text"]) { _ in
                    pasteboard(text)
                    return true
                })
        }
        if let saveTarget {
            let records = savedSelections(of: parts, book: saveTarget.book)
            let store = saveTarget.store
            actions.append(
                CustomAction(
                    name: "Save selection", category: .edit,
                    userInputLabels: ["save", "keep", "bookmark", "highlight", "save selection"]
                ) { _ in
                    do {
                        for record in records { try store.save(record) }
                        return !records.isEmpty
                    } catch {
                        return false
                    }
                })
        }
        return actions
    }

    /// The saved-selection records for `parts`: one per element the selection touches.
    private func savedSelections(of parts: [(element: Int, range: Range<Int>)], book: String) -> [SavedSelection] {
        parts.compactMap { part in
            SavedSelection(
                book: book, elementIndex: part.element, elementText: document.elements[part.element].string,
                utf16Range: part.range, granularity: granularity,
                pageHint: document.pageIndex(
                    containing: ReadingPosition(element: part.element, offset: part.range.lowerBound)) + 1)
        }
    }

    /// The edit action a user named by any of its names or user-input labels ("save",
    /// "bookmark"), or `nil`.
    public func editAction(named query: String) -> CustomAction? {
        editActions.first { $0.matches(query) }
    }

    /// Performs the edit action named `query` on the selection (an element's own action gets
    /// the selection's part in the first element it touches). Returns `false` when no such
    /// action applies or the action fails.
    @discardableResult
    public func performEditAction(named query: String) -> Bool {
        guard let action = editAction(named: query), let selection else { return false }
        let first = selection.parts(in: document).first
        return action.handler(first.map { TextRange($0.range) })
    }

    private func setSelection(_ new: DocumentSelection?) {
        guard new != selection else { return }
        let oldParts = selection?.parts(in: document) ?? []
        let newParts = new?.parts(in: document) ?? []
        selection = new
        let touched = Set(oldParts.map(\.element) + newParts.map(\.element) + [new?.focus.element].compactMap { $0 })
        for element in touched.sorted() {
            let range = newParts.first { $0.element == element }.map { TextRange($0.range) }
            let caret = new.flatMap {
                $0.isEmpty && $0.focus.element == element
                    ? TextRange($0.focus.textPosition, $0.focus.textPosition) : nil
            }
            textInput(forElement: element)?.selectedTextRange = range ?? caret
        }
    }
}

/// Selection by granularity, as VoiceOver's text-selection rotor does it: select the unit at a
/// position, extend by a unit (swipe right), shrink back toward the anchor (swipe left), and
/// the edit rotor's actions on the result.
///
/// - Extending moves the focus one unit away from the anchor: forward (and from a caret) to
///   the end of the next unit of the granularity (the end of the unit it is in, when it is
///   inside one); backward (focus before anchor, as after `select(from: 10, to: 2)`) to the
///   start of the previous unit (the start of the unit it is in). It crosses into linked
///   elements when the current one has no more.
/// - Shrinking takes exactly one unit off, bringing the focus back toward the anchor and never
///   past it (see ``shrink(by:)``): a selection shrinks to empty and no further, and `n` extends
///   followed by `n` shrinks by the same granularity give back a selection whose focus was at a
///   unit's edge (or at the anchor).
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
    public var saveTarget: (store: any SavedSelectionKeeping, book: BookIdentity)?
    /// The granularity the selection was last made, extended or shrunk by (kept with saves).
    public private(set) var granularity: TextGranularity = .word

    private var textInputs: [Int: any TextInput] = [:]

    public init(document: Document) {
        self.document = document
    }

    /// The text input of element `index` that mirrors this controller's selection: the one the
    /// element makes (``NavigableElement/makeTextInput()``), with its own geometry (a scanned
    /// page's lines, a text element's layout).
    ///
    /// - Parameter index: the element's index in the document.
    /// - Returns: the input, or `nil` when there is no such element.
    public func textInput(forElement index: Int) -> (any TextInput)? {
        guard index >= 0, index < document.elements.count else { return nil }
        if let existing = textInputs[index] { return existing }
        let input: any TextInput = document.elements[index].makeTextInput()
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
        let tokenizer = document.elements[position.element].stringTokenizer
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

    /// Moves the focus one unit of `granularity` away from the anchor: a forward selection's
    /// focus (or a caret's) to the end of the next unit ending after it, a backward selection's
    /// to the start of the last unit starting before it, crossing into linked elements. Returns
    /// `false` (nothing changes) when there is no selection or no such unit.
    @discardableResult
    public func extend(by granularity: TextGranularity) -> Bool {
        guard var selection else { return false }
        if selection.isBackward {
            guard let unit = lastUnit(startingBefore: selection.focus, granularity) else { return false }
            selection.focus = unit.start
        } else {
            guard let unit = firstUnit(endingAfter: selection.focus, granularity) else { return false }
            selection.focus = unit.end
        }
        self.granularity = granularity
        setSelection(selection)
        return true
    }

    /// Takes one unit of `granularity` off the selection, moving the focus back toward the
    /// anchor and never past it.
    ///
    /// "One unit" is the last unit the selection reaches into, wholly or in part, with whatever
    /// follows it: a forward selection's focus goes back to the end of the unit before the last
    /// one starting before the focus; a backward selection's, mirrored, to the start of the unit
    /// after the first one ending after the focus. So a shrink undoes an extend by the same
    /// granularity, and a selection extended by a word into a sentence and then shrunk by a
    /// sentence loses that partial sentence only, as UIKit's selection does. Returns `false`
    /// when the selection is already empty (or there is none).
    @discardableResult
    public func shrink(by granularity: TextGranularity) -> Bool {
        guard var selection, !selection.isEmpty else { return false }
        if selection.isBackward {
            let next = firstUnit(endingAfter: selection.focus, granularity).flatMap {
                firstUnit(endingAfter: $0.end, granularity)
            }
            selection.focus = min(next?.start ?? selection.anchor, selection.anchor)
        } else {
            let previous = lastUnit(startingBefore: selection.focus, granularity).flatMap {
                lastUnit(startingBefore: $0.start, granularity)
            }
            selection.focus = max(previous?.end ?? selection.anchor, selection.anchor)
        }
        self.granularity = granularity
        setSelection(selection)
        return true
    }

    /// The first unit of `granularity` in the document that ends after `position`.
    private func firstUnit(endingAfter position: ReadingPosition, _ granularity: TextGranularity)
        -> (start: ReadingPosition, end: ReadingPosition)?
    {
        var offset = position.offset
        for element in position.element..<document.elements.count {
            let units = document.elements[element].stringTokenizer.units(for: granularity)
            let index = units.firstIndex(endingAfter: offset)
            if index < units.count {
                return (
                    ReadingPosition(element: element, offset: units[index].lowerBound),
                    ReadingPosition(element: element, offset: units[index].upperBound)
                )
            }
            offset = -1
        }
        return nil
    }

    /// The last unit of `granularity` in the document that starts before `position`.
    private func lastUnit(startingBefore position: ReadingPosition, _ granularity: TextGranularity)
        -> (start: ReadingPosition, end: ReadingPosition)?
    {
        guard position.element < document.elements.count else { return nil }
        var offset = position.offset
        for element in stride(from: position.element, through: 0, by: -1) {
            let units = document.elements[element].stringTokenizer.units(for: granularity)
            // Units do not overlap, so the one before the first ending after `offset - 1`
            // (the first that could start at or after `offset`) is the last starting before it.
            var index = units.firstIndex(endingAfter: offset - 1)
            if index < units.count, units[index].lowerBound < offset { index += 1 }
            if index > 0 {
                return (
                    ReadingPosition(element: element, offset: units[index - 1].lowerBound),
                    ReadingPosition(element: element, offset: units[index - 1].upperBound)
                )
            }
            if element > 0 { offset = Int.max }
        }
        return nil
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
    private func savedSelections(of parts: [(element: Int, range: Range<Int>)], book: BookIdentity) -> [SavedSelection]
    {
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

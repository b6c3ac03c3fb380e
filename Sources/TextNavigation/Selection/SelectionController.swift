import Foundation

/// Selection by granularity, as VoiceOver's text-selection rotor does it: select the unit at a
/// position, extend by a unit (swipe right), shrink back toward the anchor (swipe left), and
/// the edit rotor's actions on the result.
///
/// - Extending moves the focus one unit away from the anchor: forward (and from a caret) to
///   the end of the next unit of the granularity (the end of the unit it is in, when it is
///   inside one); backward (focus before anchor, as after `select(from: 10, to: 2)`) to the
///   start of the previous unit (the start of the unit it is in). It crosses into linked
///   elements when the current one has no more, in the document's reading order (the
///   elements' ``NavigableElement/nextTextNavigationElement`` and previous; see ``Document``),
///   and never comes round to the anchor's element again (links in a cycle end the
///   selection there).
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
        let anchor = selection.anchor.element
        if selection.isBackward(in: document) {
            guard let unit = lastUnit(startingBefore: selection.focus, granularity, avoiding: anchor) else {
                return false
            }
            selection.focus = unit.start
        } else {
            guard let unit = firstUnit(endingAfter: selection.focus, granularity, avoiding: anchor) else {
                return false
            }
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
        let anchor = selection.anchor
        if selection.isBackward(in: document) {
            let next = firstUnit(endingAfter: selection.focus, granularity).flatMap {
                firstUnit(endingAfter: $0.end, granularity)
            }
            // Never past the anchor: the earlier of the two in reading order.
            selection.focus = next.map { document.readingOrderPrecedes($0.start, anchor) ? $0.start : anchor } ?? anchor
        } else {
            let previous = lastUnit(startingBefore: selection.focus, granularity).flatMap {
                lastUnit(startingBefore: $0.start, granularity)
            }
            selection.focus = previous.map { document.readingOrderPrecedes(anchor, $0.end) ? $0.end : anchor } ?? anchor
        }
        self.granularity = granularity
        setSelection(selection)
        return true
    }

    /// The first unit of `granularity` in reading order that ends after `position`, the walk
    /// through the links ending before element `avoiding`.
    private func firstUnit(
        endingAfter position: ReadingPosition, _ granularity: TextGranularity, avoiding: Int? = nil
    ) -> (start: ReadingPosition, end: ReadingPosition)? {
        unit(from: position, .forward, granularity, avoiding: avoiding) { units, offset in
            let index = units.firstIndex(endingAfter: offset)
            return index < units.count ? units[index] : nil
        }
    }

    /// The last unit of `granularity` in reading order that starts before `position`, the walk
    /// through the links ending before element `avoiding`.
    private func lastUnit(
        startingBefore position: ReadingPosition, _ granularity: TextGranularity, avoiding: Int? = nil
    ) -> (start: ReadingPosition, end: ReadingPosition)? {
        unit(from: position, .backward, granularity, avoiding: avoiding) { units, offset in
            // Units do not overlap, so the one before the first ending after `offset - 1`
            // (the first that could start at or after `offset`) is the last starting before it.
            var index = units.firstIndex(endingAfter: offset - 1)
            if index < units.count, units[index].lowerBound < offset { index += 1 }
            return index > 0 ? units[index - 1] : nil
        }
    }

    /// The unit `pick` finds among an element's units of `granularity` and an offset in it:
    /// in `position`'s element from its offset, then in each element the links lead to in
    /// `direction` (from its start, going forward; from its end, going backward), the walk
    /// ending before element `avoiding`.
    private func unit(
        from position: ReadingPosition, _ direction: TextStorageDirection, _ granularity: TextGranularity,
        avoiding: Int?, pick: (TextUnits, Int) -> Range<Int>?
    ) -> (start: ReadingPosition, end: ReadingPosition)? {
        guard position.element < document.elements.count else { return nil }
        var walk = ReadingOrderWalk(document: document, from: position.element, direction, avoiding: avoiding)
        var (element, offset) = (position.element, position.offset)
        while true {
            if let range = pick(document.elements[element].stringTokenizer.units(for: granularity), offset) {
                return (
                    ReadingPosition(element: element, offset: range.lowerBound),
                    ReadingPosition(element: element, offset: range.upperBound)
                )
            }
            guard let next = walk.step() else { return nil }
            (element, offset) = (next, direction == .forward ? -1 : Int.max)
        }
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
            let records = savedSelections(of: parts, book: saveTarget.book, note: nil)
            let store = saveTarget.store
            actions.append(
                CustomAction(
                    name: "Save selection", category: .edit,
                    userInputLabels: ["save", "keep", "bookmark", "highlight", "save selection"]
                ) { _ in
                    // The action says only whether it worked; saveSelection(note:) says why not.
                    (try? store.save(records)) != nil && !records.isEmpty
                })
        }
        return actions
    }

    /// Saves the selection where ``saveTarget`` says, with `note`: one record per element the
    /// selection touches, in reading order, which share a ``SavedSelection/groupID`` when there
    /// are several (``SavedSelection/resolve(_:in:)`` turns them back into one selection).
    ///
    /// The edit rotor's "Save selection" (``performEditAction(named:)``) saves the same records
    /// without a note and says only whether it worked.
    ///
    /// - Parameter note: the reader's note, kept with each record.
    /// - Returns: the records saved; empty when nothing (or an empty range) is selected or
    ///   there is no ``saveTarget``.
    /// - Throws: the store's error when it could not keep them (a `SavedSelectionStore` then
    ///   keeps none of them).
    @discardableResult
    public func saveSelection(note: String? = nil) throws -> [SavedSelection] {
        guard let saveTarget, let selection, !selection.isEmpty else { return [] }
        let records = savedSelections(of: selection.parts(in: document), book: saveTarget.book, note: note)
        if !records.isEmpty { try saveTarget.store.save(records) }
        return records
    }

    /// The saved-selection records for `parts`: one per element the selection touches, sharing
    /// a group id when there are several.
    private func savedSelections(of parts: [(element: Int, range: Range<Int>)], book: BookIdentity, note: String?)
        -> [SavedSelection]
    {
        let groupID = parts.count > 1 ? UUID() : nil
        return parts.compactMap { part in
            SavedSelection(
                book: book, elementIndex: part.element, elementText: document.elements[part.element].string,
                utf16Range: part.range, granularity: granularity,
                pageHint: document.pageIndex(
                    containing: ReadingPosition(element: part.element, offset: part.range.lowerBound)) + 1,
                note: note, groupID: groupID)
        }
    }

    /// The edit action a user named by any of its names or user-input labels ("save",
    /// "bookmark"), or `nil`.
    public func editAction(named query: String) -> CustomAction? {
        editActions.first { $0.matches(query) }
    }

    /// Performs the edit action named `query` on the selection (an element's own action gets
    /// the selection's part in the first element it touches). Returns `false` when no such
    /// action applies or the action fails. To save with a note, or to learn what was saved or
    /// why saving failed, call ``saveSelection(note:)``.
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

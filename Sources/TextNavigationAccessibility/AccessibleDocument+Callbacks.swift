import CAccessibilityBridge
import TextNavigation

extension AccessibleDocument {
    /// The bridge's callbacks: each finds the published document and answers from it; with
    /// none (after it is gone) they answer nothing.
    static var callbacks: ra_callbacks {
        ra_callbacks(
            context: nil,
            segment: { _, element, unit, side, offset, start, end in
                guard let range = AccessibleDocument.current?.segment(Int(element), unit, side, Int(offset)) else {
                    return false
                }
                start?.pointee = Int32(range.lowerBound)
                end?.pointee = Int32(range.upperBound)
                return true
            },
            caret_moved: { _, element, offset in AccessibleDocument.current?.clientMovedCaret(Int(element), Int(offset))
            },
            selection_changed: { _, element, start, end in
                AccessibleDocument.current?.clientSelected(Int(element), Int(start)..<Int(max(start, end)))
            },
            range_extents: { _, element, start, end, rect in
                guard let found = AccessibleDocument.current?.extents(Int(element), Int(start)..<Int(end)) else {
                    return false
                }
                rect?.pointee = found
                return true
            },
            offset_at_point: { _, element, x, y in
                Int32(AccessibleDocument.current?.offset(Int(element), atX: Int(x), y: Int(y)) ?? -1)
            },
            element_extents: { _, element, rect in
                guard let found = AccessibleDocument.current?.extents(ofElement: Int(element)) else { return false }
                rect?.pointee = found
                return true
            },
            scroll_to: { _, element, start, _ in
                AccessibleDocument.current?.scroll(Int(element), to: Int(start)) ?? false
            },
            flows: { _, element, direction in
                AccessibleDocument.current?.flows(from: Int(element), direction > 0 ? .forward : .backward)
            }
        )
    }

    /// The screen reader moved the caret (`set_caret_offset`, `grab_focus`): the navigator
    /// follows, and the page turns to it.
    func clientMovedCaret(_ element: Int, _ offset: Int) {
        guard let published = published[element] else { return }
        navigator.move(to: ReadingPosition(element: element, offset: published.characters.utf16Offset(offset)))
        caret = navigator.position
        let page = document.pageIndex(containing: caret)
        if page != shownPage { show(page: page) }
        didChange?()
    }

    /// The screen reader changed the selection.
    func clientSelected(_ element: Int, _ range: Range<Int>) {
        guard let published = published[element] else { return }
        let map = published.characters
        selection =
            range.isEmpty ? nil : (element, map.utf16Offset(range.lowerBound)..<map.utf16Offset(range.upperBound))
        didChange?()
    }

    /// The element reading goes to from `element` in `direction`, published: the node the
    /// `FLOWS_TO` (`FLOWS_FROM`) relation points at.
    func flows(from element: Int, _ direction: TextStorageDirection) -> OpaquePointer? {
        guard let next = document.readingNeighbour(of: element, direction) else { return nil }
        return publish(next).node
    }

    /// Turns to the page of character `offset` of `element` (`scroll_substring_to`).
    func scroll(_ element: Int, to offset: Int) -> Bool {
        guard let published = published[element] else { return false }
        let page = document.pageIndex(
            containing: ReadingPosition(element: element, offset: published.characters.utf16Offset(offset)))
        if page != shownPage {
            show(page: page)
            didChange?()
        }
        return true
    }
}

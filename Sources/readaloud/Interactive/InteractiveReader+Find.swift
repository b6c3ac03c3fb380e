import Foundation
import TextNavigation

extension InteractiveReader {
    // MARK: Go to page and find

    /// Goes to page `text` (from 1), or `text` percent of the way through the book (`50%`).
    func goToPage(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") {
            guard let percent = Double(trimmed.dropLast()), (0...100).contains(percent) else {
                announce("There is no place '\(text)': give a percentage from 0% to 100%")
                return
            }
            goToProgression(percent / 100)
            return
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1, number <= document.pageCount
        else {
            announce("There is no page '\(text)': the book has \(document.pageCount) pages")
            return
        }
        _ = cursor.moveToPage(number - 1)
        announce(document.page(containing: cursor.position).announcement, priority: .high)
    }

    /// Moves the cursor `progression` (0 to 1) of the way through the book, by the text's length
    /// (``PositionList``), and says where it is.
    private func goToProgression(_ progression: Double) {
        var position = document.positionList.position(atProgression: progression)
        if position.element < document.elements.count {
            let tokenizer = document.elements[position.element].stringTokenizer
            if !tokenizer.isCharacterBoundary(position.offset) {
                position.offset = tokenizer.characterBoundary(before: position.offset) ?? 0
            }
        }
        cursor.move(to: position)
        let percent = Int(document.positionList.progression(at: cursor.position) * 100)
        announce("\(percent)%, " + document.page(containing: cursor.position).announcement, priority: .high)
    }

    /// Finds `text` (or the last text found, when empty) after the cursor, wrapping around to
    /// the start of the book, ignoring case.
    func find(_ text: String) {
        let query = text.isEmpty ? lastFind : text
        guard !query.isEmpty else { return }
        lastFind = query
        let elements = document.elements
        let start = cursor.position
        for step in 0...elements.count {
            let index = (start.element + step) % elements.count
            let string = elements[index].string
            let cursorIndex = Self.characterIndex(in: string, atUTF16: start.offset)
            let searchRange: Range<String.Index>
            if step == 0 {
                // From the character after the cursor's.
                let from = cursorIndex < string.endIndex ? string.index(after: cursorIndex) : cursorIndex
                searchRange = from..<string.endIndex
            } else if step == elements.count {
                // Back in the cursor's element: the part before the cursor.
                searchRange = string.startIndex..<cursorIndex
            } else {
                searchRange = string.startIndex..<string.endIndex
            }
            guard let found = string.range(of: query, options: [.caseInsensitive], range: searchRange) else { continue }
            let offset = string.utf16.distance(from: string.startIndex, to: found.lowerBound)
            let before = cursor.position
            let page = cursor.pageIndex
            cursor.move(to: ReadingPosition(element: index, offset: offset))
            announceArrival(from: before, page: page)
            announce("Found: \(query)")
            return
        }
        announce("Not found: \(query)")
    }

    /// The index of the character holding UTF-16 offset `offset` of `string` (clamped).
    private static func characterIndex(in string: String, atUTF16 offset: Int) -> String.Index {
        let utf16 = string.utf16
        let raw = utf16.index(utf16.startIndex, offsetBy: min(max(0, offset), utf16.count))
        return raw.samePosition(in: string) ?? string.indices.last { $0 <= raw } ?? string.startIndex
    }
}

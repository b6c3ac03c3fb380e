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
    /// the start of the book, ignoring case and diacritics (``DocumentSearch``).
    func find(_ text: String) {
        let query = text.isEmpty ? lastFind : text
        guard !query.isEmpty else { return }
        lastFind = query
        let start = cursor.position
        let found: SearchMatch?
        do {
            var after = try DocumentSearch(
                for: query, in: document, from: ReadingPosition(element: start.element, offset: start.offset + 1))
            var wrapped = try DocumentSearch(for: query, in: document)
            found = after.next() ?? wrapped.next().flatMap { $0.start <= start ? $0 : nil }
        } catch {
            announce("Cannot find '\(query)': \(error)")
            return
        }
        guard let found else {
            announce("Not found: \(query)")
            return
        }
        let page = cursor.pageIndex
        cursor.move(to: found.start)
        announceArrival(from: start, page: page)
        announce("Found: \(query)")
    }
}

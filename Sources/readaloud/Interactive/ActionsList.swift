import TextNavigation

/// The actions list (`a`): the edit actions of the selection (the current unit when nothing is
/// selected): its elements' own edit actions, Copy and Save selection, then the current
/// element's other custom actions, found by name or by any user-input label as the user types.
enum ActionsList {
    /// An action with the range it acts on in its element.
    struct Entry {
        let action: CustomAction
        let range: TextRange?
    }

    /// The list for `selection`'s selection and the element at `element`.
    static func make(selection: SelectionController, element: Int) -> ChoiceList<Entry> {
        let document = selection.document
        let parts = selection.selection?.parts(in: document) ?? []
        // An edit action gets the selection's part in the first element it touches, as
        // SelectionController.performEditAction gives it.
        let first = parts.first.map { TextRange($0.range) }
        var entries = selection.editActions.map { Entry(action: $0, range: first) }
        if element >= 0, element < document.elements.count {
            let range = parts.first { $0.element == element }.map { TextRange($0.range) }
            entries += document.elements[element].customActions.filter { $0.category == .default }.map {
                Entry(action: $0, range: range)
            }
        }
        return ChoiceList(
            title: "Actions (type to find, Enter runs, Esc closes)", items: entries, name: { $0.action.name },
            matches: { entry, query in matches(entry.action, query) })
    }

    /// Whether the typed `query` (lower case) finds `action`: a prefix of its name, of a word of
    /// its name, or of one of its user-input labels ("book" finds Save selection through
    /// "bookmark").
    static func matches(_ action: CustomAction, _ query: String) -> Bool {
        if action.matches(query) { return true }
        let words = action.name.lowercased().split(separator: " ").map(String.init)
        let names = [action.name.lowercased()] + words + action.userInputLabels.map { $0.lowercased() }
        return names.contains { $0.hasPrefix(query) }
    }
}

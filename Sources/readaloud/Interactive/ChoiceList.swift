/// A list to choose from with the keyboard: typing filters it, ↑ ↓ move the choice, Enter
/// takes it, Esc closes the list (Full Keyboard Access's searchable lists).
struct ChoiceList<Item> {
    /// What a key did to the list.
    enum Outcome {
        case stay
        case cancel
        case choose(Item)
    }

    let title: String
    private let items: [Item]
    private let name: (Item) -> String
    private let matches: (Item, String) -> Bool
    /// What the user has typed.
    private(set) var query = ""
    /// The index of the chosen row among ``visibleItems``.
    private(set) var chosen = 0

    /// A list of `items` shown by `name`, kept when `matches(item, query)` (the query in lower
    /// case, never empty).
    init(
        title: String, items: [Item], name: @escaping (Item) -> String,
        matches: @escaping (Item, String) -> Bool
    ) {
        self.title = title
        self.items = items
        self.name = name
        self.matches = matches
    }

    /// The items the query keeps, in order.
    var visibleItems: [Item] {
        let wanted = query.lowercased()
        return wanted.isEmpty ? items : items.filter { matches($0, wanted) }
    }

    /// The rows shown: the visible items' names.
    var rows: [String] { visibleItems.map(name) }

    /// Handles one key.
    mutating func handle(_ key: KeyPress) -> Outcome {
        switch key {
        case .escape, .interrupt:
            return .cancel
        case .enter:
            let visible = visibleItems
            return visible.indices.contains(chosen) ? .choose(visible[chosen]) : .stay
        case .up:
            chosen = max(0, chosen - 1)
        case .down:
            chosen = min(max(0, visibleItems.count - 1), chosen + 1)
        case .backspace:
            if !query.isEmpty { query.removeLast() }
            chosen = 0
        case .character(let character):
            query.append(character)
            chosen = 0
        default:
            break
        }
        return .stay
    }
}

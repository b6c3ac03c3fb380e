/// A one-line question in the status line ("Go to page:", "Find:"), answered with Enter.
struct LinePrompt {
    /// What the answer is for.
    enum Purpose { case goToPage, find }

    /// What a key did to the prompt.
    enum Outcome {
        case stay
        case cancel
        case submit(String)
    }

    let purpose: Purpose
    let label: String
    private(set) var text = ""

    init(_ purpose: Purpose, label: String) {
        self.purpose = purpose
        self.label = label
    }

    /// Handles one key.
    mutating func handle(_ key: KeyPress) -> Outcome {
        switch key {
        case .escape, .interrupt: return .cancel
        case .enter: return .submit(text)
        case .backspace: if !text.isEmpty { text.removeLast() }
        case .character(let character): text.append(character)
        default: break
        }
        return .stay
    }
}

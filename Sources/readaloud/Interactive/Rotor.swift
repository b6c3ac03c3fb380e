import TextNavigation

/// The rotor: the unit the arrow keys move by, cycled with Tab and Shift-Tab (VoiceOver's
/// rotor). Heading and page are the structural units beyond the tokenizer's granularities.
enum RotorUnit: String, CaseIterable {
    case character, word, sentence, line, paragraph, heading, page

    /// The tokenizer's granularity for this unit, or `nil` for heading and page.
    var granularity: TextGranularity? {
        switch self {
        case .character: .character
        case .word: .word
        case .sentence: .sentence
        case .line: .line
        case .paragraph: .paragraph
        case .heading, .page: nil
        }
    }

    /// The granularity selection and highlighting use: the unit's own, else the whole element
    /// (paragraph) for a heading and the line for a page.
    var textGranularity: TextGranularity { granularity ?? (self == .heading ? .paragraph : .line) }

    /// The granularity read-all speaks by: the unit's own, else sentence.
    var readingGranularity: TextGranularity { granularity ?? .sentence }

    /// The next unit on the rotor (wrapping), or the previous one.
    func rotated(forward: Bool) -> RotorUnit {
        let all = Self.allCases
        let index = all.firstIndex(of: self)!
        return all[(index + (forward ? 1 : all.count - 1)) % all.count]
    }
}

import CAccessibilityBridge
import TextNavigation

/// An element published on the accessibility bus: its text object and what ATK's answers about
/// it need (the character map, its units' segments, made once each).
final class AccessibleElement {
    let index: Int
    let element: any NavigableElement
    let node: OpaquePointer
    let characters: CodePointMap
    private var segments: [ra_unit.RawValue: ATKSegments] = [:]

    init(index: Int, element: any NavigableElement) {
        self.index = index
        self.element = element
        characters = CodePointMap(element.text)
        let text = element.readsLabel ? "" : element.string
        // The label names the object (an image's description, a scan's "A handwritten letter").
        let name = element.label.flatMap { $0.isEmpty ? nil : $0 }
        node = ra_text_new(
            Int64(index), Self.role(of: element), text, name, element.language,
            Int32(element.traits.contains(.heading) ? element.markup.headingLevel ?? 0 : 0))
    }

    deinit { ra_node_unref(node) }

    private static func role(of element: any NavigableElement) -> ra_role {
        if element is ScannedPage { return RA_ROLE_PAGE }
        if element.traits.contains(.heading) { return RA_ROLE_HEADING }
        if element.traits.contains(.image) { return RA_ROLE_IMAGE }
        if element.traits.contains(.link) { return RA_ROLE_LINK }
        return RA_ROLE_PARAGRAPH
    }

    /// The segments of `unit`, in characters.
    func segments(_ unit: ra_unit) -> ATKSegments {
        if let known = segments[unit.rawValue] { return known }
        let made = makeSegments(unit)
        segments[unit.rawValue] = made
        return made
    }

    private func makeSegments(_ unit: ra_unit) -> ATKSegments {
        let tokenizer = element.stringTokenizer
        let utf16: [Int]
        switch unit {
        case RA_UNIT_CHARACTER:
            utf16 = tokenizer.units(for: .character).ranges.flatMap { [$0.lowerBound, $0.upperBound] }
        case RA_UNIT_WORD_START: utf16 = tokenizer.units(for: .word).ranges.map(\.lowerBound)
        case RA_UNIT_WORD_END: utf16 = tokenizer.units(for: .word).ranges.map(\.upperBound)
        case RA_UNIT_SENTENCE_START: utf16 = tokenizer.units(for: .sentence).ranges.map(\.lowerBound)
        case RA_UNIT_SENTENCE_END: utf16 = tokenizer.units(for: .sentence).ranges.map(\.upperBound)
        case RA_UNIT_LINE_START: utf16 = element.geometry.lines.map(\.range.lowerBound)
        case RA_UNIT_LINE_END: utf16 = element.geometry.lines.map(\.trimmedRange.upperBound)
        default: utf16 = tokenizer.units(for: .paragraph).ranges.map(\.lowerBound)
        }
        let text = element.readsLabel ? 0 : characters.scalarCount
        return ATKSegments(
            boundaries: element.readsLabel ? [] : utf16.map(characters.scalarOffset), length: text,
            isCharacter: unit == RA_UNIT_CHARACTER)
    }
}

/// What an element is, for assistive technology (UIAccessibilityTraits' reading-related subset).
public struct ElementTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// A heading: VoiceOver says "Heading" after its text.
    public static let heading = ElementTraits(rawValue: 1 << 0)
    /// Reaching the end of this element while reading asks its page to scroll forward.
    public static let causesPageTurn = ElementTraits(rawValue: 1 << 1)
    /// Text that does not change.
    public static let staticText = ElementTraits(rawValue: 1 << 2)
    /// An image (with a label that describes it).
    public static let image = ElementTraits(rawValue: 1 << 3)
    /// A link.
    public static let link = ElementTraits(rawValue: 1 << 4)
    /// Text the element updates on its own.
    public static let updatesFrequently = ElementTraits(rawValue: 1 << 5)
}

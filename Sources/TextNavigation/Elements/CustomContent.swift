/// Extra information about an element, read with it or on demand (like `AXCustomContent`).
public struct CustomContent: Sendable, Hashable {
    /// How eagerly the content is read.
    public enum Importance: Sendable, Hashable {
        /// Available on demand (VoiceOver's "more content" rotor).
        case `default`
        /// Read together with the element.
        case high
    }

    /// What the content is ("Author").
    public let label: String
    /// The content itself ("Lewis Carroll").
    public let value: String
    public let importance: Importance

    public init(label: String, value: String, importance: Importance = .default) {
        self.label = label
        self.value = value
        self.importance = importance
    }
}

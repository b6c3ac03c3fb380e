/// A ruby reading over part of an element's text: `<ruby>山路<rt>やまみち</rt></ruby>` gives the
/// base 山路's range and the reading やまみち. The base is read once, as text; the reading is
/// kept here, for a speech engine's pronunciation and for programs.
public struct RubyAnnotation: Sendable, Hashable {
    /// The UTF-16 range of the base in the element's text.
    public let range: Range<Int>
    /// The reading (the `<rt>` text).
    public let reading: String

    public init(range: Range<Int>, reading: String) {
        self.range = range
        self.reading = reading
    }
}

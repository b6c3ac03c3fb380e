/// A place where a line may (or must) end: a UAX #14 break opportunity from ICU's
/// locale-tailored line break rules.
public struct LineBreakOpportunity: Sendable, Hashable, CustomStringConvertible {
    /// The UTF-16 offset a line would end at (and the next begin).
    public var offset: Int
    /// Whether the line must end here: after a hard break (LF, CR, CR LF, NEL, VT, FF, U+2028,
    /// U+2029). The end of the text is an opportunity, mandatory only after a hard break.
    public var isMandatory: Bool

    /// A break opportunity at `offset`.
    public init(offset: Int, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }

    public var description: String { isMandatory ? "\(offset)!" : "\(offset)" }
}

/// How a grapheme cluster stands in vertical text (UAX #50, Unicode Vertical Text Layout).
public enum VerticalOrientation: Sendable, Hashable, CaseIterable {
    /// Upright, as in horizontal text: CJK ideographs, kana, fullwidth forms, most CJK
    /// punctuation (Vertical_Orientation `U` and `Tu`).
    case upright
    /// Turned 90° clockwise, lying along the column: Latin, digits, halfwidth forms and most
    /// other scripts (Vertical_Orientation `R` and `Tr`).
    case rotated

    /// The orientation of the cluster starting at `offset` of `storage`: its first scalar's
    /// Vertical_Orientation, from ICU's data (``rotated`` past the end of the text).
    ///
    /// - Parameters:
    ///   - offset: the UTF-16 offset where the cluster starts.
    ///   - storage: the text.
    public init(ofClusterAt offset: Int, in storage: TextStorage) {
        guard let scalar = storage.scalar(at: offset) else {
            self = .rotated
            return
        }
        self = ICU.Properties.isUprightInVerticalText(scalar) ? .upright : .rotated
    }
}

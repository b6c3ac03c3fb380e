/// Which side of a position a caret belongs to where two lines meet at one offset.
///
/// At a soft line wrap the end of line *n* and the start of line *n + 1* are the same UTF-16
/// offset. ``upstream`` means the end of the upper line, ``downstream`` the start of the lower
/// one (UIKit's `UITextStorageDirection` used as selection affinity).
public enum TextAffinity: Int, Sendable, Hashable, Comparable, CaseIterable {
    /// Toward the text before the position: the end of the previous line.
    case upstream = 0
    /// Toward the text after the position: the start of the next line. The default.
    case downstream = 1

    public static func < (lhs: TextAffinity, rhs: TextAffinity) -> Bool { lhs.rawValue < rhs.rawValue }
}

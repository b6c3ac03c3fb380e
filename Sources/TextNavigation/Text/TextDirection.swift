/// A direction in the stored order of text (UIKit's `UITextStorageDirection`).
public enum TextStorageDirection: Int, Sendable, Hashable, CaseIterable {
    /// Toward the end of the text.
    case forward = 0
    /// Toward the start of the text.
    case backward = 1

    /// The other direction.
    public var reversed: TextStorageDirection { self == .forward ? .backward : .forward }
}

/// A direction on screen (UIKit's `UITextLayoutDirection`).
public enum TextLayoutDirection: Int, Sendable, Hashable, CaseIterable {
    case right = 2
    case left = 3
    case up = 4
    case down = 5
}

/// The writing direction of text: left to right or right to left.
public enum WritingDirection: Int, Sendable, Hashable, CaseIterable {
    case leftToRight = 0
    case rightToLeft = 1
}

/// A storage or a layout direction, as UIKit's `UITextDirection` carries either in one value.
///
/// `rawValue` is UIKit's integer: forward 0, backward 1, right 2, left 3, up 4, down 5.
public enum TextDirection: Sendable, Hashable, CustomStringConvertible {
    case storage(TextStorageDirection)
    case layout(TextLayoutDirection)

    public static let forward = TextDirection.storage(.forward)
    public static let backward = TextDirection.storage(.backward)
    public static let right = TextDirection.layout(.right)
    public static let left = TextDirection.layout(.left)
    public static let up = TextDirection.layout(.up)
    public static let down = TextDirection.layout(.down)

    /// All six directions, storage first.
    public static let allCases: [TextDirection] = [.forward, .backward, .right, .left, .up, .down]

    /// UIKit's integer for the direction.
    public var rawValue: Int {
        switch self {
        case .storage(let direction): direction.rawValue
        case .layout(let direction): direction.rawValue
        }
    }

    /// The direction for UIKit's integer, or `nil` outside 0...5.
    public init?(rawValue: Int) {
        if let storage = TextStorageDirection(rawValue: rawValue) {
            self = .storage(storage)
        } else if let layout = TextLayoutDirection(rawValue: rawValue) {
            self = .layout(layout)
        } else {
            return nil
        }
    }

    /// The storage direction this direction means in text written in `writingDirection`:
    /// right is forward in left-to-right text and backward in right-to-left text; left the
    /// opposite; down is forward and up is backward.
    public func storageDirection(in writingDirection: WritingDirection) -> TextStorageDirection {
        switch self {
        case .storage(let direction): direction
        case .layout(.right): writingDirection == .leftToRight ? .forward : .backward
        case .layout(.left): writingDirection == .leftToRight ? .backward : .forward
        case .layout(.down): .forward
        case .layout(.up): .backward
        }
    }

    public var description: String {
        switch self {
        case .storage(.forward): "forward"
        case .storage(.backward): "backward"
        case .layout(.right): "right"
        case .layout(.left): "left"
        case .layout(.up): "up"
        case .layout(.down): "down"
        }
    }
}

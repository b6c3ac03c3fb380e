/// Reading an element line by line, by line number (UIKit's `UIAccessibilityReadingContent`):
/// how VoiceOver reads a page of a book one line at a time, or the line under a finger.
///
/// Lines are numbered from 0 at the top. Every ``TextInput`` gets these from its geometry.
public protocol AccessibilityReadingContent: AnyObject {
    /// The number of the line under `point`, or `nil` over empty space (beside a short line's
    /// end, over an empty line, between or outside the lines).
    func lineNumber(at point: Point) -> Int?
    /// The text of line `lineNumber` without its trailing white space and hard break, or `nil`
    /// when there is no such line.
    func content(forLineNumber lineNumber: Int) -> String?
    /// The frame of line `lineNumber`, or `nil` when there is no such line.
    func frame(forLineNumber lineNumber: Int) -> Rect?
    /// The text of the whole element (or page).
    var pageContent: String? { get }
}

extension AccessibilityReadingContent where Self: TextInput {
    public func lineNumber(at point: Point) -> Int? {
        geometry.lineNumber(at: point)
    }

    public func content(forLineNumber lineNumber: Int) -> String? {
        guard let line = geometry.line(at: lineNumber) else { return nil }
        return geometry.storage.string(in: line.trimmedRange)
    }

    public func frame(forLineNumber lineNumber: Int) -> Rect? {
        geometry.line(at: lineNumber)?.rect
    }

    public var pageContent: String? { geometry.storage.string }
}

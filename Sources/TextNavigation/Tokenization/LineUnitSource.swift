/// A source of line units for a tokenizer, such as a layout of the text for a width.
///
/// Line units that meet at a soft wrap are adjacent: the end of one line and the start of the
/// next are the same offset, told apart by a position's affinity.
public protocol LineUnitSource: AnyObject, Sendable {
    /// The lines of the text, in order. Read on every line query, so it should be cheap.
    var lineUnits: TextUnits { get }
}

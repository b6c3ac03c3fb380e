/// Told when a ``TextInput``'s selection is about to change and has changed (the role of
/// UIKit's `UITextInputDelegate` as `UITextInteraction` drives it): a reader's highlight, a
/// speech cursor or an accessibility client follows the selection through it.
///
/// A text input holds its delegate weakly.
public protocol TextInputDelegate: AnyObject {
    /// The selection of `textInput` is about to change; it still holds the old value.
    func selectionWillChange(_ textInput: any TextInput)
    /// The selection of `textInput` has changed; it holds the new value.
    func selectionDidChange(_ textInput: any TextInput)
}

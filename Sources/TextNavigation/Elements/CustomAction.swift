import Foundation

/// An action an element offers to assistive technology (like `UIAccessibilityCustomAction`).
public struct CustomAction: Sendable {
    /// Where the action is listed.
    public enum Category: Sendable, Hashable {
        /// VoiceOver's "Actions" rotor.
        case `default`
        /// The edit rotor: actions on the current text selection ("Copy", "Save selection").
        case edit
    }

    /// The name shown and spoken ("Save selection").
    public let name: String
    public let category: Category
    /// Other names a user may type or say to find the action ("save", "keep", "bookmark"), as
    /// Full Keyboard Access search and Voice Control use them.
    public let userInputLabels: [String]
    /// Performs the action on the given selection; returns whether it succeeded.
    public let handler: @Sendable (TextRange?) -> Bool

    public init(
        name: String, category: Category = .default, userInputLabels: [String] = [],
        handler: @escaping @Sendable (TextRange?) -> Bool
    ) {
        self.name = name
        self.category = category
        self.userInputLabels = userInputLabels
        self.handler = handler
    }

    /// Whether `query` names this action: its name or any user-input label, ignoring case and
    /// surrounding white space.
    public func matches(_ query: String) -> Bool {
        let wanted = query.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !wanted.isEmpty else { return false }
        return ([name] + userInputLabels).contains { $0.lowercased() == wanted }
    }
}

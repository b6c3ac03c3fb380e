/// How an announcement treats speech already in progress and speech that comes after it
/// (UIKit's `UIAccessibilityPriority`).
///
/// Priorities order from ``low`` to ``high``.
public enum AnnouncementPriority: String, Sendable, Hashable, Comparable, CaseIterable, Codable,
    CustomStringConvertible
{
    /// Waits for silence: spoken only when nothing else is speaking, and dropped when anything
    /// newer is posted before it starts. Once started, anything newer but another low
    /// announcement interrupts it.
    case low
    /// Interrupts current speech (unless that speech is ``high``, which it then waits for), and
    /// is itself interrupted by newer speech.
    case `default`
    /// Interrupts current speech and cannot be interrupted once it starts; newer high
    /// announcements wait for it in the order they were posted.
    case high

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .low: 0
        case .default: 1
        case .high: 2
        }
    }

    public var description: String { rawValue }
}

/// A short message to speak, such as "Page 4 of 12", with a priority that decides what happens
/// when it meets other speech (UIKit's announcement with `accessibilitySpeechAnnouncementPriority`).
public struct Announcement: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The text to speak.
    public var text: String
    /// How the announcement treats speech in progress and speech that comes after it.
    public var priority: AnnouncementPriority

    /// An announcement of `text`, at ``AnnouncementPriority/default`` priority unless said otherwise.
    public init(_ text: String, priority: AnnouncementPriority = .default) {
        self.text = text
        self.priority = priority
    }

    public var description: String { "\(text) (\(priority))" }
}

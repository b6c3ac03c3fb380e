import ReadaloudJSON
import TextNavigation

/// `announce` and `announced`: announcements with priorities, decided by the library's
/// ``AnnouncementQueue`` and spoken by the client (see ``ClientAnnouncements``).
extension Server {
    /// The longest announcement, in UTF-8 bytes.
    static let maximumAnnouncementLength = 4_096

    /// `announce`: `text`, `priority` (`low`, `default`, `high`; `default` when absent).
    func announce(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let text = try params.string("text")
        guard !text.isEmpty, text.utf8.count <= Self.maximumAnnouncementLength else {
            throw .invalidParams("text", "must be 1 to \(Self.maximumAnnouncementLength) bytes of UTF-8")
        }
        let priority = try params.choice(
            "priority", AnnouncementPriority.allCases.map { ($0.rawValue, $0) }, default: .default)
        let number = announcements.number(Announcement(text, priority: priority))
        announcementsToPost.append(number)
        return .object([("announcement", .integer(number))])
    }

    /// `announced`: the client has spoken `announcement` to its end.
    func announced(_ params: RPCParams) throws(RPCError) -> JSONValue {
        let number = try params.integer("announcement", in: 1...Int.max)
        return .object([("spoken", .bool(announcements.heard(number)))])
    }
}

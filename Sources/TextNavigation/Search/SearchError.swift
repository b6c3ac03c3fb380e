/// Why a query cannot be searched for.
public struct SearchError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    /// The query is empty or white space alone.
    public static let emptyQuery = SearchError(description: "the query is empty or white space alone")

    /// The query is longer than ``DocumentSearch/maximumQueryLength`` UTF-16 units.
    public static func queryTooLong(_ length: Int) -> SearchError {
        SearchError(
            description:
                "the query is \(length) UTF-16 units long, over the limit of \(DocumentSearch.maximumQueryLength)")
    }
}

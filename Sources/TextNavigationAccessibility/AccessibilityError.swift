/// Why a document could not be published on the accessibility bus.
public enum AccessibilityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no accessibility bus to register on (no D-Bus session, or AT-SPI is not
    /// installed); the message says which.
    case busUnavailable(String)
    /// This process already publishes a document: the bridge is one per process, as a
    /// toolkit is.
    case alreadyPublished

    public var description: String {
        switch self {
        case .busUnavailable(let reason): "no accessibility bus: \(reason)"
        case .alreadyPublished: "this process already publishes a document on the accessibility bus"
        }
    }
}

import TextNavigation

/// Why reading could not go on from where a ``BookOpening`` started.
public enum BookOpeningError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole book could not be read.
    case loading(BookLoadingError)
    /// The locator names no place in the whole book.
    case locator(LocatorError)

    public var description: String {
        switch self {
        case .loading(let error): "\(error)"
        case .locator(let error): "\(error)"
        }
    }
}

import Foundation
import TextNavigation

extension SavedSelectionStore {
    /// The store's default file, following the XDG Base Directory specification:
    /// `$XDG_DATA_HOME/readaloud/selections.sqlite`, else
    /// `$HOME/.local/share/readaloud/selections.sqlite`. Relative values are ignored, as the
    /// specification asks. The directory is created when the store is opened.
    ///
    /// - Parameter environment: the variables to read; the process's environment by default.
    /// - Throws: ``SavedSelectionStoreError/noDataDirectory`` when neither variable is an
    ///   absolute path.
    public static func defaultURL(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(SavedSelectionStoreError) -> URL
    {
        let base: URL
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            base = URL(fileURLWithPath: dataHome, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(
                ".local/share", isDirectory: true)
        } else {
            throw .noDataDirectory
        }
        return base.appendingPathComponent("readaloud", isDirectory: true).appendingPathComponent("selections.sqlite")
    }
}

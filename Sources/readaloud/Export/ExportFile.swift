import Foundation

/// A file an export writes a piece at a time; a write the disk does not take (a full disk) is
/// an I/O error (74).
final class ExportFile {
    private let handle: FileHandle
    private let path: String
    private var isClosed = false

    /// Creates (or empties) the file at `url`.
    init(url: URL) throws(ExportFailure) {
        path = url.path
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else { throw ExportFailure(.cannotCreate, "cannot create \(url.path)") }
        self.handle = handle
    }

    deinit { if !isClosed { try? handle.close() } }

    /// Appends `text` as UTF-8.
    func write(_ text: String) throws(ExportFailure) {
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw ExportFailure(.ioError, "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Writes what is buffered and closes the file.
    func close() throws(ExportFailure) {
        isClosed = true
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw ExportFailure(.ioError, "cannot write \(path): \(error.localizedDescription)")
        }
    }
}

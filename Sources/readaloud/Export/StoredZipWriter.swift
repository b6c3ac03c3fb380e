import CZip
import Foundation

/// A ZIP archive of stored (uncompressed) entries, written by libzip (the library the book
/// reader opens EPUBs with) in the order they are added, each with the same fixed date
/// (2020-01-01 00:00): what an EPUB's container needs (`mimetype` first and stored), the same
/// bytes for the same entries. Audio is already compressed, and the text is small beside it.
///
/// libzip reads every entry when the archive is written, at the end; so that a long book's
/// entries never wait in memory together, an entry given as bytes is written to a file of its
/// own in a spool folder first, and the folder is removed with the writer.
final class StoredZipWriter {
    private var archive: OpaquePointer?
    private let path: String
    private let spool: URL
    private var spooled = 0

    /// Creates (or empties) the archive at `url`, spooling entries in a new folder in
    /// `directory`; nothing is written to `url` before ``finish()``.
    init(url: URL, spool directory: URL) throws(ExportFailure) {
        path = url.path
        spool = directory.appendingPathComponent("zip-entries")
        try? FileManager.default.removeItem(at: spool)
        do {
            try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        } catch {
            throw ExportFailure(.cannotCreate, "cannot create \(spool.path): \(error.localizedDescription)")
        }
        var code: Int32 = 0
        guard let archive = zip_open(url.path, ZIP_CREATE | ZIP_TRUNCATE, &code) else {
            throw ExportFailure(.cannotCreate, "cannot create \(url.path) (libzip error \(code))")
        }
        self.archive = archive
    }

    deinit {
        if let archive { zip_discard(archive) }
        try? FileManager.default.removeItem(at: spool)
    }

    /// Adds the entry `name` holding `data`.
    func add(_ name: String, _ data: Data) throws(ExportFailure) {
        spooled += 1
        let file = spool.appendingPathComponent("entry-\(spooled)")
        do {
            try data.write(to: file)
        } catch {
            throw failure("cannot spool \(name): \(error.localizedDescription)")
        }
        try add(name, contentsOf: file)
    }

    /// Adds the entry `name` holding the file at `file`, read when the archive is written.
    func add(_ name: String, contentsOf file: URL) throws(ExportFailure) {
        guard let archive else { throw failure("already written") }
        guard let source = zip_source_file(archive, file.path, 0, -1) else {
            throw ExportFailure(.ioError, "cannot read \(file.path): \(String(cString: zip_strerror(archive)))")
        }
        try add(name, source)
    }

    private func add(_ name: String, _ source: OpaquePointer) throws(ExportFailure) {
        guard let archive else { throw failure("already written") }
        let index = zip_file_add(archive, name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
        guard index >= 0 else {
            zip_source_free(source)
            throw failure(String(cString: zip_strerror(archive)))
        }
        let date = UInt16((2020 - 1980) << 9 | 1 << 5 | 1)
        guard zip_set_file_compression(archive, UInt64(index), ZIP_CM_STORE, 0) == 0,
            zip_file_set_dostime(archive, UInt64(index), 0, date, 0) == 0
        else { throw failure(String(cString: zip_strerror(archive))) }
    }

    /// Writes the archive (libzip writes a temporary file beside it and renames it).
    func finish() throws(ExportFailure) {
        guard let archive else { return }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            self.archive = nil
            throw failure(message)
        }
        self.archive = nil
    }

    private func failure(_ reason: String) -> ExportFailure {
        ExportFailure(.ioError, "cannot write \(path): \(reason)")
    }
}

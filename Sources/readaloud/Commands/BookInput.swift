import Foundation
import TextNavigation
import TextNavigationBooks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the book a command names: a file path, or `-` for standard input, turning every way
/// that can fail into one clear line.
enum BookInput {
    /// The bytes of the regular file at `path`, for the book's fingerprint. Anything else (a
    /// pipe, a device, standard input) cannot hold saved selections.
    static func bytes(at path: String) throws(CommandFailure) -> [UInt8] {
        try checkReadable(path)
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure(
                "\(path) is not a regular file; saved selections belong to a book file", exitCode: .noInput)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read \(path) (check its permissions)", exitCode: .noInput)
        }
        return Array(data)
    }

    /// Fails, exit 66, for a path that cannot name a readable book: missing, a symbolic link
    /// loop, not UTF-8, a directory, not permitted; each said as what it is.
    private static func checkReadable(_ path: String) throws(CommandFailure) {
        if hasNonUTF8Bytes(path) {
            throw CommandFailure(
                "the path \(path) is not valid UTF-8 (� marks the bad bytes); readaloud takes UTF-8 "
                    + "paths: rename the file", exitCode: .noInput)
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            var link = stat()
            switch code {
            case ENOENT where lstat(path, &link) == 0:
                throw CommandFailure("\(path) is a symbolic link to a missing file", exitCode: .noInput)
            case ENOENT:
                throw CommandFailure("no such file: \(path)", exitCode: .noInput)
            case ELOOP:
                throw CommandFailure(
                    "cannot read \(path): it is a symbolic link loop (too many levels of symbolic links)",
                    exitCode: .noInput)
            default:
                throw CommandFailure("cannot read \(path): \(String(cString: strerror(code)))", exitCode: .noInput)
            }
        }
        guard status.st_mode & S_IFMT != S_IFDIR else {
            throw CommandFailure("\(path) is a directory, not a book file", exitCode: .noInput)
        }
    }

    /// Whether `path` came from a command-line argument whose bytes are not UTF-8 (Swift
    /// decoded it with U+FFFD in their place, so the file it names cannot be opened by it).
    private static func hasNonUTF8Bytes(_ path: String) -> Bool {
        guard path.unicodeScalars.contains("\u{FFFD}") else { return false }
        for index in 0..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: argument) == nil, String(cString: argument) == path { return true }
        }
        return false
    }

    /// The failure for the book at `path` (`-` for standard input) that could not be opened:
    /// for a file that cannot be read, what is wrong with its path, said as what it is.
    static func failure(_ error: BookOpenError, path: String) -> CommandFailure {
        switch error.code {
        case .unreadable:
            if path != "-" {
                do { try checkReadable(path) } catch { return error }
            }
            return CommandFailure("\(error)", exitCode: .noInput)
        default:
            if let plainTextError = error.plainTextError, plainTextError.code == .invalidUTF8,
                let offset = plainTextError.byteOffset, let reason = plainTextError.reason
            {
                // The library says to read it lossy; the command line says how.
                return CommandFailure(
                    "\(error.name): invalid UTF-8 at byte offset \(offset): \(reason) (use --lossy to replace bad "
                        + "bytes with U+FFFD)", exitCode: .dataError)
            }
            return CommandFailure("\(error)", exitCode: .dataError)
        }
    }

    /// The failure for a book named `name` that could not be loaded.
    private static func failure(_ error: BookLoadingError, named name: String) -> CommandFailure {
        failure(BookOpenError(name: name, plainTextError: error), path: "-")
    }

    /// The book `load` reads, named `name` in errors: refused when it has no text to read.
    static func book(named name: String, _ load: () throws(BookLoadingError) -> PlainTextBook)
        throws(CommandFailure) -> PlainTextBook
    {
        do {
            let book = try load()
            guard !book.paragraphs.isEmpty else {
                throw CommandFailure("\(name) has no text to read (only white space)", exitCode: .dataError)
            }
            return book
        } catch let error as BookLoadingError {
            throw failure(error, named: name)
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("\(name): \(error)", exitCode: .dataError)
        }
    }
}

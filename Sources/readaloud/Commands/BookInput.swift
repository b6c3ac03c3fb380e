import Foundation
import TextNavigation

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

    /// The book at `path`, read with `options`: a file through `PlainTextBook(contentsOf:)`,
    /// standard input as a stream of at most 1 GiB that stops at the first NUL byte.
    static func book(at path: String, lossy: Bool) throws(CommandFailure) -> PlainTextBook {
        let options = PlainTextBook.Options(lossy: lossy)
        if path == "-" {
            return try book(named: "standard input") { () throws(BookLoadingError) in
                try PlainTextBook(fileDescriptor: 0, name: "standard input", options: options)
            }
        }
        try checkReadable(path)
        return try book(named: path) { () throws(BookLoadingError) in
            try PlainTextBook(contentsOf: path, options: options)
        }
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

    /// Standard input read as a stream: a plain-text book, or an EPUB's bytes when it starts as
    /// a ZIP archive does.
    static func standardInput(lossy: Bool) throws(CommandFailure) -> StreamedInput {
        do {
            return try StreamedInput(fileDescriptor: 0, name: "standard input", options: .init(lossy: lossy))
        } catch {
            throw failure(error, named: "standard input")
        }
    }

    /// The failure for a book named `name` that could not be loaded.
    private static func failure(_ error: BookLoadingError, named name: String) -> CommandFailure {
        switch error {
        case .unreadable: CommandFailure("\(error)", exitCode: .noInput)
        case .changedWhileReading: CommandFailure("\(error)", exitCode: .dataError)
        default: CommandFailure("\(name): \(error)", exitCode: .dataError)
        }
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

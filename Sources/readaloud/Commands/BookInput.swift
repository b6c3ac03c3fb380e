import Foundation
import TextNavigation

/// Reads the book a command names: a file path, or `-` for standard input, turning every way
/// that can fail into one clear line.
enum BookInput {
    /// The bytes of `path` (`-` reads standard input).
    static func bytes(at path: String) throws(CommandFailure) -> [UInt8] {
        if path == "-" {
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        try checkReadable(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read \(path) (check its permissions)", exitCode: .noInput)
        }
        return Array(data)
    }

    /// The book at `path`, read with `options`: a file is read through
    /// `PlainTextBook(contentsOf:)` (mapped, never held beside its text), standard input as
    /// bytes.
    static func book(at path: String, lossy: Bool) throws(CommandFailure) -> PlainTextBook {
        let options = PlainTextBook.Options(lossy: lossy)
        if path == "-" {
            let bytes = try bytes(at: path)
            return try book(named: "standard input") { () throws(BookLoadingError) in
                try PlainTextBook(bytes: bytes, options: options)
            }
        }
        try checkReadable(path)
        return try book(named: path) { () throws(BookLoadingError) in
            try PlainTextBook(contentsOf: path, options: options)
        }
    }

    /// The plain-text book in `bytes`, read from standard input.
    static func book(fromStandardInput bytes: [UInt8], lossy: Bool) throws(CommandFailure) -> PlainTextBook {
        let options = PlainTextBook.Options(lossy: lossy)
        return try book(named: "standard input") { () throws(BookLoadingError) in
            try PlainTextBook(bytes: bytes, options: options)
        }
    }

    /// Fails as ``bytes(at:)`` does for a missing path or a directory.
    private static func checkReadable(_ path: String) throws(CommandFailure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("no such file: \(path)", exitCode: .noInput)
        }
        guard !isDirectory.boolValue else {
            throw CommandFailure("\(path) is a directory, not a book file", exitCode: .noInput)
        }
    }

    private static func book(named name: String, _ load: () throws(BookLoadingError) -> PlainTextBook)
        throws(CommandFailure) -> PlainTextBook
    {
        do {
            let book = try load()
            guard !book.paragraphs.isEmpty else {
                throw CommandFailure("\(name) has no text to read (only white space)", exitCode: .dataError)
            }
            return book
        } catch let error as BookLoadingError {
            if case .unreadable = error {
                throw CommandFailure("cannot read \(name) (check its permissions)", exitCode: .noInput)
            }
            throw CommandFailure("\(name): \(error)", exitCode: .dataError)
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("\(name): \(error)", exitCode: .dataError)
        }
    }
}

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
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CommandFailure("no such file: \(path)", exitCode: .noInput)
        }
        guard !isDirectory.boolValue else {
            throw CommandFailure("\(path) is a directory, not a book file", exitCode: .noInput)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure("cannot read \(path) (check its permissions)", exitCode: .noInput)
        }
        return Array(data)
    }

    /// The book at `path`, read with `options`.
    static func book(at path: String, lossy: Bool) throws(CommandFailure) -> PlainTextBook {
        let bytes = try bytes(at: path)
        let name = path == "-" ? "standard input" : path
        do {
            let book = try PlainTextBook(bytes: bytes, options: .init(lossy: lossy))
            guard !book.paragraphs.isEmpty else {
                throw CommandFailure("\(name) has no text to read (only white space)", exitCode: .dataError)
            }
            return book
        } catch let error as BookLoadingError {
            throw CommandFailure("\(name): \(error)", exitCode: .dataError)
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("\(name): \(error)", exitCode: .dataError)
        }
    }
}

import Foundation
import ReadaloudJSON
import TextNavigation
import TextNavigationBooks

/// The forms saved selections are listed in (`saved --format`, serve's `saved`): readaloud's
/// text and JSON Lines, and the forms other apps read, W3C Web Annotations and Readium
/// locators (one JSON object a line).
enum SavedSelectionFormat: String, CaseIterable, Sendable {
    case text
    case jsonl
    case annotation
    case readium

    /// What names a book's one resource when its markup names none: a plain-text book's file
    /// name (as Readium names a publication's resources by their paths).
    static func resource(of path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    /// `selection` as one JSON object in this form (not for ``text``): readaloud's object, the
    /// Web Annotation, or the Readium locator of where it is found now in `document` (`null`
    /// when it is not found there).
    func json(
        for selection: SavedSelection, in document: Document, resource: String, dates: ISO8601DateFormatter
    ) -> String {
        switch self {
        case .text, .jsonl: SavedCommand.jsonObject(for: selection, dates: dates).text
        case .annotation: WebAnnotation(selection: selection, in: document, resource: resource).json
        case .readium: ReadiumLocator(selection: selection, in: document, resource: resource)?.json ?? "null"
        }
    }

    /// The Web Annotations in `text`: one JSON object, an array of them, or one a line.
    static func annotations(in text: String) throws(LocatorError) -> [WebAnnotation] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .malformed("there is no annotation in it") }
        if trimmed.hasPrefix("["),
            let array = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [Any]
        {
            var found: [WebAnnotation] = []
            for item in array {
                guard let data = try? JSONSerialization.data(withJSONObject: item) else {
                    throw .malformed("an item of the array is not a JSON object")
                }
                found.append(try WebAnnotation(json: String(decoding: data, as: UTF8.self)))
            }
            return found
        }
        if let whole = try? WebAnnotation(json: trimmed) { return [whole] }
        var found: [WebAnnotation] = []
        for (index, line) in trimmed.split(whereSeparator: \.isNewline).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            do {
                found.append(try WebAnnotation(json: String(line)))
            } catch {
                throw LocatorError(code: error.code, reason: "line \(index + 1): \(error.reason)")
            }
        }
        return found
    }
}

import Foundation

extension Locator {
    /// The place a stored locator names in `document`, from its JSON: readaloud's own
    /// (``Locator``, `"type":"readaloud.locator"`) or Readium's (``ReadiumLocator``: an object
    /// with an `href` and `locations` or `text`), so that places kept by Readium-based apps
    /// open here too.
    ///
    /// - Throws: ``LocatorError`` as ``Locator/init(json:)`` and ``resolve(in:)`` throw, or as
    ///   ``ReadiumLocator/init(json:)`` and ``ReadiumLocator/resolve(in:)`` do.
    public static func resolve(json: String, in document: Document) throws(LocatorError) -> ReadingPosition {
        if let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            object["type"] as? String != typeName, object["href"] != nil,
            object["locations"] != nil || object["text"] != nil
        {
            return try ReadiumLocator(json: json).resolve(in: document)
        }
        return try Locator(json: json).resolve(in: document)
    }
}

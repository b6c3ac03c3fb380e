import Foundation
import TextNavigation

/// Paths inside an EPUB container: an `href` resolved against the document it appears in.
enum EPUBPath {
    /// The folder part of `path` ("EPUB/xhtml/a.xhtml" → "EPUB/xhtml/"; "a.opf" → "").
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// Whether `href` names a resource outside the container: a URL with a scheme
    /// (`https:`, `file:`) or a network path (`//host/…`).
    static func isRemote(_ href: String) -> Bool {
        if href.hasPrefix("//") { return true }
        guard let colon = href.firstIndex(of: ":"), let first = href.first, first.isASCII, first.isLetter else {
            return false
        }
        let scheme = href[..<colon]
        let separator = href.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && (separator.map { colon < $0 } ?? true)
    }

    /// `href` (percent-encoded, maybe with a fragment) resolved against `folder` into an entry
    /// name and a fragment, or `nil` for an external URL, an absolute path, or one that climbs
    /// out of the container.
    static func resolve(_ href: String, against folder: String) -> (path: String, fragment: String?)? {
        var reference = Substring(href)
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            fragment = String(reference[reference.index(after: hash)...])
            reference = reference[..<hash]
        }
        if let query = reference.firstIndex(of: "?") { reference = reference[..<query] }
        guard !reference.contains(":"), !reference.hasPrefix("/") else { return nil }
        let decoded = String(reference).removingPercentEncoding ?? String(reference)
        if decoded.isEmpty { return (String(folder), fragment) }
        var parts: [Substring] = []
        for part in (folder + decoded).split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        guard !parts.isEmpty else { return nil }
        return (parts.joined(separator: "/"), fragment.flatMap { $0.removingPercentEncoding ?? $0 })
    }
}

import Foundation

/// A saved selection as a W3C Web Annotation (JSON-LD), the form annotation tools and reading
/// apps exchange highlights in: its target is the resource (`source`) with a
/// `TextQuoteSelector` (`exact`, `prefix`, `suffix`) and a `TextPositionSelector` (`start`,
/// `end`); the reader's note is a `TextualBody`.
///
/// `TextPositionSelector` counts Unicode code points, as the Web Annotation Data Model says, of
/// the resource's text as readaloud reads it (its elements' text one after the other); another
/// app's text of the same document differs in white space, so ``resolve(in:)`` finds the quote
/// first and uses the positions only as a hint, or where no quote is given.
public struct WebAnnotation: Sendable, Hashable {
    /// The `TextQuoteSelector`: the selected text and a little of the text around it.
    public struct Quote: Sendable, Hashable {
        public var exact: String
        public var prefix: String
        public var suffix: String

        public init(exact: String, prefix: String = "", suffix: String = "") {
            self.exact = exact
            self.prefix = prefix
            self.suffix = suffix
        }
    }

    /// The annotation's IRI (`urn:uuid:` and the saved selection's id), if it has one.
    public var id: String?
    /// When it was made, if known.
    public var created: Date?
    /// The reader's note (the `TextualBody`'s value), if any.
    public var note: String?
    /// The resource annotated: an EPUB content document's entry name, or what names a
    /// plain-text book.
    public var source: String
    public var quote: Quote?
    /// The `TextPositionSelector`: code points from the resource's start.
    public var codePoints: Range<Int>?

    public init(
        id: String? = nil, created: Date? = nil, note: String? = nil, source: String, quote: Quote?,
        codePoints: Range<Int>? = nil
    ) {
        self.id = id
        self.created = created
        self.note = note
        self.source = source
        self.quote = quote
        self.codePoints = codePoints
    }

    /// The annotation of `selection` in `document` (found there as it is now for its text
    /// position).
    ///
    /// - Parameters:
    ///   - selection: the saved selection.
    ///   - document: the book it was saved in, as it is now.
    ///   - resource: what names the resource when the element's markup names none (a
    ///     plain-text book's file name).
    public init(selection: SavedSelection, in document: Document, resource: String) {
        var source = resource
        var codePoints: Range<Int>?
        if let found = selection.resolve(in: document), found.start.element == found.end.element {
            let element = found.start.element
            source = document.elements[element].markup.href ?? resource
            let start = Self.codePoints(before: found.start, in: document)
            let count =
                document.elements[element].text.string(in: found.start.offset..<found.end.offset)?
                .unicodeScalars.count ?? 0
            codePoints = start..<(start + count)
        }
        self.init(
            id: "urn:uuid:" + selection.id.uuidString.lowercased(), created: selection.createdAt, note: selection.note,
            source: source,
            quote: Quote(exact: selection.text, prefix: selection.contextBefore, suffix: selection.contextAfter),
            codePoints: codePoints)
    }

    /// The code points of `position`'s resource before it.
    private static func codePoints(before position: ReadingPosition, in document: Document) -> Int {
        let resource = document.positionList.resourceElements(containing: position.element)
        var count = 0
        for element in resource.lowerBound..<position.element {
            count += document.elements[element].string.unicodeScalars.count
        }
        let text = document.elements[position.element].text
        return count + (text.string(in: 0..<position.offset)?.unicodeScalars.count ?? 0)
    }

    // MARK: Resolving

    /// The place the annotation targets in `document`: an element and a UTF-16 range in it.
    ///
    /// The quote's `exact` text is looked for in each element, the occurrence whose text around
    /// it agrees with `prefix` and `suffix` (by how many characters) best, and of those the one
    /// nearest the text position (or the resource's start); without a quote, or when no
    /// element holds it, the `TextPositionSelector` in the resource `source` names.
    ///
    /// - Throws: ``LocatorError/notFound`` when neither places it.
    public func resolve(in document: Document) throws(LocatorError) -> (element: Int, range: Range<Int>) {
        let resource = ReadiumLocator(href: source, type: "", locations: .init()).resourceElements(in: document)
        let hint = resource.flatMap { range in codePoints.flatMap { Self.place(of: $0, in: range, document) } }
        if let quote, !quote.exact.isEmpty,
            let found = Self.find(quote, near: hint?.element ?? resource?.lowerBound ?? 0, in: document)
        {
            return found
        }
        guard let hint else { throw .notFound }
        return hint
    }

    /// The element and UTF-16 range `codePoints` are in the resource of `elements`, when it
    /// starts and ends in one element.
    private static func place(of codePoints: Range<Int>, in elements: Range<Int>, _ document: Document)
        -> (element: Int, range: Range<Int>)?
    {
        var skipped = 0
        for element in elements {
            let string = document.elements[element].string
            let scalars = string.unicodeScalars
            let start = codePoints.lowerBound - skipped
            // The element the range starts in (an empty range may sit at an element's end).
            if start < scalars.count || (start == scalars.count && codePoints.isEmpty) {
                guard start >= 0, codePoints.upperBound - skipped <= scalars.count else { return nil }
                let lower = scalars.index(scalars.startIndex, offsetBy: start)
                let upper = scalars.index(lower, offsetBy: codePoints.count)
                return (element, lower.utf16Offset(in: string)..<upper.utf16Offset(in: string))
            }
            skipped += scalars.count
        }
        return nil
    }

    /// The occurrence of `quote.exact` that agrees best with its prefix and suffix, the nearest
    /// to element `home` among equals.
    private static func find(_ quote: Quote, near home: Int, in document: Document)
        -> (element: Int, range: Range<Int>)?
    {
        let count = document.elements.count
        guard count > 0 else { return nil }
        let exact = Array(quote.exact.utf16)
        let prefix = Array(quote.prefix.utf16)
        let suffix = Array(quote.suffix.utf16)
        var best: (score: Int, element: Int, range: Range<Int>)?
        let home = min(max(0, home), count - 1)
        for distance in 0..<count {
            for element in distance == 0 ? [home] : [home - distance, home + distance]
            where element >= 0 && element < count {
                let text = Array(document.elements[element].string.utf16)
                guard text.count >= exact.count else { continue }
                for start in 0...(text.count - exact.count) where text[start] == exact[0] {
                    guard text[start..<(start + exact.count)].elementsEqual(exact) else { continue }
                    let end = start + exact.count
                    let score =
                        zip(text[..<start].reversed(), prefix.reversed()).prefix { $0 == $1 }.count
                        + zip(text[end...], suffix).prefix { $0 == $1 }.count
                    if best == nil || score > best!.score { best = (score, element, start..<end) }
                }
            }
            // The whole context agrees: nothing farther can do better.
            if let best, best.score >= prefix.count + suffix.count { return (best.element, best.range) }
        }
        return best.map { ($0.element, $0.range) }
    }

    // MARK: JSON

    /// The JSON-LD context every annotation names.
    public static let context = "http://www.w3.org/ns/anno.jsonld"

    /// The annotation as one line of JSON-LD, keys sorted.
    public var json: String {
        var selectors: [[String: Any]] = []
        if let quote {
            selectors.append([
                "type": "TextQuoteSelector", "exact": quote.exact, "prefix": quote.prefix, "suffix": quote.suffix,
            ])
        }
        if let codePoints {
            selectors.append([
                "type": "TextPositionSelector", "start": codePoints.lowerBound, "end": codePoints.upperBound,
            ])
        }
        var object: [String: Any] = [
            "@context": Self.context, "type": "Annotation",
            "motivation": note == nil ? "highlighting" : "commenting",
            "target": ["source": source, "selector": selectors],
        ]
        if let id { object["id"] = id }
        if let created {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            object["created"] = formatter.string(from: created)
        }
        if let note {
            object["body"] = ["type": "TextualBody", "value": note, "format": "text/plain", "purpose": "commenting"]
        }
        let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads an annotation from its JSON: its target's `source` and selectors (a selector or
    /// an array of them; `refinedBy` is not followed), its body's text as the note (the first
    /// `TextualBody`, or a string body), `id` and `created`.
    ///
    /// - Throws: ``LocatorError/malformed(_:)`` for text that is not a JSON object, and
    ///   ``LocatorError/foreign(_:)`` for an object that is no annotation of text (no
    ///   `"type":"Annotation"`, no target source, neither a quote nor a position selector).
    public init(json: String) throws(LocatorError) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw .malformed("it is not a JSON object")
        }
        let types = (object["type"] as? String).map { [$0] } ?? (object["type"] as? [String] ?? [])
        guard types.contains("Annotation") else { throw .foreign("its type is not 'Annotation'") }
        let target = (object["target"] as? [[String: Any]])?.first ?? object["target"] as? [String: Any]
        guard let target, let source = target["source"] as? String ?? target["id"] as? String else {
            throw .foreign("its target names no source")
        }
        let selectors =
            (target["selector"] as? [[String: Any]]) ?? (target["selector"] as? [String: Any]).map { [$0] } ?? []
        var quote: Quote?
        var codePoints: Range<Int>?
        for selector in selectors {
            switch selector["type"] as? String {
            case "TextQuoteSelector":
                guard let exact = selector["exact"] as? String else {
                    throw .malformed("a TextQuoteSelector has no 'exact' text")
                }
                quote = Quote(
                    exact: exact, prefix: selector["prefix"] as? String ?? "",
                    suffix: selector["suffix"] as? String ?? "")
            case "TextPositionSelector":
                guard let start = selector["start"] as? Int, let end = selector["end"] as? Int, start >= 0, end >= start
                else {
                    throw .malformed("a TextPositionSelector needs integers start ≤ end, from 0")
                }
                codePoints = start..<end
            default:
                continue
            }
        }
        guard quote != nil || codePoints != nil else {
            throw .foreign("its target has neither a TextQuoteSelector nor a TextPositionSelector")
        }
        let body = (object["body"] as? [[String: Any]])?.first ?? object["body"] as? [String: Any]
        let note = body?["value"] as? String ?? object["bodyValue"] as? String ?? object["body"] as? String
        self.init(
            id: object["id"] as? String, created: (object["created"] as? String).flatMap(Self.date(from:)), note: note,
            source: source, quote: quote, codePoints: codePoints)
    }

    /// A date in ISO 8601, with or without fractions of a second.
    private static func date(from text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions.insert(.withFractionalSeconds)
        return formatter.date(from: text)
    }
}

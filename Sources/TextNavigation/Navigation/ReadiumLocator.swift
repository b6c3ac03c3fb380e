import Foundation

/// A place as Readium's Locator JSON gives it, which Readium-based reading apps (Thorium, the
/// Readium toolkits) store and exchange: the resource (`href`, `type`), `locations`
/// (`progression` through the resource, `totalProgression` through the book, `position` in the
/// positions list, `fragments`) and `text` (`before`, `highlight`, `after`).
///
/// Made from a position (and a highlighted range) in a ``Document``, and resolved back by its
/// text first (as ``Locator`` is), then by its progression through its resource, then through
/// the book, then by its position; see ``resolve(in:)``. Hrefs are the resources' entry names in
/// the EPUB container (``ElementMarkup/href``), as Readium gives them, with or without a leading
/// `/`; a plain-text book is one resource, named as its maker chooses.
public struct ReadiumLocator: Sendable, Hashable, Codable {
    /// Where in the resource, and how far through the book.
    public struct Locations: Sendable, Hashable, Codable {
        /// How far through the resource, from 0 to 1.
        public var progression: Double?
        /// How far through the book, from 0 to 1.
        public var totalProgression: Double?
        /// The number (from 1) of the position in the book's positions list.
        public var position: Int?
        /// Fragment identifiers in the resource (`#note-1`); kept, not used to resolve.
        public var fragments: [String]?

        public init(
            progression: Double? = nil, totalProgression: Double? = nil, position: Int? = nil,
            fragments: [String]? = nil
        ) {
            self.progression = progression
            self.totalProgression = totalProgression
            self.position = position
            self.fragments = fragments
        }
    }

    /// The text at the place: before it, the highlighted text (a selection's), and after it.
    public struct Text: Sendable, Hashable, Codable {
        public var before: String?
        public var highlight: String?
        public var after: String?

        public init(before: String? = nil, highlight: String? = nil, after: String? = nil) {
            self.before = before
            self.highlight = highlight
            self.after = after
        }
    }

    /// The resource's path in the publication (an EPUB content document's entry name).
    public var href: String
    /// The resource's media type (`application/xhtml+xml`, `text/plain`).
    public var type: String
    /// The resource's title, when known.
    public var title: String?
    public var locations: Locations
    public var text: Text?

    public init(href: String, type: String, title: String? = nil, locations: Locations, text: Text? = nil) {
        self.href = href
        self.type = type
        self.title = title
        self.locations = locations
        self.text = text
    }

    /// The Readium locator of `position` in `document`, highlighting `highlight` (UTF-16 offsets
    /// in the position's element, from the position on) when given: the text about
    /// ``Locator/contextLength`` units on each side, progressions rounded to 6 decimals.
    ///
    /// - Parameters:
    ///   - position: the place.
    ///   - document: the document it is in.
    ///   - highlight: the highlighted text's range in the position's element, if any.
    ///   - resource: the href of a resource the markup names none for (a plain-text book's
    ///     file name); its type is then `text/plain`.
    public init(
        position: ReadingPosition, in document: Document, highlighting highlight: Range<Int>? = nil,
        resource: String
    ) {
        let locator = Locator(position: position, in: document, includesPage: false)
        let list = document.positionList
        let place = locator.position
        let href = locator.href
        self.href = href ?? resource
        type = href.map(Self.mediaType(ofHref:)) ?? "text/plain"
        locations = Locations(
            progression: Self.rounded(list.resourceProgression(at: place)),
            totalProgression: Self.rounded(list.progression(at: place)), position: list.number(at: place))
        guard let highlight, place.element < document.elements.count else {
            text = Text(before: locator.textBefore, after: locator.textAfter)
            return
        }
        let element = document.elements[place.element]
        let end = min(max(highlight.upperBound, place.offset), element.text.count)
        let after = Locator(position: ReadingPosition(element: place.element, offset: end), in: document)
        text = Text(
            before: locator.textBefore, highlight: element.text.string(in: place.offset..<end) ?? "",
            after: after.textAfter)
    }

    private static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    /// A content document's media type from its name: SVG, HTML, else XHTML.
    private static func mediaType(ofHref href: String) -> String {
        let name = href.lowercased()
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        if name.hasSuffix(".html") || name.hasSuffix(".htm") { return "text/html" }
        return "application/xhtml+xml"
    }

    // MARK: Resolving

    /// The place this locator names in `document`:
    /// 1. its text (`before`, then `highlight` and `after`), matched as ``Locator`` matches its
    ///    context, the match nearest the place its progression gives;
    /// 2. else its `progression` through its resource, its `totalProgression` through the
    ///    book, or its `position`, in that order;
    /// 3. else its resource's start.
    ///
    /// An `href` the book does not have (another app's path to the same document: `/OEBPS/c1.xhtml`
    /// for `OEBPS/c1.xhtml`, or `c1.xhtml` when one document ends so) is found by its end; a
    /// book whose elements name no resource (plain text) is one resource, whatever the href.
    ///
    /// - Throws: ``LocatorError/notFound`` when the href is not the book's and neither text,
    ///   progression nor position places it.
    public func resolve(in document: Document) throws(LocatorError) -> ReadingPosition {
        let list = document.positionList
        let resource = resourceElements(in: document)
        var estimate: ReadingPosition?
        if let resource {
            estimate = list.position(atProgression: locations.progression ?? 0, in: resource)
        }
        if resource == nil || locations.progression == nil {
            if let total = locations.totalProgression {
                estimate = list.position(atProgression: total)
            } else if let number = locations.position, let start = list.start(ofNumber: number) {
                estimate = start
            }
        }
        if let text, let found = Self.match(text, near: estimate, in: document) { return found }
        guard let estimate else { throw .notFound }
        return estimate
    }

    /// The elements of the resource `href` names, or `nil` when the book has none of that name.
    func resourceElements(in document: Document) -> Range<Int>? {
        let list = document.positionList
        guard !document.elements.isEmpty else { return nil }
        // Plain text: one resource, whatever its name.
        guard !list.resourceNames.isEmpty else { return 0..<document.elements.count }
        var name = href.split(separator: "#", maxSplits: 1).first.map(String.init) ?? href
        name = name.removingPercentEncoding ?? name
        while name.hasPrefix("/") { name.removeFirst() }
        if let found = list.resourceElements(named: name).first { return found }
        // Another app's path to the same document: the one name that ends the same way.
        let candidates = Set(list.resourceNames.filter { $0.hasSuffix("/" + name) || name.hasSuffix("/" + $0) })
        guard candidates.count == 1, let only = candidates.first else { return nil }
        return list.resourceElements(named: only).first
    }

    /// The place `text` says, matched as a ``Locator``'s context is: at `estimate` when the text
    /// is there, else the match nearest to it (to the book's start without one).
    private static func match(_ text: Text, near estimate: ReadingPosition?, in document: Document)
        -> ReadingPosition?
    {
        let before = String((text.before ?? "").utf16.suffix(Locator.contextLength)) ?? ""
        let after = String(((text.highlight ?? "") + (text.after ?? "")).utf16.prefix(Locator.contextLength)) ?? ""
        guard !before.isEmpty || !after.isEmpty else { return nil }
        let locator = Locator(
            position: estimate ?? ReadingPosition(element: 0, offset: 0), page: nil, textBefore: before,
            textAfter: after)
        return try? locator.resolve(in: document)
    }

    // MARK: JSON

    /// The locator as one line of JSON, keys sorted.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads a Readium locator from its JSON.
    ///
    /// - Throws: ``LocatorError/malformed(_:)`` for text that is not a JSON object with an
    ///   `href` and `locations` of the right types.
    public init(json: String) throws(LocatorError) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw .malformed("it is not a JSON object")
        }
        guard object["href"] is String else { throw .malformed("the field 'href' is missing or not a string") }
        do {
            var decoded = try JSONDecoder().decode(Self.Lenient.self, from: Data(json.utf8))
            decoded.locations.progression = decoded.locations.progression.map(Self.clamped)
            decoded.locations.totalProgression = decoded.locations.totalProgression.map(Self.clamped)
            self.init(
                href: decoded.href, type: decoded.type ?? "", title: decoded.title, locations: decoded.locations,
                text: decoded.text)
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw .malformed("the field '\(field)' has the wrong type")
        } catch {
            throw .malformed("it is not a Readium locator: \(error)")
        }
    }

    private static func clamped(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }

    /// The shape read: `type` and `locations` may be missing in another app's locator.
    private struct Lenient: Decodable {
        var href: String
        var type: String?
        var title: String?
        var locations: Locations
        var text: Text?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            href = try container.decode(String.self, forKey: .href)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            locations = try container.decodeIfPresent(Locations.self, forKey: .locations) ?? Locations()
            text = try container.decodeIfPresent(Text.self, forKey: .text)
        }
    }
}

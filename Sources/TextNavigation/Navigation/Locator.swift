import Foundation

/// A reading position that can be stored and found again: the element and offset, a page hint,
/// and about 50 UTF-16 units of text before and after (readium's text-context locator).
///
/// Its JSON form is one object:
/// `{"type":"readaloud.locator","version":1,"element":12,"offset":40,"affinity":"downstream","page":3,"before":"…","after":"…","source":81234}`.
/// ``resolve(in:)`` finds the same place after a re-layout (pages may differ; element and
/// offset do not) and the nearest match of the surrounding text after small edits.
///
/// `totalProgression` and `position` (``totalProgression``, ``positionNumber``) say how far
/// through the book the place is, as Readium's locators do; hints for people and other apps,
/// never used to resolve the locator when its element and text are found.
///
/// `source` (``sourceByteOffset``, optional) is where the element's text starts in a plain-text
/// book's file: a place in the file that other tools can find without the library. Locators
/// written before it was added have none, and are read as ever.
public struct Locator: Sendable, Hashable, Codable {
    /// The `type` every locator's JSON carries.
    public static let typeName = "readaloud.locator"
    /// The JSON version this build writes and reads.
    public static let version = 1
    /// How much context (UTF-16 units, snapped to characters) is kept on each side.
    public static let contextLength = 50

    public var position: ReadingPosition
    /// The page (from 1) the position was on when the locator was made; a hint only.
    public var page: Int?
    /// Text just before the position, in its element.
    public var textBefore: String
    /// Text just after the position, in its element.
    public var textAfter: String
    /// For an EPUB book, the content document the position is in (its entry name); `nil` for
    /// plain text. A locator whose `href` differs from its element's is resolved by its text.
    public var href: String?
    /// For a plain-text book, the byte offset in its file where the element's text starts (its
    /// `SourceMap`'s first byte); `nil` otherwise (and for an element with no text, such as
    /// a line of Aozora markup alone), and in locators made before it was kept.
    /// A hint only, checked against the text where it points.
    public var sourceByteOffset: Int?
    /// How far into the recorded narration of the utterance at ``position`` the listener was,
    /// in milliseconds (a stop in the middle of a Media Overlay clip), for a player to go on
    /// from there; `nil` otherwise. JSON key `narrationOffset`.
    public var narrationOffset: Int?
    /// How far through the document the position is, from 0 to 1
    /// (``PositionList/progression(at:)``), rounded to 6 decimals; `nil` in locators made
    /// without a document or before it was kept.
    public var totalProgression: Double?
    /// The number (from 1) of the position in the document's positions list
    /// (``PositionList/number(at:)``); JSON key `position`.
    public var positionNumber: Int?

    public init(
        position: ReadingPosition, page: Int?, textBefore: String, textAfter: String, sourceByteOffset: Int? = nil
    ) {
        self.position = position
        self.page = page
        self.textBefore = textBefore
        self.textAfter = textAfter
        self.sourceByteOffset = sourceByteOffset
    }

    /// The locator of `position` in `document` (clamped into it; a position inside a grapheme
    /// cluster moves to the cluster's start), with its page and context.
    public init(position: ReadingPosition, in document: Document, includesPage: Bool = true) {
        var navigator = Navigator(document: document)
        navigator.move(to: position)
        var position = navigator.position
        guard !document.elements.isEmpty else {
            self.position = position
            self.page = nil
            (textBefore, textAfter) = ("", "")
            return
        }
        let element = document.elements[position.element]
        let tokenizer = element.stringTokenizer
        // A position inside a grapheme cluster (or a surrogate pair) stands for the cluster's
        // start, so that the context on both sides is whole text.
        if !tokenizer.isCharacterBoundary(position.offset) {
            position.offset = tokenizer.characterBoundary(before: position.offset) ?? 0
        }
        self.position = position
        self.page = includesPage ? document.pageIndex(containing: position) + 1 : nil
        var lower = max(0, position.offset - Self.contextLength)
        while lower > 0, !tokenizer.isCharacterBoundary(lower) { lower -= 1 }
        var upper = min(element.text.count, position.offset + Self.contextLength)
        while upper < element.text.count, !tokenizer.isCharacterBoundary(upper) { upper += 1 }
        textBefore = element.text.string(in: lower..<position.offset) ?? ""
        textAfter = element.text.string(in: position.offset..<upper) ?? ""
        href = element.markup.href
        let positions = document.positionList
        totalProgression = (positions.progression(at: position) * 1e6).rounded() / 1e6
        positionNumber = positions.number(at: position)
        if let contents = document.elementContents, position.element < contents.count {
            sourceByteOffset = contents.sourceByteOffset(at: position.element)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, version, element, offset, affinity, page, before, after, href, narrationOffset, totalProgression
        case sourceByteOffset = "source"
        case positionNumber = "position"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decodeIfPresent(String.self, forKey: .type)
        guard type == Self.typeName else {
            throw LocatorError.foreign("its type is \(type.map { "'\($0)'" } ?? "missing"), not '\(Self.typeName)'")
        }
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.version else {
            throw LocatorError.foreign("version \(version) is not supported (this build reads version \(Self.version))")
        }
        position = try ReadingPosition(from: decoder)
        page = try container.decodeIfPresent(Int.self, forKey: .page)
        textBefore = try container.decodeIfPresent(String.self, forKey: .before) ?? ""
        textAfter = try container.decodeIfPresent(String.self, forKey: .after) ?? ""
        href = try container.decodeIfPresent(String.self, forKey: .href)
        sourceByteOffset = try container.decodeIfPresent(Int.self, forKey: .sourceByteOffset)
        narrationOffset = try container.decodeIfPresent(Int.self, forKey: .narrationOffset).map { max(0, $0) }
        totalProgression = try container.decodeIfPresent(Double.self, forKey: .totalProgression)
            .map { $0.isFinite ? min(max($0, 0), 1) : 0 }
        positionNumber = try container.decodeIfPresent(Int.self, forKey: .positionNumber)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.typeName, forKey: .type)
        try container.encode(Self.version, forKey: .version)
        try position.encode(to: encoder)
        try container.encodeIfPresent(page, forKey: .page)
        try container.encode(textBefore, forKey: .before)
        try container.encode(textAfter, forKey: .after)
        try container.encodeIfPresent(href, forKey: .href)
        try container.encodeIfPresent(sourceByteOffset, forKey: .sourceByteOffset)
        try container.encodeIfPresent(narrationOffset, forKey: .narrationOffset)
        try container.encodeIfPresent(totalProgression, forKey: .totalProgression)
        try container.encodeIfPresent(positionNumber, forKey: .positionNumber)
    }

    /// The locator as one line of JSON, keys sorted.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Reads a locator from its JSON.
    ///
    /// - Throws: ``LocatorError/malformed(_:)`` for text that is not JSON of the right shape,
    ///   ``LocatorError/foreign(_:)`` for another kind of object or version.
    public init(json: String) throws(LocatorError) {
        if let problem = Self.shapeProblem(json) { throw .malformed(problem) }
        do {
            self = try JSONDecoder().decode(Locator.self, from: Data(json.utf8))
        } catch let error as LocatorError {
            throw error
        } catch DecodingError.dataCorrupted(let context) {
            throw .malformed(Self.reason(at: context, otherwise: context.debugDescription))
        } catch DecodingError.keyNotFound(let key, _) {
            throw .malformed("the field '\(key.stringValue)' is missing")
        } catch DecodingError.typeMismatch(_, let context) {
            throw .malformed(Self.reason(at: context, otherwise: "it has the wrong type"))
        } catch DecodingError.valueNotFound(_, let context) {
            throw .malformed(Self.reason(at: context, otherwise: "it is null"))
        } catch {
            throw .malformed("\(error)")
        }
    }

    /// What is wrong with the shape of `json` that the decoder would word poorly (it says "not
    /// valid JSON" for `33.5` where an integer belongs), or `nil`: not JSON at all, not an
    /// object, or an integer field holding something else.
    private static func shapeProblem(_ json: String) -> String? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) else {
            return "it is not JSON"
        }
        guard let object = value as? [String: Any] else {
            switch value {
            case is NSNull: return "it is null, not a JSON object with the locator's fields"
            case is [Any]: return "it is a JSON array, not an object with the locator's fields"
            case is String: return "it is a JSON string, not an object with the locator's fields"
            default:
                let kind = value is Bool ? "boolean" : "number"
                return "it is a JSON \(kind), not an object with the locator's fields"
            }
        }
        for key in integerFields.sorted() {
            if let field = object[key], !(field is NSNull), (field as? Int) == nil || field is String {
                return "\(key) must be an integer"
            }
        }
        return nil
    }

    /// The fields that hold integers.
    private static let integerFields: Set<String> = [
        "element", "offset", "page", "version", "source", "narrationOffset", "position",
    ]

    /// Why decoding failed where `context` says, in a sentence: the whole text (not JSON, or
    /// not an object), or one field (`offset must be an integer`, `the field 'x' …`).
    private static func reason(at context: DecodingError.Context, otherwise detail: String) -> String {
        guard let key = context.codingPath.last?.stringValue else {
            if context.underlyingError != nil { return "it is not JSON" }
            return "it is not a JSON object with the locator's fields"
        }
        if integerFields.contains(key) { return "\(key) must be an integer" }
        if detail == "it is null" { return "the field '\(key)' is null" }
        if detail == "it has the wrong type" { return "the field '\(key)' has the wrong type" }
        return detail
    }

    /// The place this locator names in `document`: the stored position when the text around it
    /// still matches; otherwise the match of the stored context nearest to the stored element.
    ///
    /// - Throws: ``LocatorError/notFound`` when neither the position nor the context fits.
    public func resolve(in document: Document) throws(LocatorError) -> ReadingPosition {
        if matches(at: position, in: document) { return position }
        let before = Array(textBefore.utf16)
        let after = Array(textAfter.utf16)
        // From the whole context to smaller parts of it, so small edits near the position
        // still find it.
        let attempts: [(before: ArraySlice<UInt16>, after: ArraySlice<UInt16>)] = [
            (before[...], after[...]),
            (before.suffix(20), after.prefix(20)),
            ([], after.prefix(24)),
            (before.suffix(24), []),
        ]
        for attempt in attempts where attempt.before.count + attempt.after.count >= 8 {
            if let found = nearestMatch(
                of: Array(attempt.before + attempt.after), skipping: attempt.before.count, in: document)
            {
                return found
            }
        }
        if before.isEmpty, after.isEmpty, document.contains(position) { return position }
        throw .notFound
    }

    /// Whether the stored context surrounds `position` in `document` (and its `href` is the
    /// element's).
    package func matches(at position: ReadingPosition, in document: Document) -> Bool {
        guard document.contains(position) else { return false }
        if let href, let elementHref = document.elements[position.element].markup.href, href != elementHref {
            return false
        }
        let text = document.elements[position.element].text
        let before = Array(textBefore.utf16)
        let after = Array(textAfter.utf16)
        guard position.offset >= before.count, position.offset + after.count <= text.count else { return false }
        for (index, unit) in before.enumerated() where text[position.offset - before.count + index] != unit {
            return false
        }
        for (index, unit) in after.enumerated() where text[position.offset + index] != unit { return false }
        return true
    }

    /// The occurrence of `needle` nearest to the stored position (by element, then offset),
    /// as the position `skipping` units into it.
    private func nearestMatch(of needle: [UInt16], skipping: Int, in document: Document) -> ReadingPosition? {
        let count = document.elements.count
        guard count > 0, !needle.isEmpty else { return nil }
        let home = min(max(0, position.element), count - 1)
        for distance in 0..<count {
            for element in distance == 0 ? [home] : [home - distance, home + distance]
            where element >= 0 && element < count {
                let text = document.elements[element].text
                let offsets = Self.occurrences(of: needle, in: text)
                if let best = offsets.min(by: { abs($0 - position.offset) < abs($1 - position.offset) }) {
                    return ReadingPosition(element: element, offset: best + skipping)
                }
            }
        }
        return nil
    }

    private static func occurrences(of needle: [UInt16], in text: TextStorage) -> [Int] {
        guard needle.count <= text.count else { return [] }
        return text.withUTF16 { haystack in
            var found: [Int] = []
            let first = needle[0]
            var index = 0
            let last = haystack.count - needle.count
            while index <= last {
                if haystack[index] == first {
                    var matched = true
                    for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                        matched = false
                        break
                    }
                    if matched { found.append(index) }
                }
                index += 1
            }
            return found
        }
    }
}

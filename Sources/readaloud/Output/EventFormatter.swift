import ReadaloudJSON
import TextNavigation
import TextNavigationBooks

/// Turns read-all events into output lines: text for people, JSON Lines for programs.
///
/// The JSON Lines schema (one object per line; docs/cli.md documents it):
/// - first, `{"type":"start","page":N,"pages":M,"elements":E,"positions":P}`, with `title`, `creator` and
///   `metadata` when the book gives them (see ``metadataValue(_:)``)
/// - `{"type":"utterance","text":…,"page":N,"element":N,"start":N,"end":N,"granularity":…,"locator":{…}}`,
///   with `structures` when its element is part of a table, a note, a list… (see
///   ``addStructures(of:to:)``)
/// - `{"type":"heading","element":N,"text":…}`
/// - `{"type":"customContent","element":N,"label":…,"value":…}`
/// - `{"type":"pageTurn","from":N,"to":N,"announcement":"Page 2 of 40"}`
/// - `{"type":"end"}`, and, when stopped, `{"type":"stopped","locator":{…}}`
/// - for EPUB books: `{"type":"printPage","label":"169"}`, and utterances gain `language`,
///   `href`, `direction`, `traits` and `ruby` (see ``addMarkup(of:for:to:)``); an utterance
///   read by recorded narration gains `"source":"audio"` and its clips
///   (``addNarration(_:to:)``)
///
/// Text output tells the book's text from what the reader adds: a unit's text never begins with
/// white space (units are trimmed), and every line the reader adds (`Page N of M` at the start
/// and at each page turn, `Heading` after a heading's text, custom content, and before the first
/// page the book's title and creator, "Title, by Creator", when it gives them) begins with
/// ``addedLinePrefix``.
enum EventFormatter {
    enum Format: String, CaseIterable {
        case text
        case jsonl
    }

    /// What begins every text line that is not the book's text: two spaces.
    static let addedLinePrefix = "  "

    /// The line that begins every reading of `document`: the page reading starts on (from 1),
    /// the number of pages, of elements and of positions (``PositionList``), and the book's
    /// title and creator when it gives them (text output puts them on a line of their own
    /// before the page).
    static func startLine(page: Int, document: Document, metadata: BookMetadata, format: Format) -> String {
        switch format {
        case .text:
            let pageLine = addedLinePrefix + "Page \(page) of \(document.pageCount)"
            guard let title = metadata.title?.value else { return pageLine }
            let byline = metadata.creator.map { ", by \($0.value)" } ?? ""
            return addedLinePrefix + CommonOptions.oneLine(title + byline) + "\n" + pageLine
        case .jsonl:
            var object = JSONObject()
            object.add("type", "start")
            object.add("page", page)
            object.add("pages", document.pageCount)
            object.add("elements", document.elements.count)
            object.add("positions", document.positionList.count)
            if let title = metadata.title { object.add("title", title.value) }
            if let creator = metadata.creator { object.add("creator", creator.value) }
            if let described = metadataValue(metadata) { object.add("metadata", described) }
            return object.text
        }
    }

    /// A book's metadata as JSON, or `nil` when it gives none: `{"title":{…},"creators":[{…}]}`,
    /// each text `{"text":…,"language":…,"direction":"ltr"|"rtl"}` (language and direction only
    /// when given). `serve`'s `open` answers with the same object.
    static func metadataValue(_ metadata: BookMetadata) -> JSONValue? {
        guard metadata.title != nil || !metadata.creators.isEmpty else { return nil }
        func textValue(_ text: BookMetadata.Text) -> JSONValue {
            var fields: [(String, JSONValue)] = [("text", .string(text.value))]
            if let language = text.language { fields.append(("language", .string(language))) }
            if let direction = text.direction {
                fields.append(("direction", .string(direction == .rightToLeft ? "rtl" : "ltr")))
            }
            return .object(fields)
        }
        var fields: [(String, JSONValue)] = []
        if let title = metadata.title { fields.append(("title", textValue(title))) }
        fields.append(("creators", .array(metadata.creators.map(textValue))))
        return .object(fields)
    }

    /// The line for `event`, or `nil` when the format prints nothing for it; an utterance's
    /// JSON has its `pronunciations` (``addPronunciations(_:to:)``) when it has any.
    static func line(
        for event: ReadingEvent, format: Format, document: Document, pronunciations: [Pronunciation] = []
    ) -> String? {
        switch format {
        case .text:
            switch event {
            case .utterance(let utterance): return CommonOptions.oneLine(utterance.text)
            case .heading: return addedLinePrefix + "Heading"
            case .customContent(_, let content):
                return addedLinePrefix + CommonOptions.oneLine("\(content.label): \(content.value)")
            case .pageTurn(_, _, let announcement): return addedLinePrefix + announcement
            case .printPage(_, let label): return addedLinePrefix + CommonOptions.oneLine("Page \(label)")
            case .end: return nil
            }
        case .jsonl:
            var object = JSONObject()
            switch event {
            case .utterance(let utterance):
                object.add("type", "utterance")
                object.add("text", utterance.text)
                object.add("page", utterance.page)
                object.add("element", utterance.element)
                object.add("start", utterance.range.lowerBound)
                object.add("end", utterance.range.upperBound)
                object.add("granularity", utterance.granularity.rawValue)
                object.add("locator", locatorObject(Locator(position: utterance.position, in: document)))
                let element = document.elements[utterance.element]
                addStructures(of: element, to: &object)
                addMarkup(of: element, for: utterance, to: &object)
                if let narration = utterance.narration { addNarration(narration, to: &object) }
                addPronunciations(pronunciations, to: &object)
            case .heading(let element, let text):
                object.add("type", "heading")
                object.add("element", element)
                object.add("text", text)
            case .customContent(let element, let content):
                object.add("type", "customContent")
                object.add("element", element)
                object.add("label", content.label)
                object.add("value", content.value)
            case .pageTurn(let from, let to, let announcement):
                object.add("type", "pageTurn")
                object.add("from", from)
                object.add("to", to)
                object.add("announcement", announcement)
            case .printPage(_, let label):
                object.add("type", "printPage")
                object.add("label", label)
            case .end:
                object.add("type", "end")
            }
            return object.text
        }
    }

    /// How stretches of an utterance are to be said, for a client that speaks it:
    /// `pronunciations`, `[{"start","end", and "text", or "phonemes" and "alphabet", or
    /// "silent":true}]` in element offsets. Left out when there are none.
    static func addPronunciations(_ pronunciations: [Pronunciation], to object: inout JSONObject) {
        guard !pronunciations.isEmpty else { return }
        object.add(
            "pronunciations",
            pronunciations.map { pronunciation in
                var item = JSONObject()
                item.add("start", pronunciation.range.lowerBound)
                item.add("end", pronunciation.range.upperBound)
                switch pronunciation.spoken {
                case .text(let text): item.add("text", text)
                case .phonemes(let phonemes, let alphabet):
                    item.add("phonemes", phonemes)
                    item.add("alphabet", alphabet.rawValue)
                case .silence: item.add("silent", true)
                }
                return item
            })
    }

    /// A narrated utterance's fields: `"source":"audio"` and `audio`, the clips played for it
    /// (`{"src","clipBegin","clipEnd","clip"}`: the file's entry name, milliseconds, `clipEnd`
    /// only when known, and the clip's index in the book's Media Overlays).
    static func addNarration(_ narration: NarratedSpan, to object: inout JSONObject) {
        object.add("source", "audio")
        object.add(
            "audio",
            zip(narration.audio, narration.clips).map { clip, index in
                var item = JSONObject()
                item.add("src", clip.source)
                item.add("clipBegin", clip.begin)
                if let end = clip.end { item.add("clipEnd", end) }
                item.add("clip", index)
                return item
            })
    }

    /// The structures an utterance's element is part of, when it is part of any (a table, a
    /// note, a list…): `structures`, `[{"kind","id"}]`, outermost first.
    static func addStructures(of element: any NavigableElement, to object: inout JSONObject) {
        let structures = element.markup.structures
        guard !structures.isEmpty else { return }
        object.add(
            "structures",
            structures.map { structure in
                var item = JSONObject()
                item.add("kind", structure.kind.rawValue)
                item.add("id", structure.id)
                return item
            })
    }

    /// An EPUB element's fields on its utterance: `language` (BCP 47; `und` when its markup
    /// gives none), `href` (the content document), `direction` (`ltr`/`rtl` from its `dir`, or
    /// `auto` when its markup gives none: its text's own), `traits` (`heading`, `image`), and `ruby` (the
    /// readings over the utterance's range, `{"start","end","reading"}` in element offsets,
    /// clipped to the range), and, when the range holds any, `links` (the links over it,
    /// `{"start","end","href","fragment","element","noteref"}`: offsets clipped like ruby's,
    /// `fragment` and `element`, the target element's index, only when known; `noteref` true
    /// for a note reference). Plain-text elements get none.
    static func addMarkup(of element: any NavigableElement, for utterance: Utterance, to object: inout JSONObject) {
        let markup = element.markup
        guard let href = markup.href else { return }
        object.add("language", element.language)
        object.add("href", href)
        object.add(
            "direction", markup.direction.map { $0 == .rightToLeft ? "rtl" : "ltr" } ?? "auto")
        var traits: [String] = []
        if element.traits.contains(.heading) { traits.append("heading") }
        if element.traits.contains(.image) { traits.append("image") }
        if element.traits.contains(.link) { traits.append("link") }
        object.add("traits", traits)
        let range = utterance.range
        let ruby = markup.ruby.filter { $0.range.overlaps(range) }.map { annotation in
            var item = JSONObject()
            item.add("start", max(annotation.range.lowerBound, range.lowerBound))
            item.add("end", min(annotation.range.upperBound, range.upperBound))
            item.add("reading", annotation.reading)
            return item
        }
        object.add("ruby", ruby)
        let links = markup.links.filter { $0.range.overlaps(range) }.map { link in
            var item = JSONObject()
            item.add("start", max(link.range.lowerBound, range.lowerBound))
            item.add("end", min(link.range.upperBound, range.upperBound))
            item.add("href", link.href)
            if let fragment = link.fragment { item.add("fragment", fragment) }
            if let target = link.target { item.add("element", target) }
            item.add("noteref", link.isNoteReference)
            return item
        }
        if !links.isEmpty { object.add("links", links) }
    }

    /// A locator as the JSON object `--from` reads back (same fields and order as
    /// ``Locator/json``).
    static func locatorObject(_ locator: Locator) -> JSONObject {
        var object = JSONObject()
        object.add("affinity", locator.position.affinity == .upstream ? "upstream" : "downstream")
        object.add("after", locator.textAfter)
        object.add("before", locator.textBefore)
        object.add("element", locator.position.element)
        if let href = locator.href { object.add("href", href) }
        if let offset = locator.narrationOffset { object.add("narrationOffset", offset) }
        object.add("offset", locator.position.offset)
        if let page = locator.page { object.add("page", page) }
        if let number = locator.positionNumber { object.add("position", number) }
        if let source = locator.sourceByteOffset { object.add("source", source) }
        if let progression = locator.totalProgression { object.add("totalProgression", JSONValue.number(progression)) }
        object.add("type", Locator.typeName)
        object.add("version", Locator.version)
        return object
    }
}

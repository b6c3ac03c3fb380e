import ReadaloudJSON
import TextNavigation

/// The elements a client hands over with `openDocument`, read from its JSON: each page an
/// array of element objects, each element
/// `{"text"` or `"lines":[{"text","rect":{"x","y","width","height"}}]`, and optionally
/// `"traits"`, `"language"`, `"label"`, `"value"`, `"customActions":[{"name","category"}]`,
/// `"customContent":[{"label","value","importance"}]`, `"next"` and `"previous"` (indices of
/// the elements it links to, counted over every page)`}`.
///
/// Text becomes a ``TextElement`` laid out at the document's width; lines with rectangles
/// become a ``ScannedPage`` (custom-rendered text: a scan, a terminal), which keeps its own
/// geometry. A client's custom action is listed for it (`element`'s `customActions`) and
/// performed by the client.
enum ClientElements {
    /// The most elements one document may have.
    static let maximumElements = 100_000

    /// Element trait names, as `element` answers them.
    static let traitNames: [(ElementTraits, String)] = [
        (.heading, "heading"), (.causesPageTurn, "causesPageTurn"), (.staticText, "staticText"),
        (.image, "image"), (.link, "link"), (.updatesFrequently, "updatesFrequently"),
    ]

    /// The pages of `value` (`pages`), their elements made and linked.
    static func pages(_ value: JSONValue?, width: Int) throws(RPCError) -> [[any NavigableElement]] {
        guard case .array(let pages)? = value, !pages.isEmpty else {
            throw .invalidParams("pages", "must be a non-empty array of pages, each an array of elements")
        }
        var made: [[any NavigableElement]] = []
        var links: [(element: Int, next: Int?, previous: Int?)] = []
        var count = 0
        for (pageIndex, page) in pages.enumerated() {
            guard case .array(let elements) = page else {
                throw .invalidParams("pages[\(pageIndex)]", "must be an array of elements")
            }
            var madePage: [any NavigableElement] = []
            for (elementIndex, object) in elements.enumerated() {
                guard count < maximumElements else {
                    throw .invalidParams("pages", "more than \(maximumElements) elements")
                }
                let field = "pages[\(pageIndex)][\(elementIndex)]"
                let params = try elementParams(object, field: field)
                madePage.append(try element(params, field: field, width: width))
                links.append((count, try index(params, "next", field), try index(params, "previous", field)))
                count += 1
            }
            made.append(madePage)
        }
        let all = made.flatMap { $0 }
        for link in links where link.next != nil || link.previous != nil {
            for target in [link.next, link.previous].compactMap({ $0 }) where target >= all.count {
                throw .invalidParams("pages", "element \(link.element) links to \(target), past the last element")
            }
            all[link.element].links?.set(
                next: link.next.map { all[$0] }, previous: link.previous.map { all[$0] })
        }
        return made
    }

    private static func elementParams(_ object: JSONValue, field: String) throws(RPCError) -> RPCParams {
        do {
            return try RPCParams(
                object,
                allowed: [
                    "text", "lines", "traits", "language", "label", "value", "customActions", "customContent", "next",
                    "previous",
                ])
        } catch {
            throw .invalidParams("\(field).\(error.field ?? "")", error.message)
        }
    }

    private static func index(_ params: RPCParams, _ name: String, _ field: String) throws(RPCError) -> Int? {
        do {
            return try params.optionalInteger(name, in: 0...(maximumElements - 1))
        } catch {
            throw .invalidParams("\(field).\(name)", error.message)
        }
    }

    /// One element from its params.
    private static func element(_ params: RPCParams, field: String, width: Int) throws(RPCError)
        -> any NavigableElement
    {
        let label = try params.optionalString("label")
        let language = try params.optionalString("language") ?? "en"
        let traits = try self.traits(params["traits"], field: "\(field).traits")
        if let lines = params["lines"] {
            guard !params.has("text") else {
                throw .invalidParams("\(field).lines", "give 'text' or 'lines', not both")
            }
            let read = try self.lines(lines, field: "\(field).lines")
            guard let page = ScannedPage(lines: read, locale: language, traits: traits, label: label) else {
                throw .invalidParams(
                    "\(field).lines", "the lines must be stacked top to bottom, each one line of text (no line break)")
            }
            return page
        }
        let text = try params.optionalString("text") ?? ""
        guard !text.isEmpty || label != nil else {
            throw .invalidParams("\(field).text", "is missing (give 'text', 'lines', or a 'label' for an image)")
        }
        return TextElement(
            text, traits: traits, label: label, value: try params.optionalString("value"),
            customActions: try actions(params["customActions"], field: "\(field).customActions"),
            customContent: try content(params["customContent"], field: "\(field).customContent"), locale: language,
            width: Double(width))
    }

    private static func traits(_ value: JSONValue?, field: String) throws(RPCError) -> ElementTraits {
        guard let value else { return [.staticText] }
        guard case .array(let names) = value else { throw .invalidParams(field, "must be an array of trait names") }
        var traits: ElementTraits = []
        for name in names {
            guard case .string(let name) = name, let trait = traitNames.first(where: { $0.1 == name })?.0 else {
                throw .invalidParams(field, "names a trait none of \(traitNames.map(\.1).joined(separator: ", "))")
            }
            traits.insert(trait)
        }
        return traits
    }

    private static func lines(_ value: JSONValue, field: String) throws(RPCError) -> [ScannedPage.Line] {
        guard case .array(let lines) = value, !lines.isEmpty else {
            throw .invalidParams(field, "must be a non-empty array of {\"text\",\"rect\"}")
        }
        var read: [ScannedPage.Line] = []
        for line in lines {
            let params = try RPCParams(line, allowed: ["text", "rect"])
            guard let rect = params["rect"] else { throw .invalidParams("\(field).rect", "is missing") }
            let box = try RPCParams(rect, allowed: ["x", "y", "width", "height"])
            let (width, height) = (try box.coordinate("width"), try box.coordinate("height"))
            guard width >= 0, height > 0 else {
                throw .invalidParams("\(field).rect", "needs a width of 0 or more and a height above 0")
            }
            read.append(
                ScannedPage.Line(
                    text: try params.string("text"),
                    rect: Rect(x: try box.coordinate("x"), y: try box.coordinate("y"), width: width, height: height)))
        }
        return read
    }

    private static func actions(_ value: JSONValue?, field: String) throws(RPCError) -> [CustomAction] {
        guard let value else { return [] }
        guard case .array(let actions) = value else { throw .invalidParams(field, "must be an array") }
        return try actions.map { (action: JSONValue) throws(RPCError) -> CustomAction in
            let params = try RPCParams(action, allowed: ["name", "category"])
            let category = try params.choice(
                "category", [("default", CustomAction.Category.default), ("edit", .edit)], default: .default)
            // Performed by the client: the server only lists it.
            return CustomAction(name: try params.string("name"), category: category) { _ in false }
        }
    }

    private static func content(_ value: JSONValue?, field: String) throws(RPCError) -> [CustomContent] {
        guard let value else { return [] }
        guard case .array(let items) = value else { throw .invalidParams(field, "must be an array") }
        return try items.map { (item: JSONValue) throws(RPCError) -> CustomContent in
            let params = try RPCParams(item, allowed: ["label", "value", "importance"])
            let importance = try params.choice(
                "importance", [("default", CustomContent.Importance.default), ("high", .high)], default: .default)
            return CustomContent(
                label: try params.string("label"), value: try params.string("value"), importance: importance)
        }
    }
}

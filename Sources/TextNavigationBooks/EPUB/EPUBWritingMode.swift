import TextNavigation

/// The writing mode a content document's style gives its elements (CSS `writing-mode`, with
/// EPUB's `-epub-writing-mode` and WebKit's `-webkit-writing-mode`): what a reading system lays
/// each block out in.
///
/// A plain reading of the cascade:
/// - the style sheets are the head's `<link rel="stylesheet">` (alternate ones left out) and
///   `<style>` elements, in document order, then an element's own `style` attribute;
/// - a rule counts when one of its selectors is a single compound selector for the element:
///   its name, `*` or nothing (`:root` for `html`), with classes the element has (`html`,
///   `body.bodymatter`, `p.tate`, `.vertical`); rules inside at-rules (`@media`) and selectors
///   with combinators, ids or attributes are left out;
/// - the last declaration wins (specificity and `!important` are not weighed);
/// - an element without a value of its own inherits its parent's, from `html` down, as CSS's
///   `writing-mode` is inherited ``XHTMLContentReader`` carries it down.
enum EPUBWritingMode {
    /// The property names that set the writing mode.
    private static let properties: Set<String> = ["writing-mode", "-epub-writing-mode", "-webkit-writing-mode"]

    /// A content document's rules that set a writing mode, in order.
    struct Style: Sendable {
        /// Each rule's selector list and the mode it sets.
        var rules: [(selectors: Substring, mode: WritingMode)] = []

        /// The writing mode `element` sets for itself: its `style` attribute's, else the last
        /// matching rule's; `nil` when it inherits its parent's.
        func mode(of element: XMLNode) -> WritingMode? {
            if let inline = element.attribute("style").flatMap({ declared(in: Substring($0)) }) { return inline }
            let isRoot = element.name == "html"
            return rules.last { matches($0.selectors, element, isRoot: isRoot) }?.mode
        }
    }

    /// The style of the content document at `path` whose root element is `root`, its linked
    /// style sheets read from `archive` (one that is missing or not UTF-8 is passed by).
    static func style(of root: XMLNode, path: String, in archive: EPUBArchive) -> Style {
        var sheets: [String] = []
        for node in root.element(named: "head")?.elements ?? [] {
            if node.name == "style" {
                sheets.append(node.text)
            } else if node.name == "link", let href = node.attribute("href") {
                let rel = Set((node.attribute("rel") ?? "").lowercased().split(separator: " "))
                guard rel.contains("stylesheet"), !rel.contains("alternate"), !EPUBPath.isRemote(href),
                    let resolved = EPUBPath.resolve(href, against: EPUBPath.folder(of: path)),
                    archive.contains(resolved.path), let bytes = try? archive.data(resolved.path),
                    let css = String(validating: bytes, as: UTF8.self)
                else { continue }
                sheets.append(css)
            }
        }
        var style = Style()
        for sheet in sheets {
            for rule in rules(of: sheet) {
                if let mode = declared(in: rule.declarations) { style.rules.append((rule.selectors, mode)) }
            }
        }
        return style
    }

    /// The top-level rules of `sheet`: their selector lists and declaration blocks, comments
    /// and at-rules left out.
    static func rules(of sheet: String) -> [(selectors: Substring, declarations: Substring)] {
        var text = Substring(sheet)
        var uncommented = ""
        while let open = text.firstRange(of: "/*") {
            uncommented += text[..<open.lowerBound]
            guard let close = text[open.upperBound...].firstRange(of: "*/") else {
                text = ""
                break
            }
            text = text[close.upperBound...]
        }
        uncommented += text
        var rules: [(Substring, Substring)] = []
        var depth = 0
        var start = uncommented.startIndex
        var bodyStart = start
        for index in uncommented.indices {
            switch uncommented[index] {
            case "{":
                if depth == 0 { bodyStart = uncommented.index(after: index) }
                depth += 1
            case "}" where depth > 0:
                depth -= 1
                guard depth == 0 else { continue }
                let selectors = uncommented[start..<uncommented.index(before: bodyStart)]
                if !selectors.contains("@") { rules.append((selectors, uncommented[bodyStart..<index])) }
                start = uncommented.index(after: index)
            case ";" where depth == 0:
                start = uncommented.index(after: index)  // an at-rule without a block (@charset)
            default: break
            }
        }
        return rules
    }

    /// The writing mode the last writing-mode declaration of `declarations` names, if any.
    static func declared(in declarations: Substring) -> WritingMode? {
        var found: WritingMode?
        for declaration in declarations.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2,
                properties.contains(trimmed(parts[0]).lowercased())
            else { continue }
            let value = parts[1].replacing("!important", with: "")
            if let mode = WritingMode(css: value) { found = mode }
        }
        return found
    }

    /// Whether one of `selectors` (a comma-separated list) is a compound selector for
    /// `element` (the root element when `isRoot`).
    static func matches(_ selectors: Substring, _ element: XMLNode, isRoot: Bool) -> Bool {
        let classes = Set((element.attribute("class") ?? "").split(whereSeparator: \.isWhitespace))
        for selector in selectors.split(separator: ",") {
            let trimmed = Self.trimmed(selector)
            guard !trimmed.isEmpty, !trimmed.contains(where: { " >+~[#".contains($0) }) else { continue }
            var parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
            let name = parts.removeFirst().lowercased()
            let nameMatches = name.isEmpty || name == "*" || name == element.name || (isRoot && name == ":root")
            if nameMatches, parts.allSatisfy({ !$0.isEmpty && classes.contains($0) }) { return true }
        }
        return false
    }

    /// `text` without the white space around it (`\r\n` included, which is one `Character`).
    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop(while: \.isWhitespace)
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}

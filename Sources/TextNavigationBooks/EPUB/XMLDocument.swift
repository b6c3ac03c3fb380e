internal import CEPUBXML
import TextNavigation

/// A parsed XML document of an EPUB book (container, package document, navigation, XHTML), read
/// through libxml2 with the protections of `cepubxml_parse`: no DTD and no external entity is
/// ever loaded, no network, libxml2's depth and entity-amplification limits on, XHTML's named
/// entities from a built-in table.
///
/// Owns the libxml2 tree; every ``XMLNode`` holds its document, so a node never outlives the tree.
final class XMLDocument {
    let document: OpaquePointer

    /// Parses `bytes`.
    ///
    /// - Throws: ``EPUBError/malformedXML(name:reason:)`` (named `name`) when the bytes are not
    ///   well-formed XML or break a limit.
    init(bytes: [UInt8], name: String) throws(EPUBError) {
        guard bytes.count < Int(Int32.max) else { throw .malformedXML(name: name, reason: "too large") }
        var message = [CChar](repeating: 0, count: 512)
        let capacity = message.count
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cepubxml_parse(chars.baseAddress, Int32(chars.count), &message, capacity)
            }
        }
        guard let parsed else {
            let reason = String(
                decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .malformedXML(name: name, reason: reason.isEmpty ? "not well-formed XML" : reason)
        }
        document = parsed
    }

    deinit { cepubxml_free_document(document) }

    /// The root element, or `nil` for a document without one.
    var root: XMLNode? { cepubxml_root(document).map { XMLNode(node: $0, owner: self) } }
}

/// One node of an ``XMLDocument``'s tree; it keeps the document alive.
struct XMLNode {
    let node: OpaquePointer
    /// The document the node belongs to, held so that the tree outlives the node.
    let owner: XMLDocument

    /// The XHTML namespace.
    static let xhtml = "http://www.w3.org/1999/xhtml"
    /// The EPUB 3 structural semantics (`epub:type`) and content switching namespace.
    static let ops = "http://www.idpf.org/2007/ops"
    /// SSML's namespace, whose `ssml:ph` and `ssml:alphabet` EPUB 3 allows on content.
    static let ssml = "http://www.w3.org/2001/10/synthesis"
    /// The `xml:` prefix's namespace.
    static let xml = "http://www.w3.org/XML/1998/namespace"

    var isElement: Bool { cepubxml_node_kind(node) == Int32(CEPUBXML_ELEMENT) }
    var isText: Bool {
        let kind = cepubxml_node_kind(node)
        return kind == Int32(CEPUBXML_TEXT) || kind == Int32(CEPUBXML_CDATA)
    }

    /// The local name (without prefix).
    var name: String { String(cString: cepubxml_node_name(node)) }

    /// The namespace URI, or `nil`.
    var namespace: String? { cepubxml_node_namespace(node).map { String(cString: $0) } }

    /// A text node's text.
    var content: String { String(cString: cepubxml_node_text(node)) }

    /// The children, in order.
    var children: [XMLNode] {
        var result: [XMLNode] = []
        var child = cepubxml_first_child(node)
        while let current = child {
            result.append(XMLNode(node: current, owner: owner))
            child = cepubxml_next_sibling(current)
        }
        return result
    }

    /// The child elements, in order.
    var elements: [XMLNode] { children.filter(\.isElement) }

    /// The child elements named `name` (any namespace).
    func elements(named name: String) -> [XMLNode] { elements.filter { $0.name == name } }

    /// The first child element named `name` (any namespace).
    func element(named name: String) -> XMLNode? { elements.first { $0.name == name } }

    /// The descendant elements named `name` (any namespace), in document order.
    func descendants(named name: String) -> [XMLNode] {
        var found: [XMLNode] = []
        collect(named: name, into: &found, depth: 0)
        return found
    }

    private func collect(named name: String, into found: inout [XMLNode], depth: Int) {
        guard depth < 512 else { return }
        for child in elements {
            if child.name == name { found.append(child) }
            child.collect(named: name, into: &found, depth: depth + 1)
        }
    }

    /// The attribute `name` in no namespace, or in `namespace`.
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        guard let value = cepubxml_attribute(node, name, namespace) else { return nil }
        defer { cepubxml_free(value) }
        return String(cString: value)
    }

    /// The element's own `xml:lang` (or `lang`), if any.
    var declaredLanguage: String? {
        (attribute("lang", namespace: Self.xml) ?? attribute("lang"))?.trimmingSpaces.nonEmpty
    }

    /// The element's own `dir` (`ltr` or `rtl`), if any.
    var declaredDirection: WritingDirection? {
        switch attribute("dir")?.trimmingSpaces.lowercased() {
        case "rtl": .rightToLeft
        case "ltr": .leftToRight
        default: nil
        }
    }

    /// All text under the node, in order, white space collapsed and trimmed.
    var text: String {
        var parts = ""
        appendText(to: &parts, depth: 0)
        return parts.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
    }

    private func appendText(to parts: inout String, depth: Int) {
        guard depth < 512 else { return }
        for child in children {
            if child.isText {
                parts += child.content
            } else if child.isElement {
                child.appendText(to: &parts, depth: depth + 1)
            }
        }
    }
}

internal import CEPUBXML

extension XMLDocument {
    /// The document written back as XML (UTF-8, its XML declaration and DOCTYPE kept).
    func serialized() -> [UInt8] {
        var length: Int32 = 0
        guard let bytes = cepubxml_serialize(document, &length) else {
            return []
        }
        defer { cepubxml_free(bytes) }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }
}

/// Changes to an ``XMLDocument``'s tree (see `cepubxml.h`): what writing a book's documents
/// back with ids and Media Overlays needs.
extension XMLNode {
    /// The parent element, or `nil` for the root.
    var parent: XMLNode? { cepubxml_parent(node).map { XMLNode(node: $0, owner: owner) } }
    /// The previous sibling, or `nil`.
    var previousSibling: XMLNode? { cepubxml_previous_sibling(node).map { XMLNode(node: $0, owner: owner) } }
    /// The next sibling, or `nil`.
    var nextSibling: XMLNode? { cepubxml_next_sibling(node).map { XMLNode(node: $0, owner: owner) } }

    /// Splits a text node at UTF-16 `offset` of its ``content``: the node keeps the text before
    /// and the node returned (its new next sibling) the rest; `nil` when `offset` is not inside.
    func splitText(at offset: Int) -> XMLNode? {
        let content = self.content.utf16
        guard offset > 0, offset < content.count else { return nil }
        let bytes = String(decoding: Array(content.prefix(offset)), as: UTF16.self).utf8.count
        return cepubxml_split_text(node, bytes).map { XMLNode(node: $0, owner: owner) }
    }

    /// A copy of the element (its name and attributes but `id`, without children) inserted
    /// right after it.
    func cloneAfter() -> XMLNode? {
        cepubxml_clone_after(node).map { XMLNode(node: $0, owner: owner) }
    }

    /// Moves `first` through `last` (siblings, in order) to the element's end.
    func moveInto(from first: XMLNode, through last: XMLNode) {
        cepubxml_move_into(node, first.node, last.node)
    }

    /// A new element `name` in the namespace `namespace` as declared here, inserted before
    /// `sibling` (a child), or appended when it is `nil`.
    @discardableResult
    func insertElement(_ name: String, namespace: String?, before sibling: XMLNode? = nil) -> XMLNode? {
        cepubxml_insert_element(node, sibling?.node, name, namespace).map { XMLNode(node: $0, owner: owner) }
    }

    /// Sets (or, given `nil`, removes) the attribute `name` in no namespace.
    func setAttribute(_ name: String, _ value: String?) {
        cepubxml_set_attribute(node, name, value)
    }

    /// Appends `text` to the element.
    func appendText(_ text: String) {
        cepubxml_append_text(node, text)
    }

    /// Removes the node from its tree; it must not be used again.
    func remove() {
        cepubxml_remove(node)
    }
}

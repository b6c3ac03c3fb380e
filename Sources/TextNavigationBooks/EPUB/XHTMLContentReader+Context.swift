import TextNavigation

extension XHTMLContentReader {
    /// Whether `node` is hidden from reading: `hidden`, or `aria-hidden="true"`.
    static func isHidden(_ node: XMLNode) -> Bool {
        node.attribute("hidden") != nil || node.attribute("aria-hidden")?.lowercased() == "true"
    }

    /// The context inside `node`: `inherited` with the node's language, direction, phonetic
    /// alphabet and writing mode.
    func context(of node: XMLNode, inheriting inherited: Context) -> Context {
        var context = inherited
        if let language = node.declaredLanguage { context.language = language }
        if let direction = node.declaredDirection { context.direction = direction }
        if let mode = style.mode(of: node) { context.writingMode = mode }
        if let alphabet = node.attribute("alphabet", namespace: XMLNode.ssml), !alphabet.isEmpty {
            context.alphabet = PhoneticAlphabet(rawValue: alphabet)
        }
        return context
    }
}

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

    /// The last Unicode scalar of `text` (UTF-16), if any.
    static func lastScalar(of text: [UInt16]) -> Unicode.Scalar? {
        guard let last = text.last else { return nil }
        if UTF16.isTrailSurrogate(last), text.count >= 2 {
            return Unicode.Scalar(UInt32(0x10000 + ((Int(text[text.count - 2]) - 0xD800) << 10) + (Int(last) - 0xDC00)))
        }
        return Unicode.Scalar(last)
    }
}

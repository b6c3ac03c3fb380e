extension NavigableElement {
    /// The language the element is read in: a text element's locale as given (`en`, `ja-JP`),
    /// else its tokenizer's ICU locale id.
    public var language: String { (self as? TextElement)?.locale ?? stringTokenizer.locale }
}

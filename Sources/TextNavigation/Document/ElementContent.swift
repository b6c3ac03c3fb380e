/// What a document made on demand makes one element from: its text, traits, locale and markup.
package struct ElementContent: Sendable {
    package let text: TextStorage
    package let traits: ElementTraits
    /// The ICU locale id (or BCP 47 tag) the element is tokenized with.
    package let locale: String
    package let markup: ElementMarkup

    package init(text: TextStorage, traits: ElementTraits, locale: String, markup: ElementMarkup) {
        self.text = text
        self.traits = traits
        self.locale = locale
        self.markup = markup
    }
}

import TextNavigation

/// The backend's own element type: a figure (an image in the book) with no text of its own and
/// a description that read-all speaks, as VoiceOver reads an image's accessibility label.
///
/// Conforming takes a text, a tokenizer over it, and the text's geometry; everything else
/// (value, custom content and actions, links, a text input) has a default or is given here.
final class Figure: NavigableElement {
    let text = TextStorage("")
    let stringTokenizer: StringTokenizer
    let geometry: any TextGeometry
    let label: String?
    let customContent: [CustomContent]
    let links: ElementLinks? = ElementLinks()
    var traits: ElementTraits { [.image] }

    /// A figure described by `description`, credited to `artist` (read on demand).
    init(description: String, artist: String) throws {
        let layout = try TextLayout(storage: text, locale: "en", width: 70)
        stringTokenizer = try StringTokenizer(storage: text, locale: "en", lineSource: layout)
        geometry = layout
        label = description
        customContent = [CustomContent(label: "Artist", value: artist)]
    }
}

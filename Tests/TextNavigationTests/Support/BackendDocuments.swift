import Testing
import TextNavigation

/// A backend's own element type: a figure with no text of its own and a spoken description,
/// laid out as one empty line (what a reader app's image view is to VoiceOver).
final class Figure: NavigableElement {
    let text = TextStorage("")
    let stringTokenizer: StringTokenizer
    let geometry: any TextGeometry
    let label: String?
    let links: ElementLinks? = ElementLinks()
    var traits: ElementTraits { [.image] }

    init(label: String) throws {
        let layout = try TextLayout(storage: text, locale: "en", width: 70)
        stringTokenizer = try StringTokenizer(storage: text, locale: "en", lineSource: layout)
        geometry = layout
        self.label = label
    }
}

/// Documents a reader backend builds: text elements, a scanned page and a figure, on pages.
enum BackendDocuments {
    /// Two handwritten lines, each 40 points high, 60 apart, as recognised from a page image.
    static func scannedPage() throws -> ScannedPage {
        try #require(
            ScannedPage(lines: [
                ScannedPage.Line(text: "Dear Sir, the rain", rect: Rect(x: 20, y: 100, width: 360, height: 40)),
                ScannedPage.Line(text: "kept us home today.", rect: Rect(x: 24, y: 160, width: 380, height: 40)),
            ]))
    }

    /// Three pages: a heading and a paragraph; the scanned page; the figure and a closing line.
    /// No element carries `causesPageTurn`.
    static func pages() throws -> [[any NavigableElement]] {
        [
            [TextElement("Chapter One", traits: .heading), TextElement("It was a bright cold day.")],
            [try scannedPage()],
            [try Figure(label: "A map of the island"), TextElement("The end.")],
        ]
    }
}

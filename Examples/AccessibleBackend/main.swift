import TextNavigation
import TextNavigationAccessibility

// A reader backend's own document on the Linux accessibility bus: a heading, a paragraph, a
// scanned letter (its lines' rectangles in the scan's pixels), a figure named by its description
// and a last paragraph, published for a screen reader in a few lines. Runs until standard input
// ends (a screen reader reads it meanwhile); prints one line once the document is published.
//
// Run it in a D-Bus session with the accessibility bus (at-spi2-core):
//     dbus-run-session -- swift run readaloud-accessible-example < /dev/tty
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let letter = ScannedPage(
    lines: [
        ScannedPage.Line(text: "Dear Sir, the rain", rect: Rect(x: 20, y: 100, width: 360, height: 40)),
        ScannedPage.Line(text: "kept us home today.", rect: Rect(x: 24, y: 160, width: 380, height: 40)),
    ], label: "A handwritten letter")
guard let letter else { fatalError("the scanned letter's lines are not stacked") }
let document = Document(pages: [
    [
        TextElement("Chapter One", traits: .heading, markup: ElementMarkup(headingLevel: 1)),
        TextElement("It was a bright cold day in April, and the clocks were striking thirteen."),
    ],
    [letter, TextElement(text: TextStorage(""), traits: .image, label: "A map of the island")],
    [TextElement("The end.")],
])

do {
    let accessible = try AccessibleDocument(
        document: document, title: "An accessible backend", applicationName: "readaloud-example")
    let published = "published \(document.elements.count) elements on \(document.pageCount) pages\n"
    _ = published.withCString { write(1, $0, strlen($0)) }
    var running = true
    accessible.watchInput(0) { fd in
        var byte: UInt8 = 0
        running = read(fd, &byte, 1) > 0
        return running
    }
    while running { accessible.iterate(blocking: true) }
} catch {
    print("Error: cannot publish the document: \(error)")
    exit(69)
}

import TextNavigation

/// The backend's pages as it laid them out: a heading, paragraphs and a figure read by its label.
func backendPages() -> [[any NavigableElement]] {
    [
        [
            TextElement("Chapter One", traits: .heading),
            TextElement("It was a bright cold day in April."),
        ],
        [
            TextElement("", traits: .image, label: "A map of the island"),
            TextElement("The clocks were striking thirteen."),
        ],
    ]
}

// Each page's last element turns the page, so reading all goes on to the end by itself.
let document = Document(pages: backendPages())
for event in ReadingSession(document: document, granularity: .word) {
    switch event {
    case .utterance(let utterance): print("page \(utterance.page): \(utterance.text)")
    case .heading(_, let text): print("(heading: \(text))")
    case .pageTurn(_, _, let announcement): print(announcement)
    case .customContent(_, let content): print("(\(content.label): \(content.value))")
    case .printPage(_, let label): print("(print page \(label))")
    case .end: print("(end)")
    }
}

// The reader's place as one line of JSON, found again in the document of the next launch.
let json = Locator(position: ReadingPosition(element: 3, offset: 4), in: document).json
let reopened = Document(pages: backendPages())
let place = try Locator(json: json).resolve(in: reopened)
print("resumed at \(place), page \(reopened.page(containing: place).number) of \(reopened.pageCount)")

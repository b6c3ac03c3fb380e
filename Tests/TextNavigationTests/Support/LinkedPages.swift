import TextNavigation

/// Backend pages whose reading order differs from their elements' order, made fresh for each
/// test (links are set on the elements, so no two documents share them).
enum LinkedPages {
    /// The sidebar document's texts by index: a heading, a paragraph, a sidebar, a paragraph on
    /// page 1, and a last paragraph on page 2.
    static let sidebarTexts = [
        "Owls at night.",
        "Owls hunt in the dark. They hear very well.",
        "Sidebar: a barn owl eats a thousand mice a year.",
        "By day they sleep in trees.",
        "Then night comes again. The end.",
    ]

    /// The sidebar document's reading order: the sidebar (element 2) is left out.
    static let sidebarOrder = [0, 1, 3, 4]

    /// Page 1 holds a heading, a paragraph, a sidebar and a paragraph, page 2 a paragraph; the
    /// backend links the paragraphs around the sidebar, which keeps no link of its own.
    static func sidebar() -> Document {
        let elements = sidebarTexts.map { TextElement($0) }
        elements[0].traits = .heading
        TextElement.link(sidebarOrder.map { elements[$0] })
        return Document(pages: [Array(elements[0..<4]), [elements[4]]])
    }

    /// The two-column document's texts by index: page 1's cells row by row (left, right, left,
    /// right, ...), then page 2's paragraph. Read column by column, they come in alphabetical
    /// order.
    static let columnTexts = [
        "Apples grow on trees. They are sweet.",
        "Dogs bark loudly.",
        "Bananas are yellow.",
        "Eels swim in rivers. They are long.",
        "Cherries are red.",
        "Foxes run fast.",
        "Geese fly south in the autumn.",
    ]

    /// The two-column document's reading order: the left column, the right one, page 2.
    static let columnOrder = [0, 2, 4, 1, 3, 5, 6]

    /// A two-column page given row by row and linked column by column (the page-2 paragraph
    /// keeps no link: the document links it after the right column's last cell).
    static func columns() -> Document {
        let elements = columnTexts.map { TextElement($0) }
        TextElement.link(columnOrder.dropLast().map { elements[$0] })
        return Document(pages: [Array(elements[0..<6]), [elements[6]]])
    }

    /// Each unit of `granularity` in the elements at `order`, in that order: what navigation
    /// and read-all go through, found from each element's own tokenizer.
    static func units(_ granularity: TextGranularity, of document: Document, order: [Int]) -> [NavigationUnit] {
        order.flatMap { element in
            let text = document.elements[element].text
            return document.elements[element].stringTokenizer.units(for: granularity).ranges.map {
                NavigationUnit(element: element, range: $0, text: text.string(in: $0) ?? "", granularity: granularity)
            }
        }
    }
}

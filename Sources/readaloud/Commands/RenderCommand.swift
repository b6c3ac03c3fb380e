import Foundation
import TextNavigation
import TextNavigationBooks
import TextNavigationRender

/// `readaloud render`: one page of a book drawn to a PNG with a real font (HarfBuzz shaping,
/// Cairo drawing), its line frames outlined and the current unit highlighted, to see the
/// library's geometry on a page.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Draw one page of a book to a PNG with a real font, the current unit highlighted.",
        positionals: [CommonOptions.book],
        options: [
            page.spec, out.spec, font.spec, face.spec, size.spec, width.spec, lines.spec, highlight.spec, position.spec,
            CommonOptions.locale.spec, CommonOptions.lossy.spec,
        ],
        discussion: """
            The book is laid out with the font (HarfBuzz shaping, Noto Sans CJK JP as the \
            fallback for characters the font lacks) in lines --width points wide and pages of \
            --lines lines, and the page's elements are drawn where the library's page space puts \
            them (a blank line between paragraphs; columns, right to left, for vertical text) on a \
            white page with a 36-point margin, at 2 pixels per point. Line frames are outlined in \
            blue, the unit holding --position is filled yellow and the caret stands at --position \
            in red.
            """)

    static let page = CommandOption.integer(
        "page", valueName: "N", help: "The page to draw (from 1).", in: 1...Int(Int32.max), default: 1)
    static let out = CommandOption.text("out", valueName: "FILE", help: "The PNG file to write.", required: true)
    static let font = CommandOption.text(
        "font", valueName: "PATH", help: "The font file (OpenType or TrueType).", default: defaultFont.path)
    static let face = CommandOption.integer(
        "face", valueName: "N", help: "The face of a font collection (.ttc), from 0.", in: 0...65_535, default: 0)
    static let size = CommandOption.decimal(
        "size", valueName: "PT", help: "The font size in points.", in: 1...500, default: 12)
    static let width = CommandOption.decimal(
        "width", valueName: "PT", help: "The width of the text's lines in points.", in: 20...10_000, default: 360)
    static let lines = CommandOption.integer(
        "lines", valueName: "N", help: "Lines on a page.", in: 1...100_000, default: PageLayout().linesPerPage)
    static let highlight = CommandOption.choice(
        "highlight", valueName: "UNIT", help: "The unit filled at --position.",
        allowed: [TextGranularity.word, .sentence, .line], default: .word)
    static let position = CommandOption.integer(
        "position", valueName: "OFFSET",
        help: "The caret's UTF-16 offset in the page's text (its elements' parts one after another).",
        in: 0...Int(Int32.max), default: 0)

    static let defaultFont = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    static let fallbackFont = FontFile(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 0)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        let metrics = try openMetrics(arguments)
        let layout = PageLayout(width: arguments[width], linesPerPage: arguments[lines], metrics: metrics)
        let book = try OpenedBook.open(
            at: arguments.positionals[0], lossy: arguments[CommonOptions.lossy],
            locale: arguments[CommonOptions.locale], layout: layout)
        let number = arguments[page]
        guard let shown = book.document.page(at: number - 1) else {
            throw CommandFailure(
                UsageError(
                    "--page \(number) is past the end: the book has \(book.document.pageCount) pages at this layout",
                    spec: arguments.spec))
        }
        var (placed, size) = RenderedPage.place(shown, lineLength: layout.width)
        try RenderedPage.mark(&placed, at: arguments[position], unit: arguments[highlight], spec: arguments.spec)
        let renderer = PageRenderer(metrics: metrics, pageSize: size, pixelsPerPoint: 2)
        let path = arguments[out]!
        do {
            try renderer.writePNG(of: placed.map(\.text), to: path)
        } catch {
            throw CommandFailure("\(error)", exitCode: .cannotCreate)
        }
        let pixels = renderer.pixelSize
        StandardOutput.shared.line("\(path): \(shown.announcement), \(pixels.width)×\(pixels.height) pixels")
        StandardOutput.shared.flush()
    }

    /// The font of `--font` at `--size`, with Noto Sans CJK JP as its fallback when installed.
    private static func openMetrics(_ arguments: ParsedArguments) throws(CommandFailure) -> HarfBuzzMetrics {
        let file = FontFile(path: arguments[font], faceIndex: arguments[face])
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw CommandFailure("--font: \(file.path) does not exist", exitCode: .noInput)
        }
        let fallbacks =
            FileManager.default.fileExists(atPath: fallbackFont.path) && file.path != fallbackFont.path
            ? [fallbackFont] : []
        do {
            return try HarfBuzzMetrics(font: file, fallbacks: fallbacks, size: arguments[size])
        } catch {
            throw CommandFailure("--font: \(error)", exitCode: error.font == file ? .dataError : .noInput)
        }
    }
}

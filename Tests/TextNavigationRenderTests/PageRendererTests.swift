import Foundation
import Testing
import TextNavigation
import TextNavigationRender

/// Pages drawn by PageRenderer and read back from the PNG: the highlight where the unit's rects
/// are, text inside the line frames, the caret at its rect.
@Suite struct PageRendererTests {
    struct Page: CustomStringConvertible, Sendable {
        var name: String
        var paragraphs: [String]
        var locale: String
        /// The element and the UTF-16 range of it that is highlighted.
        var highlighted: (element: Int, range: Range<Int>)
        var description: String { name }
    }

    static let pages = [
        Page(
            name: "English",
            paragraphs: [
                "CHAPTER I. Down the Rabbit-Hole",
                "Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing "
                    + "to do: once or twice she had peeped into the book her sister was reading.",
            ], locale: "en", highlighted: (1, 0..<5)),
        Page(
            name: "Arabic",
            paragraphs: ["كان يا ما كان في قديم الزمان، كانت هناك فتاة صغيرة تجلس على ضفة النهر مع أختها."],
            locale: "ar", highlighted: (0, 18..<23)),
        Page(
            name: "Japanese",
            paragraphs: ["吾輩は猫である。名前はまだ無い。", "どこで生れたかとんと見当がつかぬ。Alice in Japan."],
            locale: "ja", highlighted: (1, 0..<17)),
    ]

    @Test(.enabled(if: TestFonts.hasDejaVu && TestFonts.hasNotoCJK, TestFonts.notoCJKReason), arguments: pages)
    func highlightCaretAndTextFallWhereTheGeometrySays(page: Page) throws {
        let metrics = try HarfBuzzMetrics(font: TestFonts.dejaVuSans, fallbacks: [TestFonts.notoSansCJK], size: 14)
        var placed: [PlacedText] = []
        var y = 20.0
        for (index, paragraph) in page.paragraphs.enumerated() {
            let layout = try TextLayout(paragraph, locale: page.locale, width: 220, metrics: metrics)
            var text = PlacedText(geometry: layout, origin: Point(x: 20, y: y))
            if index == page.highlighted.element {
                text.highlight = TextRange(page.highlighted.range)
                text.caret = TextPosition(offset: page.highlighted.range.lowerBound)
            }
            placed.append(text)
            y += layout.size.height + 10
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let renderer = PageRenderer(metrics: metrics, pageSize: Size(width: 260, height: y + 10), pixelsPerPoint: 2)
        try renderer.writePNG(of: placed, to: path)
        let image = try #require(PNGImage(path: path))
        #expect(image.width == 520)

        let marked = placed[page.highlighted.element]
        let rects = marked.geometry.selectionRects(for: marked.highlight!).map { pixelRect($0.rect, marked.origin) }
        let yellow = image.points { $0.red > 200 && $0.green > 180 && $0.blue < $0.green - 40 }
        let outside = yellow.filter { point in !rects.contains { $0.insetBy(-1.5).contains(point) } }
        let area = rects.reduce(0.0) { $0 + $1.width * $1.height }
        #expect(Double(yellow.count) > area * 0.3, "\(page.name): \(yellow.count) yellow pixels for \(area)")
        #expect(outside.isEmpty, "\(page.name): \(outside.count) yellow pixels outside the unit's rects")

        let dark = image.points { $0.red < 90 && $0.green < 90 && $0.blue < 90 }
        for text in placed {
            for line in text.geometry.lines where !line.trimmedRange.isEmpty {
                let frame = pixelRect(line.rect, text.origin)
                #expect(dark.contains { frame.contains($0) }, "\(page.name): no text in line \(line.index)")
            }
        }
        let caret = pixelRect(marked.geometry.caretRect(for: marked.caret!)!, marked.origin)
        let red = image.points { $0.red > 180 && $0.green < 80 && $0.blue < 80 }
        #expect(!red.isEmpty)
        #expect(red.allSatisfy { caret.insetBy(-2.5).contains($0) }, "\(page.name): caret pixels outside \(caret)")
    }

    /// `rect` (points, in a text placed at `origin`) in the PNG's pixels.
    private func pixelRect(_ rect: Rect, _ origin: Point) -> PixelRect {
        PixelRect(
            minX: (origin.x + rect.minX) * 2, minY: (origin.y + rect.minY) * 2, width: rect.width * 2,
            height: rect.height * 2)
    }
}

/// A rectangle in pixels, containing the pixels whose centre it contains.
struct PixelRect {
    var minX: Double
    var minY: Double
    var width: Double
    var height: Double

    func insetBy(_ amount: Double) -> PixelRect {
        PixelRect(minX: minX + amount, minY: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    func contains(_ point: (x: Int, y: Int)) -> Bool {
        let x = Double(point.x) + 0.5
        let y = Double(point.y) + 0.5
        return x >= minX && x <= minX + width && y >= minY && y <= minY + height
    }
}

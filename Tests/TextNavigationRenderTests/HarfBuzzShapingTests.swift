import Testing
import TextNavigation
import TextNavigationRender

/// What shaping a paragraph as one run changes: Arabic joins, Hebrew points take no room, a
/// fallback font measures what the main font lacks, a ligature is shared by its clusters.
@Suite struct HarfBuzzShapingTests {
    /// The clusters of `text`, as a layout finds them.
    private func clusters(of storage: TextStorage) throws -> [Range<Int>] {
        try StringTokenizer(storage: storage, locale: "en").units(for: .character).ranges
    }

    @Test(.enabled(if: TestFonts.hasDejaVu, TestFonts.dejaVuReason))
    func arabicLettersJoinedAreMeasuredInTheirJoinedForms() throws {
        let metrics = try HarfBuzzMetrics(font: TestFonts.dejaVuSans, size: 12)
        let storage = TextStorage("بالعالم")
        let clusters = try clusters(of: storage)
        let joined = metrics.advances(of: clusters, in: storage)
        let alone = clusters.map { metrics.advance(of: $0, in: storage) }
        #expect(joined.count == clusters.count)
        #expect(joined != alone, "joined \(joined), alone \(alone)")
        #expect(joined.allSatisfy { $0 > 0 })
    }

    @Test(.enabled(if: TestFonts.hasDejaVu, TestFonts.dejaVuReason))
    func hebrewPointsAddNoAdvanceToTheirLetter() throws {
        let metrics = try HarfBuzzMetrics(font: TestFonts.dejaVuSans, size: 12)
        let pointed = TextStorage("בְּ")
        let bare = TextStorage("ב")
        #expect(pointed.count == 3)
        #expect(metrics.advance(of: 0..<3, in: pointed) == metrics.advance(of: 0..<1, in: bare))
    }

    @Test(.enabled(if: TestFonts.hasDejaVu && TestFonts.hasNotoCJK, TestFonts.notoCJKReason))
    func theFallbackFontMeasuresWhatTheMainFontLacks() throws {
        let alone = try HarfBuzzMetrics(font: TestFonts.dejaVuSans, size: 12)
        let withFallback = try HarfBuzzMetrics(font: TestFonts.dejaVuSans, fallbacks: [TestFonts.notoSansCJK], size: 12)
        let storage = TextStorage("A猫")
        let advances = withFallback.advances(of: [0..<1, 1..<2], in: storage)
        // Noto Sans CJK's ideographs are one em wide; DejaVu Sans has no 猫 (its .notdef is narrower).
        #expect(advances[1] == 12)
        #expect(alone.advance(of: 1..<2, in: storage) != 12)
        #expect(advances[0] == alone.advance(of: 0..<1, in: storage))
        // The lines grow to hold the fallback's taller extents (Noto Sans CJK: 1.16 em up, 0.288 down).
        #expect(withFallback.ascent >= alone.ascent && withFallback.descent >= alone.descent)
        #expect(withFallback.lineHeight >= withFallback.ascent + withFallback.descent)
        #expect(withFallback.lineHeight > alone.lineHeight)
    }

    @Test(.enabled(if: TestFonts.hasDejaVu, TestFonts.dejaVuReason))
    func aLigatureIsSharedEvenlyByItsClusters() throws {
        let metrics = try HarfBuzzMetrics(font: TestFonts.dejaVuSans, size: 12)
        let storage = TextStorage("ffi")
        let advances = metrics.advances(of: [0..<1, 1..<2, 2..<3], in: storage)
        #expect(advances[0] > 0 && advances[0] == advances[1] && advances[1] == advances[2])
    }

    @Test(.enabled(if: TestFonts.hasDejaVu, TestFonts.dejaVuReason))
    func hardBreaksAndTabsTakeNoRoom() throws {
        let metrics = try HarfBuzzMetrics(font: TestFonts.dejaVuSans, size: 12)
        let storage = TextStorage("a\tb\n")
        #expect(metrics.advances(of: [0..<1, 1..<2, 2..<3, 3..<4], in: storage)[1] == 0)
        #expect(metrics.advances(of: [0..<1, 1..<2, 2..<3, 3..<4], in: storage)[3] == 0)
    }

    @Test func aMissingFontIsAnErrorNamingIt() {
        let missing = FontFile(path: "/nonexistent/font.ttf")
        #expect(throws: FontLoadingError(font: missing, reason: "the file cannot be read")) {
            try HarfBuzzMetrics(font: missing, size: 12)
        }
    }
}

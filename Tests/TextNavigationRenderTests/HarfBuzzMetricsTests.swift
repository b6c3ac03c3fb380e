import Testing
import TextNavigation
import TextNavigationRender

/// HarfBuzzMetrics in TextLayout, checked against HarfBuzz called directly on each line.
@Suite struct HarfBuzzMetricsTests {
    /// A paragraph, its language and the font it is shaped with.
    struct Sample: CustomStringConvertible, Sendable {
        var name: String
        var locale: String
        var font: FontFile
        var text: String
        var description: String { name }
    }

    static let latin = [
        Sample(
            name: "English", locale: "en", font: TestFonts.dejaVuSans,
            text: "Alice was beginning to get very tired of sitting by her sister on the bank, and of having "
                + "nothing to do: once or twice she had peeped into the book her sister was reading, but it had "
                + "no pictures or conversations in it, “and what is the use of a book,” thought Alice, “without "
                + "pictures or conversations?” AVATAR Wolf Tea. Office affluent fjord."),
        Sample(
            name: "Arabic", locale: "ar", font: TestFonts.dejaVuSans,
            text: "كان يا ما كان في قديم الزمان، كانت هناك فتاة صغيرة تجلس على ضفة النهر مع أختها، "
                + "وقد ملّت من الجلوس دون أن تفعل شيئاً. نظرت إلى الكتاب الذي تقرؤه أختها فلم تجد فيه صوراً."),
        Sample(
            name: "Hebrew", locale: "he", font: TestFonts.dejaVuSans,
            text: "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ׃ וְהָאָרֶץ הָיְתָה תֹהוּ וָבֹהוּ "
                + "וְחֹשֶׁךְ עַל-פְּנֵי תְהוֹם וְרוּחַ אֱלֹהִים מְרַחֶפֶת עַל-פְּנֵי הַמָּיִם׃"),
        Sample(
            name: "Thai", locale: "th", font: TestFonts.dejaVuSans,
            text: "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ การตัดคำจึงต้องใช้พจนานุกรม "
                + "นักเรียนทุกคนต้องอ่านหนังสือเล่มนี้ให้จบก่อนวันจันทร์หน้า"),
    ]

    static let japanese = [
        Sample(
            name: "Japanese", locale: "ja", font: TestFonts.notoSansCJK,
            text: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で"
                + "ニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。")
    ]

    static let widths: [Double] = [90, 160, 300]

    @Test(.enabled(if: TestFonts.hasDejaVu, TestFonts.dejaVuReason), arguments: latin, widths)
    func wordRectsMatchHarfBuzzGlyphPositions(sample: Sample, width: Double) throws {
        try check(sample, width: width)
    }

    @Test(.enabled(if: TestFonts.hasNotoCJK, TestFonts.notoCJKReason), arguments: japanese, widths)
    func japaneseWordRectsMatchHarfBuzzGlyphPositions(sample: Sample, width: Double) throws {
        try check(sample, width: width)
    }

    /// Every word's selection rects span exactly its glyphs as HarfBuzz places them shaping the
    /// line alone; no line is wider than `width`; a point in the leading quarter of each
    /// cluster's frame is closest to the cluster's start, its centre to its start or end (a
    /// tie), and the centre is in the cluster. The word before a soft wrap is checked as any
    /// other: a layout measures each line again as one run after breaking, so a pair a font kerns
    /// across the wrap (Noto Sans CJK's kana) leaves no trace (it did, 0.36 pt, when lines kept
    /// their paragraph's shaping).
    private func check(_ sample: Sample, width: Double) throws {
        let size = 12.0
        let metrics = try HarfBuzzMetrics(font: sample.font, size: size)
        let layout = try TextLayout(
            storage: TextStorage(sample.text), locale: sample.locale, width: width, metrics: metrics)
        let words = try StringTokenizer(storage: layout.storage, locale: sample.locale).units(for: .word).ranges
        let reference = HarfBuzzReference(font: sample.font, size: size)
        var largest = 0.0
        var largestAtWrap = 0.0
        var checkedWords = 0
        #expect(layout.lineCount > 1)
        for line in layout.lines {
            let glyphs = reference.glyphs(of: line.contentRange, in: layout.storage, from: line.rect.minX)
            let trimmed = layout.clusterFrames(inLine: line.index).filter {
                line.trimmedRange.contains($0.range.lowerBound)
            }
            let left = trimmed.map(\.frame.minX).min() ?? 0
            let right = trimmed.map(\.frame.maxX).max() ?? 0
            #expect(left >= -1e-9 && right <= width + 1e-9, "line \(line.index) spans \(left)...\(right)")
            for word in words
            where line.contentRange.contains(word.lowerBound) && word.upperBound <= line.contentRange.upperBound {
                let wordGlyphs = glyphs.filter { word.contains($0.cluster) }
                let rects = layout.selectionRects(for: TextRange(word)).map(\.rect)
                guard let expectedMin = wordGlyphs.map(\.x).min(), let rectMin = rects.map(\.minX).min() else {
                    Issue.record("word \(word) of line \(line.index) has no glyphs or no rects")
                    continue
                }
                let expectedMax = wordGlyphs.map { $0.x + $0.advance }.max()!
                let rectMax = rects.map(\.maxX).max()!
                let difference = max(abs(expectedMin - rectMin), abs(expectedMax - rectMax))
                let endsSoftLine =
                    word.upperBound == line.contentRange.upperBound && !line.endsWithHardBreak
                    && line.index < layout.lineCount - 1
                if endsSoftLine {
                    largestAtWrap = max(largestAtWrap, difference)
                } else {
                    largest = max(largest, difference)
                }
                checkedWords += 1
                #expect(
                    difference <= 0.01,
                    "\(sample.name) word \(layout.storage.string(in: word) ?? "") at \(width) pt: rects \(rectMin)...\(rectMax), HarfBuzz \(expectedMin)...\(expectedMax)"
                )
            }
            checkHitTests(on: line, of: layout, name: sample.name)
        }
        #expect(checkedWords > 5)
        print(
            "\(sample.name) at \(width) pt: \(checkedWords) words, largest difference \(largest) pt, "
                + "\(largestAtWrap) pt for a word before a soft wrap")
    }

    /// A point in the leading quarter of each cluster's frame on `line` is closest to the
    /// cluster's start, its centre to its start or end (a tie), and the centre is in the cluster.
    private func checkHitTests(on line: LineFragment, of layout: TextLayout, name: String) {
        for cluster in layout.clusterFrames(inLine: line.index) where cluster.frame.width > 0 {
            let frame = cluster.frame
            let quarter =
                cluster.direction == .leftToRight ? frame.minX + frame.width / 4 : frame.maxX - frame.width / 4
            let position = layout.closestPosition(to: Point(x: quarter, y: frame.midY))
            #expect(position?.offset == cluster.range.lowerBound, "\(name) cluster \(cluster)")
            let centre = Point(x: frame.midX, y: frame.midY)
            // At the centre both edges are as near, up to rounding (which decides in 3 of
            // Noto Sans CJK's 12-point clusters): the start or the end.
            let atCentre = layout.closestPosition(to: centre)?.offset
            #expect(atCentre == cluster.range.lowerBound || atCentre == cluster.range.upperBound, "\(cluster)")
            #expect(
                layout.characterRange(at: centre) == TextRange(cluster.range), "\(name) cluster \(cluster)")
        }
    }
}

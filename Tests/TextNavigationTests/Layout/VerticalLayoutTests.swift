import Testing
import TextNavigation

/// Thirteen kana in columns 10 cells long (5 kana each, 2 cells a kana): columns 0..<5, 5..<10
/// and 10..<13, one cell wide, 3 cells in all.
private let kana = "あいうえおかきくけこさしす"

private func columns(_ mode: WritingMode = .verticalRightToLeft) throws -> VerticalLayout {
    VerticalLayout(try TextLayout(kana, locale: "ja", width: 10), writingMode: mode)
}

/// Every cluster frame of every line of `geometry`.
private func allClusters(_ geometry: some TextGeometry) -> [ClusterFrame] {
    geometry.lines.indices.flatMap { geometry.clusterFrames(inLine: $0) }
}

@Suite("Vertical layout")
struct VerticalLayoutTests {
    @Test func verticalRightToLeftColumnsFollowEachOtherLeftward() throws {
        let layout = try columns()
        #expect(layout.writingMode == .verticalRightToLeft)
        #expect(layout.lines.map(\.range) == [0..<5, 5..<10, 10..<13])
        #expect(
            layout.lines.map(\.rect) == [
                Rect(x: 2, y: 0, width: 1, height: 10), Rect(x: 1, y: 0, width: 1, height: 10),
                Rect(x: 0, y: 0, width: 1, height: 6),
            ])
        #expect(layout.size == Size(width: 3, height: 10))
        // い, the second kana, stands 2 cells down the first (rightmost) column.
        #expect(layout.clusterFrames(inLine: 0)[1].frame == Rect(x: 2, y: 2, width: 1, height: 2))
        // き, the second kana of the second column.
        #expect(layout.clusterFrames(inLine: 1)[1].frame == Rect(x: 1, y: 2, width: 1, height: 2))
    }

    @Test func verticalLeftToRightColumnsFollowEachOtherRightward() throws {
        let layout = try columns(.verticalLeftToRight)
        #expect(layout.lines.map(\.rect.minX) == [0, 1, 2])
        #expect(layout.clusterFrames(inLine: 1)[1].frame == Rect(x: 1, y: 2, width: 1, height: 2))
    }

    @Test func selectionRectsAreColumns() throws {
        let rects = try columns().selectionRects(for: TextRange(0..<13))
        #expect(
            rects.map(\.rect) == [
                Rect(x: 2, y: 0, width: 1, height: 10), Rect(x: 1, y: 0, width: 1, height: 10),
                Rect(x: 0, y: 0, width: 1, height: 6),
            ])
        #expect(rects.allSatisfy { $0.isVertical })
        #expect(rects.map(\.containsStart) == [true, false, false])
        #expect(rects.map(\.containsEnd) == [false, false, true])
        // A range inside one column: う and え.
        let inside = try columns().selectionRects(for: TextRange(2..<4))
        #expect(inside.map(\.rect) == [Rect(x: 2, y: 4, width: 1, height: 4)])
    }

    @Test func horizontalSelectionRectsStayHorizontal() throws {
        let rects = try TextLayout(kana, locale: "ja", width: 10).selectionRects(for: TextRange(0..<13))
        #expect(rects.map(\.rect.width) == [10, 10, 6])
        #expect(rects.allSatisfy { !$0.isVertical })
    }

    @Test func caretsAreBarsAcrossTheColumn() throws {
        let layout = try columns()
        #expect(layout.caretRect(for: TextPosition(offset: 1)) == Rect(x: 2, y: 2, width: 1, height: 0))
        // The soft wrap after お: upstream at the first column's foot, downstream atop the next.
        #expect(
            layout.caretRect(for: TextPosition(offset: 5, affinity: .upstream))
                == Rect(x: 2, y: 10, width: 1, height: 0))
        #expect(layout.caretRect(for: TextPosition(offset: 5)) == Rect(x: 1, y: 0, width: 1, height: 0))
        #expect(layout.caretRect(for: TextPosition(offset: 13)) == Rect(x: 0, y: 6, width: 1, height: 0))
        #expect(layout.firstRect(for: TextRange(3..<7)) == Rect(x: 2, y: 6, width: 1, height: 4))
    }

    @Test(arguments: [WritingMode.verticalRightToLeft, .verticalLeftToRight])
    func pointsFindTheirClusters(mode: WritingMode) throws {
        let layout = try columns(mode)
        let clusters = allClusters(layout)
        #expect(clusters.count == 13)
        for cluster in clusters {
            let frame = cluster.frame
            #expect(layout.characterRange(at: frame.center) == TextRange(cluster.range))
            // A quarter down the cluster its own start is nearest; three quarters down, its end.
            let upper = Point(x: frame.midX, y: frame.minY + frame.height / 4)
            #expect(layout.closestPosition(to: upper)?.offset == cluster.range.lowerBound)
            let lower = Point(x: frame.midX, y: frame.maxY - frame.height / 4)
            #expect(layout.closestPosition(to: lower)?.offset == cluster.range.upperBound)
            #expect(
                layout.lineNumber(at: frame.center)
                    == layout.lineNumber(for: TextPosition(offset: cluster.range.lowerBound)))
        }
        // Beyond the last column's foot: its end.
        let last = try #require(layout.lines.last).rect
        #expect(layout.closestPosition(to: Point(x: last.midX, y: 9.5))?.offset == 13)
        #expect(
            layout.closestPosition(to: Point(x: last.midX, y: 0.5), within: TextRange(11..<13))?.offset == 11)
    }

    @Test func rotatedLatinHasItsOwnRects() throws {
        // 日本語と (8 cells) English (7 cells, rotated) の文 (4 cells) in one column.
        let text = "日本語とEnglishの文"
        let layout = VerticalLayout(try TextLayout(text, locale: "ja", width: 40))
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].runs.map(\.range) == [0..<4, 4..<11, 11..<13])
        #expect(layout.orientation(at: TextPosition(offset: 0)) == .upright)
        #expect(layout.orientation(at: TextPosition(offset: 5)) == .rotated)
        #expect(layout.orientation(at: TextPosition(offset: 12)) == .upright)
        #expect(layout.orientation(at: TextPosition(offset: 13)) == nil)
        let rects = layout.selectionRects(for: TextRange(2..<12))
        #expect(
            rects.map(\.rect) == [
                Rect(x: 0, y: 4, width: 1, height: 4), Rect(x: 0, y: 8, width: 1, height: 7),
                Rect(x: 0, y: 15, width: 1, height: 2),
            ])
        #expect(rects.allSatisfy { $0.isVertical })
        // Horizontal, the same range is one rect: orientation means nothing there.
        let horizontal = try TextLayout(text, locale: "ja", width: 40)
        #expect(horizontal.selectionRects(for: TextRange(2..<12)).count == 1)
    }

    @Test func rubySitsBesideItsBase() throws {
        let layout = try columns()
        // Over い and う (2..<6 down the rightmost column), to its right.
        #expect(
            layout.rubyRects(for: TextRange(1..<3), thickness: 0.5) == [Rect(x: 3, y: 2, width: 0.5, height: 4)])
        let leftToRight = try columns(.verticalLeftToRight)
        #expect(
            leftToRight.rubyRects(for: TextRange(6..<8), thickness: 0.5) == [Rect(x: 2, y: 2, width: 0.5, height: 4)])
        let horizontal = try TextLayout(kana, locale: "ja", width: 10)
        #expect(
            horizontal.rubyRects(for: TextRange(1..<3), thickness: 0.5) == [Rect(x: 2, y: -0.5, width: 4, height: 0.5)])
    }

    @Test func aCustomVerticalGeometryGetsTheSameAnswers() throws {
        let layout = try columns()
        let custom = ForwardingGeometry(base: layout)
        for cluster in allClusters(layout) {
            let start = TextPosition(offset: cluster.range.lowerBound)
            #expect(custom.caretRect(for: start) == layout.caretRect(for: start))
            #expect(
                custom.closestPosition(to: cluster.frame.center) == layout.closestPosition(to: cluster.frame.center))
            #expect(custom.characterRange(at: cluster.frame.center) == TextRange(cluster.range))
        }
        #expect(custom.selectionRects(for: TextRange(3..<12)) == layout.selectionRects(for: TextRange(3..<12)))
        #expect(custom.firstRect(for: TextRange(3..<12)) == layout.firstRect(for: TextRange(3..<12)))
    }

    @Test func cssNamesTheWritingModes() {
        #expect(WritingMode(css: " Vertical-RL ") == .verticalRightToLeft)
        #expect(WritingMode(css: "vertical-lr") == .verticalLeftToRight)
        #expect(WritingMode(css: "tb-rl") == .verticalRightToLeft)
        #expect(WritingMode(css: "horizontal-tb") == .horizontalTopToBottom)
        #expect(WritingMode(css: "sideways-rl") == nil)
        #expect(!WritingMode.horizontalTopToBottom.isVertical)
        #expect(WritingMode.verticalLeftToRight.isVertical)
    }
}

/// A geometry of a test's own that hands on a vertical layout's lines and frames: its queries
/// take the path every vertical conformer but ``VerticalLayout`` takes.
private struct ForwardingGeometry: TextGeometry {
    let base: VerticalLayout
    var storage: TextStorage { base.storage }
    var lines: [LineFragment] { base.lines }
    var writingMode: WritingMode { base.writingMode }
    func clusterFrames(inLine index: Int) -> [ClusterFrame] { base.clusterFrames(inLine: index) }
}

import Foundation
import Testing

@testable import TextNavigation
@testable import TextNavigationBooks

/// Media Overlays read from the package: SMIL clock values, each `par` mapped to the text it
/// narrates, and bad overlays left out with a warning, never a refusal.
@Suite("EPUB: Media Overlays")
struct MediaOverlayTests {
    @Test("SMIL clock values: full and partial clocks, timecounts with every metric")
    func clockValues() {
        let cases: [(String, Int?)] = [
            ("00:00:01.365", 1365), ("0:33:35.025", 2_015_025), ("1:00:03.031", 3_603_031), ("02:30.25", 150_250),
            ("00:10", 10_000), ("5.2s", 5200), ("850ms", 850), ("1.5min", 90_000), ("2h", 7_200_000), ("12", 12_000),
            ("1.979", 1979), (" 3.5s ", 3500), ("0.0005", 1),
            ("", nil), ("1:2:3", nil), ("00:60:00", nil), ("00:00:61", nil), ("abc", nil), ("1.s", nil),
            ("-1s", nil), ("1e3", nil), ("00:00:01.", nil), ("5 s", nil),
        ]
        for (text, expected) in cases {
            #expect(SMILClock.milliseconds(text) == expected, "\(text)")
        }
    }

    @Test("the corpus book's overlays: every par mapped to its element, in order, with its clip")
    func corpusOverlays() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("w3c-mol-navigation.epub"))
        let document = Document(epub: book)
        #expect(book.problems.isEmpty, "\(book.problems)")
        #expect(book.mediaDuration == 36_266)
        #expect(book.mediaActiveClass == "my-active-item")
        #expect(book.mediaPlaybackActiveClass == "my-document-playing")
        let clips = book.mediaOverlays
        #expect(clips.count == 6)
        let texts = clips.map { clip in
            document.elements[clip.text.lowerBound.element].text.string(
                in: clip.text.lowerBound.offset..<clip.text.upperBound.offset) ?? ""
        }
        #expect(texts.first == "Chapter 1")
        #expect(texts[1].hasPrefix("While this page is playing"))
        #expect(texts[2] == texts[3])  // two clips narrate one paragraph
        #expect(texts[4] == "Chapter 2")
        #expect(clips.map(\.audio) == Array(repeating: "EPUB/audio/ch1.mp3", count: 4) + ["EPUB/audio/ch2.mp3"] * 2)
        #expect(clips.map(\.begin) == [0, 1233, 7603, 12_398, 0, 1365])
        #expect(clips.map(\.end) == [1233, 7603, 12_398, 29_218, 1365, 7048])
        #expect(clips.map(\.overlay) == ["EPUB/mo/ch1.smil"] * 4 + ["EPUB/mo/ch2.smil"] * 2)
        // Each clip covers its element's whole text, and they come in reading order.
        for clip in clips {
            #expect(clip.text.lowerBound.offset == 0)
            #expect(clip.text.upperBound.offset == document.elements[clip.text.upperBound.element].text.count)
        }
        #expect(clips.map(\.text.lowerBound) == clips.map(\.text.lowerBound).sorted())
    }

    @Test("overlays whose audio is absent are left out, named once per overlay; the text reads")
    func absentAudio() throws {
        let book = try EPUBBook(contentsOf: EPUBFixtures.path("idpf-kusamakura-japanese-vertical-writing.epub"))
        #expect(book.mediaOverlays.isEmpty)
        #expect(book.mediaDuration == 3_603_031)
        let missing = book.problems.filter { $0.contains("left out, whose audio file") }
        #expect(missing.count == 2, "\(book.problems)")
        #expect(missing.first?.hasPrefix("OPS/xhtml/一.smil: 219 clips left out") == true, "\(missing)")
        #expect(book.elementCount > 1000)
    }

    /// A one-document book with an overlay whose body is `body`, its audio file present.
    private func book(overlay body: String) throws -> EPUBBook? {
        guard EPUBFixtures.python != nil else {
            print("skipped: python3 is missing (it builds the books)")
            return nil
        }
        var book = HostileEPUB.book(
            body: "<p id=\"a\">First <span id=\"s1\">sentence one.</span> <span id=\"s2\">Sentence two.</span></p>"
                + "<p id=\"b\">Second paragraph.</p>")
        let package = HostileEPUB.package(spine: ["c1"], items: ["c1": "c1.xhtml"])
            .replacingOccurrences(
                of: "media-type=\"application/xhtml+xml\"/>",
                with:
                    "media-type=\"application/xhtml+xml\" media-overlay=\"mo\"/><item id=\"mo\" href=\"c1.smil\" media-type=\"application/smil+xml\"/><item id=\"au\" href=\"a.mp3\" media-type=\"audio/mpeg\"/>"
            )
        book.replace("EPUB/package.opf", package)
        book.add(
            "EPUB/c1.smil",
            "<smil xmlns=\"http://www.w3.org/ns/SMIL\" xmlns:epub=\"http://www.idpf.org/2007/ops\" version=\"3.0\"><body>\(body)</body></smil>"
        )
        book.add("EPUB/a.mp3", bytes: Array(repeating: 0, count: 16))
        return try EPUBBook(bytes: try book.bytes())
    }

    private func par(_ fragment: String, _ begin: String, _ end: String, type: String? = nil) -> String {
        let typed = type.map { " epub:type=\"\($0)\"" } ?? ""
        return
            "<par\(typed)><text src=\"c1.xhtml#\(fragment)\"/><audio src=\"a.mp3\" clipBegin=\"\(begin)\" clipEnd=\"\(end)\"/></par>"
    }

    @Test("a par's fragment inside a paragraph maps to exactly its span; seq types reach their pars")
    func fragmentsAndTypes() throws {
        guard
            let book = try book(
                overlay: par("s1", "0s", "1.5s")
                    + "<seq epub:type=\"sidebar\">\(par("s2", "1.5s", "3s", type: "note"))</seq>" + par("b", "3s", "4s")
            )
        else { return }
        let clips = book.mediaOverlays
        #expect(book.problems.isEmpty, "\(book.problems)")
        #expect(clips.count == 3)
        let document = Document(epub: book)
        let first = document.elements[0].text
        #expect(first.string(in: clips[0].text.lowerBound.offset..<clips[0].text.upperBound.offset) == "sentence one.")
        #expect(first.string(in: clips[1].text.lowerBound.offset..<clips[1].text.upperBound.offset) == "Sentence two.")
        #expect(clips[1].types == ["sidebar", "note"])
        #expect(clips[2].text == ReadingPosition(element: 1, offset: 0)..<ReadingPosition(element: 1, offset: 17))
        #expect(clips.map(\.duration) == [1500, 1500, 1000])
        // The types are kinds of content for the narration: read-all skipping notes passes the
        // note's clip by, its text included; skipping nothing, every clip plays.
        let narration = book.narration(in: document)
        #expect(narration.clips.map(\.kinds) == [[], [.sidebar, .note], []])
        func narrated(skipping kinds: Set<ContentKind>) -> [String] {
            ReadingSession(document: document, granularity: .sentence, page: 1, narration: narration, skipping: kinds)
                .compactMap {
                    if case .utterance(let u) = $0 { "\(u.narration == nil ? "tts" : "audio"):\(u.text)" } else { nil }
                }
        }
        let all = narrated(skipping: [])
        #expect(
            all.filter { $0.hasPrefix("audio:") } == [
                "audio:sentence one.", "audio:Sentence two.", "audio:" + document.elements[1].string,
            ])
        #expect(narrated(skipping: [.note]) == all.filter { $0 != "audio:Sentence two." })
        #expect(narrated(skipping: [.table]) == all)
    }

    @Test("bad overlays: pointing nowhere, at itself, bad clocks, backwards clips: left out with a warning")
    func badOverlays() throws {
        let selfReference = "<par><text src=\"c1.smil#x\"/><audio src=\"a.mp3\" clipBegin=\"0s\" clipEnd=\"1s\"/></par>"
        let remote = "<par><text src=\"c1.xhtml#s1\"/><audio src=\"https://example.com/a.mp3\"/></par>"
        guard
            let book = try book(
                overlay: par("nowhere", "0s", "1s") + selfReference + par("s1", "soon", "1s") + par("s1", "2s", "1s")
                    + remote
                    + par("s2", "0s", "1s"))
        else { return }
        #expect(book.mediaOverlays.count == 1)
        #expect(
            book.problems.sorted() == [
                "EPUB/c1.smil: 1 clip left out, whose text points nowhere (EPUB/c1.xhtml#nowhere)",
                "EPUB/c1.smil: 1 clip left out: a clip that ends before it begins",
                "EPUB/c1.smil: 1 clip left out: a clipBegin or clipEnd that is no SMIL clock value",
                "EPUB/c1.smil: 1 clip left out: a source that is the overlay itself",
                "EPUB/c1.smil: 1 clip left out: remote audio is never fetched",
            ], "\(book.problems)")
    }

    @Test("10,000 pars are read, each mapped, in well under the time a listener would notice")
    func manyPars() throws {
        let pars = (0..<10_000).map { par($0 % 2 == 0 ? "s1" : "s2", "\($0)s", "\($0 + 1)s") }.joined()
        guard let book = try book(overlay: pars) else { return }
        #expect(book.mediaOverlays.count == 10_000)
        #expect(book.mediaOverlays.last?.end == 10_000_000)
    }

    @Test("<audio> elements: a block read as the fallback text, its recording kept for read-all to play")
    func audioElements() throws {
        guard EPUBFixtures.python != nil else {
            print("skipped: python3 is missing (it builds the books)")
            return
        }
        var book = HostileEPUB.book(
            body: "<p>Before <audio src=\"a.mp3\" controls=\"controls\">The fallback <em>text</em>.</audio> after.</p>"
                + "<audio controls=\"controls\" aria-label=\"A labelled tune\"><source src=\"sub/b.mp3\" type=\"audio/mpeg\"/>"
                + "<track kind=\"captions\" src=\"c.vtt\"/></audio>"
                + "<audio src=\"https://example.com/far.mp3\">Far away.</audio><audio src=\"gone.mp3\"/>"
                + "<audio>No source at all.</audio>")
        book.add("EPUB/a.mp3", bytes: Array(repeating: 0, count: 16))
        book.add("EPUB/sub/b.mp3", bytes: Array(repeating: 0, count: 16))
        let epub = try EPUBBook(bytes: try book.bytes())
        let document = Document(epub: epub)
        let texts = document.elements.map { $0.text.string(in: 0..<$0.text.count) ?? "" }
        #expect(
            texts == [
                "Before", "The fallback text.", "after.", "A labelled tune", "Far away.", "Audio", "No source at all.",
            ])
        #expect(
            epub.embeddedAudio == [
                EmbeddedAudio(element: 1, source: "EPUB/a.mp3"), EmbeddedAudio(element: 3, source: "EPUB/sub/b.mp3"),
            ])
        #expect(epub.problems.count == 2, "\(epub.problems)")
        #expect(epub.problems.contains { $0.contains("https://example.com/far.mp3 is remote (never fetched)") })
        #expect(epub.problems.contains { $0.contains("EPUB/gone.mp3 is missing") })
        // Read-all plays each recording over its element's text, to the file's end.
        let narration = epub.narration(in: document)
        #expect(narration.spans(in: 1).map(\.range) == [0..<18])
        #expect(narration.spans(in: 1).first?.audio == [AudioClip(source: "EPUB/a.mp3", begin: 0, end: nil)])
        #expect(narration.spans(in: 3).first?.audio.map(\.source) == ["EPUB/sub/b.mp3"])
        #expect(narration.spans(in: 4).isEmpty && narration.spans(in: 5).isEmpty)
    }
}

extension Array {
    fileprivate static func * (array: [Element], count: Int) -> [Element] {
        (0..<count).flatMap { _ in array }
    }

}

import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// `readaloud export BOOK.epub --to OUT.epub`: the synchronized EPUB keeps the book's own
/// content (its entries byte for byte but the documents that got ids and the package
/// document, its spine, metadata and cover), passes epubcheck, and the library reads the same
/// text from it with every clip on the word or sentence it was spoken for; `--to OUT.m4b`
/// gets the book's cover as its picture.
@Suite(.tags(.process)) struct ExportKeptEPUBTests {
    /// A small EPUB 3 with images, a style sheet, a cover image (`portrait.jpg`) and a quotation
    /// inside a sentence.
    static let source = CLIRunner.repositoryRoot.appendingPathComponent(
        "Tests/Fixtures/epub/idpf-cole-voyage-of-life.epub")

    private static func exported(_ name: String, _ arguments: [String] = []) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kept-epub-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let out = directory.appendingPathComponent(name)
        _ = try ExportTests.export(source.path, to: out, arguments)
        return out
    }

    /// The text of `clip`'s range in `book`.
    private static func text(of clip: NarrationClip, in book: OpenedBook) -> String {
        book.document.elements[clip.text.lowerBound.element].text.string(
            in: clip.text.lowerBound.offset..<clip.text.upperBound.offset) ?? ""
    }

    @Test(.needsSpeechEngine) func theBooksOwnContentIsKeptWithAClipOnEveryWord() throws {
        let out = try Self.exported("cole.epub", ["--sync", "word"])
        let original = try EPUBBook(contentsOf: Self.source.path)
        let epub = try EPUBBook(contentsOf: out.path)
        // Every entry of the book is there; all but the package and the documents with ids
        // byte for byte (images, the style sheet, the cover, the navigation document).
        let changed = Set(original.contentDocuments.map(\.href) + ["EPUB/cole.opf"])
        let names = try epub.entryNames()
        for name in try original.entryNames() {
            #expect(names.contains(name), "\(name)")
            if !changed.contains(name) { #expect(try epub.resource(name) == original.resource(name), "\(name)") }
        }
        #expect(names.filter { $0.hasSuffix(".jpg") }.count == 9)
        #expect(try epub.coverImage()?.path == "EPUB/images/portrait.jpg")
        #expect(epub.metadata == original.metadata)
        #expect(epub.language == original.language)
        #expect(epub.contentDocuments.map(\.href) == original.contentDocuments.map(\.href))
        #expect(epub.navigation.tableOfContents.map(\.title) == original.navigation.tableOfContents.map(\.title))
        #expect(epub.mediaActiveClass == "-epub-media-overlay-active")
        // The same text, read from the documents with ids.
        let opened = try OpenedBook(contentsOf: out.path)
        let source = try OpenedBook(contentsOf: Self.source.path)
        #expect(opened.document.elements.map(\.string) == source.document.elements.map(\.string))
        // Every clip is one whole word, in reading order; most words have one.
        let clips = try #require(opened.narration).clips
        let spoken = clips.map { Self.text(of: $0, in: opened) }
        for (clip, word) in zip(clips, spoken) {
            let element = opened.document.elements[clip.text.lowerBound.element].string
            let units = Array(element.utf16)
            let before = clip.text.lowerBound.offset > 0 ? units[clip.text.lowerBound.offset - 1] : 0x20
            let after = clip.text.upperBound.offset < units.count ? units[clip.text.upperBound.offset] : 0x20
            #expect(!word.isEmpty && !word.contains(" "), "'\(word)'")
            #expect(!Self.isLetter(before) && !Self.isLetter(after), "'\(word)' is a whole word")
        }
        let positions = clips.map { ($0.text.lowerBound.element, $0.text.lowerBound.offset) }
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "clips in reading order")
        let words = opened.document.elements.filter { !$0.traits.contains(.image) }
            .flatMap { $0.string.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) }
        #expect(clips.count * 10 >= words.count * 8, "\(clips.count) clips for \(words.count) words")
        for word in ["Childhood", "voyager", "emblematic", "hourglass"] {
            #expect(spoken.contains(word), "\(word)")
        }
        for source in Set(clips.map(\.audio.source)) { #expect((try? epub.resource(source)) != nil, "\(source)") }
        if ExportEPUBTests.canCheck {
            let (status, report) = try ExportEPUBTests.check(out)
            #expect(status == 0 && !report.contains("ERROR"), "\(report)")
        } else {
            print("epubcheck (and java) is not installed: the kept EPUB is not checked")
        }
    }

    @Test(.needsSpeechEngine) func aSentenceAcrossAQuotationIsOneClip() throws {
        let out = try Self.exported("cole-sentences.epub", ["--sync", "sentence"])
        let opened = try OpenedBook(contentsOf: out.path)
        let spoken = try #require(opened.narration).clips.map { Self.text(of: $0, in: opened) }
        // "... described as <q>emblematic of our earthly origin, and the mysterious Past</q>."
        #expect(
            spoken.contains(
                "The boat glides out of a dark, craggy cave which Cole himself described as emblematic of our "
                    + "earthly origin, and the mysterious Past."), "\(spoken)")
        if ExportEPUBTests.canCheck {
            let (status, report) = try ExportEPUBTests.check(out)
            #expect(status == 0 && !report.contains("ERROR"), "\(report)")
        } else {
            print("epubcheck (and java) is not installed: the kept EPUB is not checked")
        }
    }

    @Test(.needsSpeechEngine, .enabled(if: FFprobe.isAvailable, FFprobe.reason))
    func theAudiobookHasTheBooksCover() throws {
        let out = try Self.exported("cole.m4b")
        let streams = try FFprobe.probe(["-show_streams", out.path])["streams"] as? [[String: Any]] ?? []
        let pictures = streams.filter { (($0["disposition"] as? [String: Any])?["attached_pic"] as? Int) == 1 }
        #expect(pictures.count == 1, "\(streams)")
        #expect(pictures.first?["codec_name"] as? String == "mjpeg")
        // The picture's bytes are the EPUB's.
        let picture = out.deletingLastPathComponent().appendingPathComponent("cover.jpg")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        process.arguments = ["-v", "error", "-i", out.path, "-map", "0:v", "-c", "copy", "-f", "image2", picture.path]
        try process.run()
        process.waitUntilExit()
        let original = try EPUBBook(contentsOf: Self.source.path).resource("EPUB/images/portrait.jpg")
        #expect(try Array(Data(contentsOf: picture)) == original)
    }

    @Test(.needsSpeechEngine) func oneJobAndTwoJobsWriteTheSameEPUB() throws {
        let one = try Self.exported("one.epub", ["--jobs", "1"])
        let two = try Self.exported("two.epub", ["--jobs", "2"])
        #expect(try Data(contentsOf: one) == Data(contentsOf: two))
    }

    private static func isLetter(_ unit: UInt16) -> Bool {
        Unicode.Scalar(unit).map { $0.properties.isAlphabetic || ("0"..."9").contains($0) } ?? true
    }
}

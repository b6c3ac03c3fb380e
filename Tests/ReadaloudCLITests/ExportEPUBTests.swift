import Foundation
import Testing
import TextNavigation
import TextNavigationBooks

/// `readaloud export --to BOOK.epub`: a synchronized EPUB 3 that Debian's epubcheck passes,
/// and that the library opens with its narration: every clip on the word it was spoken for.
@Suite(.tags(.process)) struct ExportEPUBTests {
    static let epubcheck = "/usr/bin/epubcheck"

    @Test(.needsSpeechEngine) func everyWordHasItsClipInTheLibrarysNarration() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let epub = directory.appendingPathComponent("tiny.epub")
        _ = try ExportTests.export(book, to: epub, ["--sync", "word"])
        let opened = try OpenedBook(contentsOf: epub.path)
        let narration = try #require(opened.narration)
        let clips = narration.clips
        let words = [
            "Alice", "was", "tired", "of", "sitting", "She", "looked", "at", "the", "book", "The", "rabbit", "ran",
            "past", "It", "was", "very", "late",
        ]
        let spoken = clips.map { clip in
            opened.document.elements[clip.text.lowerBound.element].text.string(
                in: clip.text.lowerBound.offset..<clip.text.upperBound.offset) ?? ""
        }
        for word in words { #expect(spoken.contains(word), "\(word) in \(spoken)") }
        // In each audio file, clips follow each other in time and have a length.
        for (source, group) in Dictionary(grouping: clips, by: \.audio.source) {
            let begins = group.map(\.audio.begin)
            #expect(begins == begins.sorted(), "\(source)")
            #expect(group.allSatisfy { ($0.audio.end ?? 0) >= $0.audio.begin })
            #expect((try? opened.epub?.resource(source)) != nil, "\(source) is in the book")
        }
        // --sync sentence: a clip per sentence.
        let sentences = directory.appendingPathComponent("sentences.epub")
        _ = try ExportTests.export(book, to: sentences, ["--sync", "sentence"])
        let bySentence = try #require(try OpenedBook(contentsOf: sentences.path).narration).clips
        #expect(bySentence.count < clips.count && bySentence.count >= 4)
    }

    @Test(
        .needsSpeechEngine,
        .enabled(
            if: FileManager.default.fileExists(atPath: epubcheck)
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/java"),
            "epubcheck (and java) is not installed"))
    func epubcheckFindsNoError() throws {
        let (book, directory) = try ExportTests.tinyBook()
        let epub = directory.appendingPathComponent("tiny.epub")
        _ = try ExportTests.export(book, to: epub)
        let (status, report) = try Self.check(epub)
        #expect(status == 0, "\(report)")
        #expect(!report.contains("ERROR"), "\(report)")
    }

    /// Whether epubcheck (and java) can run here.
    static let canCheck =
        FileManager.default.fileExists(atPath: epubcheck)
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/java")

    /// epubcheck's exit status and report on `epub` (with a stack deep enough for a book's
    /// thousands of overlay references).
    static func check(_ epub: URL) throws -> (status: Int32, report: String) {
        let process = Process()
        // Debian's epubcheck is the jar itself, linked from /usr/bin.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/java")
        process.arguments = ["-Xss256m", "-jar", Self.epubcheck, epub.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, report)
    }
}

import Foundation
import Testing
import TextNavigationBooks

@testable import TextNavigation

/// The Swift scans agree with ICU alone over the corpus (``FastPathComparison``, the check
/// `scripts/verify-icu.sh` runs).
///
/// A developer's `swift test` compares every 8th paragraph of each book; the full sweep
/// (`READALOUD_FULL_TESTS=1`, as CI and `scripts/verify-icu.sh` run) compares every paragraph.
/// `READALOUD_VERIFY_REPORT=1` prints the tally. The corpus: every plain-text book of `Books/` and
/// `Tests/Fixtures/books`, as the reader makes its paragraphs and as it is on disk, and the text
/// of every element of the EPUB fixtures.
@Suite("The fast paths agree with ICU alone over the corpus")
struct FastPathComparisonTests {
    /// Every plain-text book of the corpus and the locale it is read in.
    static let books = [
        ("Books/alice-in-wonderland.txt", "en"), ("Books/kokoro.txt", "ja"), ("Books/lunyu-analects.txt", "zh"),
        ("Books/rashomon.txt", "ja"), ("Books/udhr-arabic.txt", "ar"), ("Tests/Fixtures/books/moby-dick.txt", "en"),
    ]

    @Test func theScansAgreeWithICUAloneOverEveryBook() throws {
        var comparison = FastPathComparison(widths: [1, 20, 72])
        let stride = FullTests.isRequested ? 1 : 8
        for (path, locale) in Self.books {
            let data = try Data(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(path))
            let book = try PlainTextBook(bytes: Array(data))
            for (index, paragraph) in book.paragraphs.enumerated() where index % stride == 0 {
                try comparison.compare(paragraph.text, locale: locale, name: "\(path) paragraph \(index)")
            }
            for (index, chunk) in Self.rawChunks(of: data).enumerated() where index % stride == 0 {
                try comparison.compare(chunk, locale: locale, name: "\(path) lines \(index * 40 + 1)…")
            }
        }
        for name in EPUBFixtures.books {
            let document = Document(epub: try EPUBBook(contentsOf: EPUBFixtures.path(name)))
            for index in document.elements.indices where index % stride == 0 {
                let tokenizer = document.elements[index].stringTokenizer
                try comparison.compare(tokenizer.storage, locale: tokenizer.locale, name: "\(name) element \(index)")
            }
        }
        if ProcessInfo.processInfo.environment["READALOUD_VERIFY_REPORT"] == "1" {
            print(comparison.report().joined(separator: "\n"))
        }
        #expect(comparison.disagreements.isEmpty, "\(comparison.report().joined(separator: "\n"))")
        // Something was compared at every granularity (an empty corpus cannot pass).
        #expect(comparison.comparedTexts > 500)
        #expect(comparison.scannedTexts.words > 100 && comparison.scannedTexts.sentences > 100)
        for granularity in comparison.granularities {
            #expect((comparison.comparedUnits[granularity] ?? 0) > 1_000, "\(granularity)")
        }
    }

    /// The file's text as it is on disk (CR LF line ends, hard wraps, markup), 40 lines a
    /// text: what the reader's paragraphs smooth away.
    static func rawChunks(of data: Data) -> [TextStorage] {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return Swift.stride(from: 0, to: lines.count, by: 40).map {
            TextStorage(lines[$0..<min($0 + 40, lines.count)].joined(separator: "\n"))
        }
    }

    @Test func aTextIsComparedAtEveryGranularity() throws {
        var comparison = FastPathComparison(widths: [5])
        try comparison.compare(TextStorage("One two. Three four."), locale: "en", name: "sample")
        #expect(comparison.disagreements.isEmpty)
        #expect(comparison.comparedUnits == ["character": 20, "word": 4, "sentence": 2, "line at 5 cells": 4])
        #expect(comparison.report().last == "disagreements: 0")
    }

    @Test func aDisagreementIsReportedWithItsOffsetAndContext() {
        var comparison = FastPathComparison(widths: [])
        let text = TextStorage("Mr. Smith came.\nHe sat.")
        comparison.tally(
            "sentence", TextUnits([0..<15, 16..<23]), TextUnits([0..<3, 4..<15, 16..<23]), text, "sample")
        #expect(comparison.disagreements.count == 1)
        let found = comparison.disagreements[0]
        #expect(found.offset == 0 && found.scanned == 0..<15 && found.icu == 0..<3)
        #expect(found.context == "⟨⟩Mr. Smith came.⏎He sat.")
        #expect(comparison.comparedUnits["sentence"] == 2)
        #expect(comparison.report().last == "disagreements: 1")
    }
}

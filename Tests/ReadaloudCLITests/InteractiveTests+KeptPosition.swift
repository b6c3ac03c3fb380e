import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The position the reader keeps between runs: reopening returns to it, a damaged one is
/// ignored, and a page turn keeps it even when the reader is killed.
extension InteractiveTests {
    @Test func reopeningReturnsToTheLastPosition() throws {
        let book = try Self.book(Self.chapters)
        let store = try InteractiveReaderRun.newStore()
        do {
            let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
            try run.session.send("Down", "Down", "Right", "Right")
            #expect(run.session.waitForCursor(on: "paragraph begins"), "\(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
        do {
            let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
            #expect(
                run.session.waitForCursor(on: "paragraph begins"), "reopened where it was left: \(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
        do {
            let from = try Self.locator(ofWord: "fox", in: book)
            let run = try InteractiveReaderRun(
                book: book, arguments: ["--granularity", "word", "--from", from], store: store)
            #expect(run.session.waitForCursor(on: "fox"), "--from overrides: \(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
    }

    @Test func aDamagedKeptPositionOpensTheBookAtItsStart() throws {
        let book = try Self.book(Self.chapters)
        let store = try InteractiveReaderRun.newStore()
        do {
            let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
            try run.session.send("Down", "Right")
            #expect(run.session.waitForCursor(on: "quick"), "\(run.session.dump)")
            try run.session.send("q")
            #expect(run.waitForExit() == 0)
        }
        let positions = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("positions")
        let files = try FileManager.default.contentsOfDirectory(atPath: positions.path)
        #expect(files.count == 1)
        for file in files {
            try Data("{\"type\":\"readaloud.loc".utf8).write(to: positions.appendingPathComponent(file))
        }
        let run = try InteractiveReaderRun(book: book, arguments: ["--granularity", "word"], store: store)
        #expect(run.session.waitForCursor(on: "Chapter One"), "\(run.session.dump)")
        try run.session.send("q")
        #expect(run.waitForExit() == 0)
    }

    @Test func aPageTurnKeepsThePositionEvenWhenTheReaderIsKilled() throws {
        let paragraphs = (1...10).map { "Paragraph \($0) has a few words." }.joined(separator: "\n\n")
        let book = try Self.book(paragraphs)
        let store = try InteractiveReaderRun.newStore()
        do {
            let run = try InteractiveReaderRun(
                book: book, arguments: ["--granularity", "paragraph"], store: store, columns: 60, rows: 8)
            try run.session.send("NPage")
            #expect(run.session.waitForCursor(on: "Paragraph 5"), "\(run.session.dump)")
            // SIGKILL: no chance to save on the way out (nor to restore the terminal, so the
            // script's report lands anywhere on the screen: wait for the script instead). The
            // position is kept before the turned page is drawn.
            kill(try run.pid(), SIGKILL)
            #expect(run.session.waitUntil { run.hasEnded })
        }
        let run = try InteractiveReaderRun(
            book: book, arguments: ["--granularity", "paragraph"], store: store, columns: 60, rows: 8)
        #expect(run.session.waitForCursor(on: "Paragraph 5"), "\(run.session.dump)")
        try run.session.send("q")
        #expect(run.waitForExit() == 0)
    }
}

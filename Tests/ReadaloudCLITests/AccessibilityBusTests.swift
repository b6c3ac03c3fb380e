import Foundation
import Testing

/// What the accessibility bus tests need, and why they are skipped without it.
enum AccessibilityBus {
    static let dbusRunSession = "/usr/bin/dbus-run-session"
    static let python = "/usr/bin/python3"
    static let busLauncher = "/usr/libexec/at-spi-bus-launcher"
    static let pyatspi = "/usr/lib/python3/dist-packages/pyatspi"
    static let isAvailable = [dbusRunSession, python, busLauncher, pyatspi, "/usr/bin/timeout"].allSatisfy {
        FileManager.default.fileExists(atPath: $0)
    }
    static let reason: Comment =
        "the accessibility bus is not installed (apt-get install dbus at-spi2-core python3-pyatspi)"

    /// Runs `arguments` inside a new D-Bus session (its own accessibility bus and registry), at
    /// most `seconds` long, every process it starts gone when it returns. Output goes to files, not pipes: the bus's services started by
    /// D-Bus activation may outlive the session for a moment, holding what they inherited.
    static func run(_ arguments: [String], input: String = "", seconds: Int = 300) throws -> CLIRunner.Result {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputFile = directory.appendingPathComponent("stdout")
        let errorFile = directory.appendingPathComponent("stderr")
        let inputFile = directory.appendingPathComponent("stdin")
        try Data(input.utf8).write(to: inputFile)
        // The accessibility bus's socket lives in XDG_RUNTIME_DIR, at the same path for every
        // session of a user: sessions run side by side (suites run in parallel) each get one of
        // their own, or they take each other's bus.
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        for file in [outputFile, errorFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        // The test runner's threads block SIGTERM, and a child inherits the mask: the session's
        // dbus-daemon then outlived dbus-run-session's SIGTERM. Unblocked (and SIGPIPE's default
        // restored) before `timeout` starts.
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                    + "signal.signal(signal.SIGPIPE, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])",
                "/usr/bin/timeout", "-k", "5", "\(seconds)", dbusRunSession, "--",
            ] + arguments
        process.currentDirectoryURL = CLIRunner.repositoryRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        // What the session started and left behind (a registry daemon that outlives its bus) is
        // in the process group `timeout` made for itself, whose id is its own (the wrapper's).
        kill(-process.processIdentifier, SIGKILL)
        return CLIRunner.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Runs Tests/Accessibility/atspi_check.py on `book`.
    static func check(
        _ book: String, locale: String = "en", budget: Int, extents: Bool = true, every: Bool = false
    ) throws -> CLIRunner.Result {
        try run(
            [
                python, CLIRunner.repositoryRoot.appendingPathComponent("Tests/Accessibility/atspi_check.py").path,
                "--readaloud", CLIRunner.executable.path, "--book", book, "--locale", locale,
                "--budget", "\(budget)",
            ] + (extents ? ["--extents"] : []) + (every ? ["--every"] : []))
    }

    /// The check's summary line.
    static func summary(_ result: CLIRunner.Result) -> String {
        result.standardOutput.split(separator: "\n").last { $0.hasPrefix("atspi_check:") }.map(String.init) ?? ""
    }
}

/// `readaloud BOOK --accessible` on a real accessibility bus (at-spi2-core's, in a D-Bus
/// session of its own), read through pyatspi as a screen reader reads it.
@Suite(.serialized, .tags(.process), .enabled(if: AccessibilityBus.isAvailable, AccessibilityBus.reason))
struct AccessibilityBusTests {
    /// Every element of Alice, reached along FLOWS_TO with the caret set in each as say-all
    /// does, with few objects alive; 6,000 text queries agree with `readaloud units` under
    /// ATK's conventions, and character extents are cells.
    @Test func aliceReadsThroughTheBus() throws {
        let result = try AccessibilityBus.check(CLIRunner.book("alice-in-wonderland.txt"), budget: 6000)
        let summary = AccessibilityBus.summary(result)
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
        #expect(summary.contains("908 of 908 elements"), "\(summary)")
        #expect(summary.contains(" 0 mismatches"), "\(summary)")
        let alive = summary.split(separator: " ").reversed().dropFirst(2).first.flatMap { Int($0) } ?? .max
        #expect(alive < 60, "\(summary)")
    }

    /// Japanese (ICU's dictionary words, wide cells), Arabic (right to left, clusters of
    /// several characters) and an EPUB's elements, sampled; Thai (no spaces between words) and
    /// Hebrew (right to left, vowel points) at every offset of every element.
    @Test(arguments: [
        ("Books/kokoro.txt", "ja", false), ("Books/udhr-arabic.txt", "ar", false),
        ("Tests/Fixtures/epub/idpf-childrens-literature.epub", "en", false),
        ("Tests/Fixtures/books/udhr-thai.txt", "th", true), ("Tests/Fixtures/books/udhr-hebrew.txt", "he", true),
    ])
    func otherScriptsAndEPUB(book: String, locale: String, every: Bool) throws {
        let result = try AccessibilityBus.check(
            CLIRunner.repositoryRoot.appendingPathComponent(book).path, locale: locale,
            budget: every ? 1_000_000 : 2500, every: every)
        let summary = AccessibilityBus.summary(result)
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
        #expect(summary.contains(" 0 mismatches"), "\(summary)")
    }

    /// The script mode: keys move the caret by line, word, character and page, each move
    /// reported; `caret` and `select` place them.
    @Test func keysMoveTheCaret() throws {
        let result = try AccessibilityBus.run(
            [CLIRunner.executable.path, CLIRunner.book("alice-in-wonderland.txt"), "--accessible"],
            input: "Down\nDown\nCtrl+Right\nRight\nNext\nCtrl+End\ncaret 10 5\nselect 10 0 4\nBogus\nquit\n",
            seconds: 60)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(lines.first == "ready elements 908 pages 113")
        let carets = lines.filter { $0.hasPrefix("caret ") }
        #expect(carets.count == 9, "\(lines)")
        guard carets.count == 9 else { return }
        #expect(carets[0] == "caret 0 0 page 1")
        #expect(carets[1] == "caret 1 0 page 1")
        #expect(carets[2] == "caret 2 0 page 1")
        #expect(carets[3].hasPrefix("caret 2 ") && carets[3] != carets[2])  // to the first word's end
        let wordEnd = Int(carets[3].split(separator: " ")[2]) ?? 0
        #expect(carets[4] == "caret 2 \(wordEnd + 1) page 1")
        #expect(carets[5].hasSuffix(" page 2"))
        #expect(carets[6].hasPrefix("caret 907 ") && carets[6].hasSuffix(" page 113"))
        #expect(carets[7] == "caret 10 5 page 2" || carets[7] == "caret 10 5 page 1")
        #expect(lines.contains { $0.hasPrefix("error unknown command: Bogus") })
    }

    /// A book of 100,000 paragraphs keeps few objects and little memory; clients killed
    /// mid-call and relayout while a client calls leave readaloud answering (atspi_faults.py).
    @Test func faultsFromTheScreenReadersSide() throws {
        let result = try AccessibilityBus.run(
            [
                AccessibilityBus.python,
                CLIRunner.repositoryRoot.appendingPathComponent("Tests/Accessibility/atspi_faults.py").path,
                "--readaloud", CLIRunner.executable.path,
            ], seconds: 240)
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError.suffix(2000))")
        #expect(result.standardOutput.contains("atspi_faults: 0 failed"), "\(result.standardOutput)")
        #expect(result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("ok: ") }.count == 6)
    }

    /// An accessibility bus with no registry on it (a bare dbus-daemon named by
    /// AT_SPI_BUS_ADDRESS): readaloud publishes to nobody, and reads and moves as ever (in 0.2 s
    /// on this machine: no D-Bus timeout is waited on).
    @Test func aBusWithoutARegistry() throws {
        let script = """
            address=$(dbus-daemon --session --fork --print-address=1 --print-pid=3 3>pid | head -1)
            printf 'Down\\nDown\\nquit\\n' | AT_SPI_BUS_ADDRESS="$address" "$0" "$1" --accessible
            status=$?
            kill "$(cat pid)"
            exit $status
            """
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try AccessibilityBus.run(
            [
                "/bin/sh", "-c", "cd '\(directory.path)' && " + script, CLIRunner.executable.path,
                CLIRunner.book("alice-in-wonderland.txt"),
            ], seconds: 60)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.split(separator: "\n").last == "caret 2 0 page 1", "\(result.standardOutput)")
    }

    /// Without a D-Bus session there is no bus: status 69 and one clear line.
    @Test func noBusIsAClearError() throws {
        let result = try CLIRunner.run(
            [
                "-u", "DBUS_SESSION_BUS_ADDRESS", "-u", "AT_SPI_BUS_ADDRESS", CLIRunner.executable.path,
                CLIRunner.book("alice-in-wonderland.txt"), "--accessible",
            ],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 69)
        #expect(
            result.standardError.hasPrefix("Error: cannot publish the book for a screen reader: no accessibility bus"))
    }
}

/// What the Orca test needs, and why it is skipped without it.
enum OrcaAvailability {
    static let isAvailable =
        AccessibilityBus.isAvailable
        && ["/usr/bin/orca", "/usr/bin/Xvfb", "/usr/bin/gdbus"].allSatisfy {
            FileManager.default.fileExists(atPath: $0)
        }
    static let reason: Comment =
        "Orca or Xvfb is not installed (apt-get install orca xvfb libglib2.0-bin dbus at-spi2-core python3-pyatspi)"
}

/// Orca itself (43, unchanged, speech off so that it logs what it would say) reads the book
/// published by `readaloud BOOK --accessible`: Down speaks the next element, and say-all from
/// there reaches the book's end across every page, its utterances the book's text, each word
/// once. On Alice, 22 moves by line, word and character (across element edges, to a heading, to
/// the book's end) are each spoken as Orca speaks them in a GTK text view.
@Suite(.serialized, .tags(.process), .enabled(if: OrcaAvailability.isAvailable, OrcaAvailability.reason))
struct OrcaTests {
    @Test(arguments: [
        ("Books/alice-in-wonderland.txt", "Alice’s Adventures in Wonderland.", "THE END", true),
        ("Tests/Fixtures/epub/idpf-childrens-literature.epub", "THE CONTENTS", "The Black Brothers.", false),
    ])
    func orcaReadsTheBook(book: String, first: String, last: String, keys: Bool) throws {
        let result = try AccessibilityBus.run(
            [
                AccessibilityBus.python,
                CLIRunner.repositoryRoot.appendingPathComponent("Tests/Accessibility/orca_check.py").path,
                "--readaloud", CLIRunner.executable.path, "--book",
                CLIRunner.repositoryRoot.appendingPathComponent(book).path, "--first", first, "--last", last,
            ] + (keys ? ["--keys"] : []), seconds: 240)
        let summary = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("orca_check:") }
        #expect(result.status == 0, "\(summary)\n\(result.standardError.suffix(2000))")
        #expect(summary.last?.contains("are the book's text from the caret: yes") == true, "\(summary)")
        if keys { #expect(summary.last?.contains("keys spoken as expected: 22 of 22") == true, "\(summary)") }
    }
}

/// `Examples/AccessibleBackend`: a backend's own document, with a scanned page, published
/// through the public API, as pyatspi finds it.
@Suite(.tags(.process), .enabled(if: AccessibilityBus.isAvailable, AccessibilityBus.reason))
struct AccessibleExampleTests {
    @Test func theBackendsTreeOnTheBus() throws {
        let result = try AccessibilityBus.run(
            [
                AccessibilityBus.python,
                CLIRunner.repositoryRoot.appendingPathComponent("Tests/Accessibility/atspi_tree.py").path,
                "--application", "readaloud-example", "--",
                CLIRunner.builtExecutable(named: "readaloud-accessible-example").path,
            ], seconds: 60)
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(lines.first == ["program: published 5 elements on 3 pages"])
        let objects = lines.dropFirst().filter { $0.count > 2 }
        #expect(
            objects.map { "\($0[0]) \($0[1]) \($0[2])" }.prefix(7) == [
                "0 application 'readaloud-example'", "1 frame 'An accessible backend'",
                "2 document frame 'An accessible backend'", "3 heading ''", "3 paragraph ''",
                "3 page 'A handwritten letter'", "3 image 'A map of the island'",
            ])
        let heading = objects.first { $0[1] == "heading" } ?? []
        #expect(heading.contains("level=1") && heading.contains("language:en"))
        #expect(heading.contains { $0.hasPrefix("focused") })
        #expect(heading.contains("flows-to='It was a bright cold'"))
        // The scan's first character in the scan's own pixels: its first line's rect, 18 clusters.
        let page = objects.first { $0[1] == "page" } ?? []
        #expect(page.contains("text='Dear Sir, the rain\\nkept us home today.'/38"))
        #expect(page.contains("char0=20,100,20,40"))
        let image = objects.first { $0[1] == "image" } ?? []
        #expect(image.contains("text=''/0") && image.contains("flows-to='The end.'"))
    }
}

/// `readaloud BOOK --accessible` on a real terminal (tmux): the page drawn with the cursor at
/// the caret, the arrows and Page Down moving it, the status line, and `q` ending it.
@Suite(
    .tags(.process), .enabled(if: AccessibilityBus.isAvailable, AccessibilityBus.reason),
    .enabled(if: TmuxSession.executable != nil, Comment(rawValue: TmuxSession.missingReason)))
struct AccessibleTerminalTests {
    @Test func keysMoveTheCaretOnTheDrawnPage() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let runtime = directory.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(
            at: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let tmux = try TmuxSession(
            // The bus's daemons (started later, by activation) write to what the session has:
            // not the terminal, or they would write on the page. readaloud's output goes to it.
            "XDG_RUNTIME_DIR='\(runtime.path)' \(AccessibilityBus.dbusRunSession) -- sh -c \"exec '"
                + CLIRunner.executable.path + "' '" + CLIRunner.book("alice-in-wonderland.txt")
                + "' --accessible >/dev/tty\" >/dev/null 2>&1; echo EXIT=$?; sleep 30",
            columns: 80, rows: 50)
        defer { tmux.close() }
        #expect(tmux.waitForText("page 1 of 113"), "\(tmux.dump)")
        #expect(tmux.waitForCursor(on: "[Illustration]"), "\(tmux.dump)")
        try tmux.send("Down")
        #expect(tmux.waitForCursor(on: "Alice’s Adventures in Wonderland"), "\(tmux.dump)")
        try tmux.send("Down")
        #expect(tmux.waitForCursor(on: "by Lewis Carroll"), "\(tmux.dump)")
        try tmux.send("C-Right")
        #expect(tmux.waitForCursor(on: " Lewis Carroll"), "Ctrl+Right to the word's end: \(tmux.dump)")
        try tmux.send("NPage")
        #expect(tmux.waitForText("page 2 of 113"), "\(tmux.dump)")
        try tmux.send("q")
        #expect(tmux.waitForText("EXIT=0"), "\(tmux.dump)")
    }
}

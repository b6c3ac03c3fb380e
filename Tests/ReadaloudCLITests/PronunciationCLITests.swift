import Foundation
import Testing

/// Pronunciation in the front ends: `--lexicon` and `--skip heading-number` in the CLI's
/// events and speech, serve's `open` `lexiconText`, and bad lexicon files.
@Suite struct PronunciationCLITests {
    static func events(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func lexicon(_ text: String) throws -> String { try CLIRunner.temporaryFile(Array(text.utf8)) }

    @Test func aLexiconGivesTheUtterancesPronunciationsAndLeavesTheTextAlone() throws {
        let lexicon = try Self.lexicon("# Alice\n[en]\ndinah = /ˈdiːnə/\n~ \\bMa’am\\b = Madam\n")
        let with = try CLIRunner.run([
            CLIRunner.book("alice-in-wonderland.txt"), "--format", "jsonl", "--lexicon", lexicon,
        ])
        let without = try CLIRunner.run([
            CLIRunner.book("alice-in-wonderland.txt"), "--format", "jsonl", "--lexicon", "none",
        ])
        #expect(with.status == 0, "\(with.standardError)")
        let said = Self.events(with.standardOutput).flatMap { $0["pronunciations"] as? [[String: Any]] ?? [] }
        #expect(said.filter { $0["phonemes"] as? String == "ˈdiːnə" }.count == 14, "\(said.count)")
        #expect(said.contains { $0["text"] as? String == "Madam" })
        // Only what is spoken changes: with the field taken out, the events are the same.
        let stripped = Self.events(with.standardOutput).map { event -> NSDictionary in
            var event = event
            event["pronunciations"] = nil
            return event as NSDictionary
        }
        #expect(stripped == Self.events(without.standardOutput).map { $0 as NSDictionary })
    }

    @Test func badLexiconFiles() throws {
        let book = CLIRunner.book("alice-in-wonderland.txt")
        let bad = try CLIRunner.run([book, "--lexicon", try Self.lexicon("ok = fine\nno equals sign\n")])
        #expect(bad.status == 65)
        #expect(bad.standardError.contains("line 2: no '='"), "\(bad.standardError)")
        let pattern = try CLIRunner.run([book, "--lexicon", try Self.lexicon("~ [unclosed = x\n")])
        #expect(pattern.status == 65)
        #expect(pattern.standardError.contains("line 1: the pattern [unclosed"), "\(pattern.standardError)")
        let binary = try CLIRunner.run([book, "--lexicon", try CLIRunner.temporaryFile([0xFF, 0xFE, 0x00, 0x41])])
        #expect(binary.status == 65)
        #expect(binary.standardError.contains("not UTF-8 text"))
        let missing = try CLIRunner.run([book, "--lexicon", "/nonexistent/lexicon.txt"])
        #expect(missing.status == 66)
        // A broken default file ($XDG_CONFIG_HOME/readaloud/lexicon.txt) is a warning only.
        let config = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: config) }
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("readaloud"), withIntermediateDirectories: true)
        try Data("not an entry\n".utf8).write(to: config.appendingPathComponent("readaloud/lexicon.txt"))
        let broken = try CLIRunner.run([book, "--page", "113"], environment: ["XDG_CONFIG_HOME": config.path])
        #expect(broken.status == 0)
        #expect(broken.standardError.contains("line 1: no '='") && broken.standardError.contains("reading without it"))
    }

    @Test func headingNumbersAreSilentWhenSkipped() throws {
        let result = try CLIRunner.run([
            CLIRunner.book("alice-in-wonderland.txt"), "--format", "jsonl", "--skip", "note,heading-number",
        ])
        let silent = Self.events(result.standardOutput).filter {
            ($0["pronunciations"] as? [[String: Any]])?.contains { $0["silent"] as? Bool == true } == true
        }
        // CHAPTER I. to CHAPTER XII., each followed by its title's heading.
        #expect(silent.count == 12)
        #expect(silent.allSatisfy { ($0["text"] as? String)?.hasPrefix("CHAPTER ") == true })
    }

    @Test(.needsSpeechEngine) func theEngineSaysTheLexiconsPhonemes() throws {
        // Two words of phonemes for one: the WAV is far longer than the word's.
        let book = try CLIRunner.temporaryFile(Array("Dinah came.".utf8))
        let lexicon = try Self.lexicon("Dinah = [[h@l'oU w'3:ld s'Vmb@di]]\n")
        var sizes: [Int] = []
        for arguments in [["--lexicon", "none"], ["--lexicon", lexicon]] {
            let directory = try CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let result = try CLIRunner.run([book, "--speak", "--speak-to", directory.path] + arguments)
            #expect(result.status == 0, "\(result.standardError)")
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            sizes.append(
                try files.reduce(0) {
                    $0
                        + ((try FileManager.default.attributesOfItem(atPath: directory.path + "/" + $1)[.size] as? Int)
                            ?? 0)
                })
        }
        #expect(sizes[1] > sizes[0] * 3 / 2, "\(sizes)")
    }

    @Test func serveSendsTheClientsLexiconsPronunciations() throws {
        let server = try ServeProcess()
        let opened = try server.request(
            1, "open", ["text": "Dinah sat. The Cat smiled.", "lexiconText": "dinah = /ˈdiːnə/\ncat = Kitty\n"])
        let book = (opened["result"] as? [String: Any])?["book"] as? Int ?? 0
        var events: [[String: Any]] = []
        _ = try server.request(2, "readAll", ["book": book, "granularity": "sentence"], events: &events)
        try server.readEvents(untilEnd: &events)
        let said = events.compactMap { $0["pronunciations"] as? [[String: Any]] }
        #expect(said.count == 2)
        #expect(said.first?.first?["phonemes"] as? String == "ˈdiːnə")
        #expect(said.last?.first?["text"] as? String == "Kitty")
        let bad = try server.request(3, "open", ["text": "x", "lexiconText": "no sign"])
        #expect((bad["error"] as? [String: Any])?["code"] as? Int == -32602)
        #expect(try server.finish() == 0)
    }
}

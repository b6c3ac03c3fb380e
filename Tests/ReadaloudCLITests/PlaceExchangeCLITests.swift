import Foundation
import Testing

/// Places other apps understand, from the command line and serve: saved selections out as Web
/// Annotations and back into another store, Readium locators out and read from with `--from`,
/// and what is refused.
@Suite("Front ends: Readium locators and Web Annotations", .tags(.process))
struct PlaceExchangeCLITests {
    static let book = SelectionCommandTests.book

    private func store() throws -> String {
        try CLIRunner.temporaryDirectory().appendingPathComponent("s.sqlite").path
    }

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("saved selections go out as Web Annotations and into another store the same")
    func annotationsRoundTrip() throws {
        let first = try store()
        for (index, note) in [(120, "one"), (480, "two")] {
            let (locator, _, _) = try SelectionCommandTests.utterance(index)
            let saved = try CLIRunner.run(["save", Self.book, "--at", locator, "--note", note, "--store", first])
            #expect(saved.status == 0, "\(saved.standardError)")
        }
        let exported = try CLIRunner.run(["saved", Self.book, "--store", first, "--format", "annotation"])
        #expect(exported.status == 0, "\(exported.standardError)")
        let annotations = try objects(exported.standardOutput)
        #expect(annotations.count == 2)
        #expect(annotations.allSatisfy { $0["type"] as? String == "Annotation" })
        #expect((annotations[0]["target"] as? [String: Any])?["source"] as? String == "alice-in-wonderland.txt")
        let file = try CLIRunner.temporaryFile(Array(exported.standardOutput.utf8), name: "notes.jsonl")
        let second = try store()
        let imported = try CLIRunner.run(["save", Self.book, "--annotation", file, "--store", second])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput.split(separator: "\n").count == 2)
        let original = try CLIRunner.run(["saved", Self.book, "--store", first]).standardOutput
        let copy = try CLIRunner.run(["saved", Self.book, "--store", second]).standardOutput
        // Same ids, places, texts and notes; dates to the millisecond.
        #expect(original == copy)
    }

    @Test("a Readium locator of a saved selection: reading from it starts with the highlighted text")
    func readiumFrom() throws {
        let path = try store()
        let (locator, sentence, _) = try SelectionCommandTests.utterance(300)
        _ = try CLIRunner.run(["save", Self.book, "--at", locator, "--store", path])
        let listed = try CLIRunner.run(["saved", Self.book, "--store", path, "--format", "readium"])
        let readium = try #require(try objects(listed.standardOutput).first)
        #expect((readium["text"] as? [String: Any])?["highlight"] as? String == sentence)
        #expect(readium["href"] as? String == "alice-in-wonderland.txt" && readium["type"] as? String == "text/plain")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: readium), as: UTF8.self)
        let read = try CLIRunner.run([Self.book, "--from", json, "--format", "jsonl"])
        #expect(read.status == 0, "\(read.standardError)")
        let first = try objects(read.standardOutput).first { $0["type"] as? String == "utterance" }
        #expect(first?["text"] as? String == sentence)
    }

    @Test("what is refused: a missing file, no annotations, a quote not in the book, --at with --annotation")
    func refused() throws {
        let path = try store()
        let missing = try CLIRunner.run(["save", Self.book, "--annotation", "/nonexistent.json", "--store", path])
        #expect(missing.status == 66, "\(missing.standardError)")
        let garbage = try CLIRunner.temporaryFile(Array("not json\n".utf8), name: "a.json")
        let notJSON = try CLIRunner.run(["save", Self.book, "--annotation", garbage, "--store", path])
        #expect(notJSON.status == 65)
        #expect(notJSON.standardError.contains("line 1: it is not a JSON object"), "\(notJSON.standardError)")
        let elsewhere = try CLIRunner.temporaryFile(
            Array(
                #"""
                [{"type":"Annotation","target":{"source":"x","selector":{"type":"TextQuoteSelector","exact":"Alice"}}},
                 {"type":"Annotation","target":{"source":"x","selector":{"type":"TextQuoteSelector","exact":"a zebra crossing"}}}]
                """#.utf8), name: "b.json")
        let notFound = try CLIRunner.run(["save", Self.book, "--annotation", elsewhere, "--store", path])
        #expect(notFound.status == 65)
        #expect(notFound.standardError.contains("annotation 2 (a zebra crossing): its text is not in this book"))
        // Nothing of a refused file is saved.
        #expect(try CLIRunner.run(["saved", Self.book, "--store", path]).standardOutput.isEmpty)
        let both = try CLIRunner.run(["save", Self.book, "--at", "{}", "--annotation", garbage, "--store", path])
        #expect(both.status == 64)
        let neither = try CLIRunner.run(["save", Self.book, "--store", path])
        #expect(neither.status == 64 && neither.standardError.contains("--annotation"))
    }

    @Test("serve: locator and saved in Readium's and the Web Annotation's forms, save and resolve from them")
    func serve() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let server = try ServeProcess(["--store", directory.appendingPathComponent("s.sqlite").path])
        func result(_ response: [String: Any]) -> Any? { response["result"] }
        let book = (result(try server.request(1, "open", ["path": Self.book])) as? [String: Any])?["book"] as? Int ?? 0
        let readium = try #require(
            result(try server.request(2, "locator", ["book": book, "element": 96, "offset": 266, "format": "readium"]))
                as? [String: Any])
        #expect(readium["href"] as? String == "alice-in-wonderland.txt")
        #expect((readium["locations"] as? [String: Any])?["position"] as? Int == 25)
        let resolved = result(try server.request(3, "resolve", ["book": book, "locator": readium])) as? [String: Any]
        #expect(resolved?["element"] as? Int == 96 && resolved?["offset"] as? Int == 266)
        let annotation: [String: Any] = [
            "type": "Annotation", "bodyValue": "imported",
            "target": [
                "source": "alice.txt",
                "selector": ["type": "TextQuoteSelector", "exact": "it continued, turning to Alice as it spoke."],
            ],
        ]
        let saved = result(try server.request(4, "save", ["book": book, "annotation": annotation])) as? [String: Any]
        #expect(saved?["id"] is String)
        let listed = try #require(
            result(try server.request(5, "saved", ["book": book, "format": "annotation"])) as? [[String: Any]])
        #expect(listed.count == 1 && (listed.first?["body"] as? [String: Any])?["value"] as? String == "imported")
        let asReadium = result(try server.request(6, "saved", ["book": book, "format": "readium"])) as? [[String: Any]]
        #expect(
            (asReadium?.first?["text"] as? [String: Any])?["highlight"] as? String
                == "it continued, turning to Alice as it spoke.")
        let bad = try server.request(7, "saved", ["book": book, "format": "csv"])
        #expect((bad["error"] as? [String: Any])?["code"] as? Int == -32602)
        let unknown = try server.request(
            8, "save",
            [
                "book": book,
                "annotation": [
                    "type": "Annotation",
                    "target": [
                        "source": "x", "selector": ["type": "TextQuoteSelector", "exact": "no such words here"],
                    ],
                ],
            ])
        #expect(((unknown["error"] as? [String: Any])?["message"] as? String)?.contains("not in book") == true)
        #expect(try server.finish() == 0)
    }
}

import Foundation
import Testing

/// `readaloud BOOK.epub` as a user runs it: read all with print pages, JSON Lines fields,
/// `--print-page`, locators and saved selections, and the broken books' exit codes.
@Suite("CLI: EPUB books")
struct EPUBCLITests {
    static func epub(_ name: String) -> String {
        CLIRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/epub/\(name)").path
    }

    private func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("print pages are announced in page-list order, 169 to 260", arguments: ["word", "sentence"])
    func printPages(granularity: String) throws {
        let result = try CLIRunner.run([
            Self.epub("idpf-childrens-literature.epub"), "--format", "jsonl", "--granularity", granularity,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let labels = try objects(result.standardOutput).filter { $0["type"] as? String == "printPage" }.compactMap {
            $0["label"] as? String
        }
        #expect(labels == (169...260).map(String.init))
        #expect(result.standardOutput.hasSuffix("{\"type\":\"end\"}\n"))
    }

    @Test("--print-page starts where the printed page starts; an unknown label is a usage error")
    func printPageStart() throws {
        let result = try CLIRunner.run([Self.epub("idpf-childrens-literature.epub"), "--print-page", "200"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        // The title line, the start line, then the print page.
        #expect(lines.prefix(2) == ["  Children's Literature, by Charles Madison Curry", "  Page 68 of 196"])
        #expect(lines.dropFirst(2).first == "  Page 200")
        #expect(!result.standardOutput.contains("Page 199\n"))
        let unknown = try CLIRunner.run([Self.epub("idpf-childrens-literature.epub"), "--print-page", "9999"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("no print page '9999'"))
    }

    @Test("Japanese utterances: language ja (en where xml:lang says), ruby inside each utterance's range")
    func japaneseUtterances() throws {
        let result = try CLIRunner.run([
            Self.epub("idpf-kusamakura-japanese-vertical-writing.epub"), "--format", "jsonl", "--granularity",
            "sentence",
        ])
        #expect(result.status == 0)
        let utterances = try objects(result.standardOutput).filter { $0["type"] as? String == "utterance" }
        let languages = Set(utterances.compactMap { $0["language"] as? String })
        #expect(languages.contains("ja") && languages.contains("en"))
        var readings = 0
        for utterance in utterances {
            let start = try #require(utterance["start"] as? Int)
            let end = try #require(utterance["end"] as? Int)
            let text = try #require(utterance["text"] as? String)
            for ruby in utterance["ruby"] as? [[String: Any]] ?? [] {
                let rubyStart = try #require(ruby["start"] as? Int)
                let rubyEnd = try #require(ruby["end"] as? Int)
                #expect(start <= rubyStart && rubyStart < rubyEnd && rubyEnd <= end)
                readings += 1
            }
            #expect(utterance["href"] as? String != nil)
            if text.hasPrefix("山路を登りながら") {
                let first = try #require((utterance["ruby"] as? [[String: Any]])?.first)
                #expect(first["reading"] as? String == "やまみち")
                #expect(!text.contains("やまみち"))
            }
        }
        #expect(readings > 4000)
    }

    @Test("Arabic utterances are ar and rtl; images carry the image trait")
    func arabicAndImages() throws {
        let arabic = try CLIRunner.run([
            Self.epub("idpf-regime-anticancer-arabic.epub"), "--format", "jsonl", "--granularity", "sentence",
        ])
        let body = try objects(arabic.standardOutput).filter {
            ($0["href"] as? String)?.hasSuffix("C_content.xhtml") == true
        }
        #expect(!body.isEmpty)
        #expect(body.allSatisfy { $0["language"] as? String == "ar" && $0["direction"] as? String == "rtl" })
        let cole = try CLIRunner.run([
            Self.epub("idpf-cole-voyage-of-life.epub"), "--format", "jsonl", "--granularity", "sentence",
        ])
        let images = try objects(cole.standardOutput).filter { ($0["traits"] as? [String])?.contains("image") == true }
        #expect(Set(images.compactMap { $0["element"] as? Int }).count == 9)
    }

    @Test("a locator from an EPUB utterance carries href and resumes there; saved selections work")
    func locatorsAndSavedSelections() throws {
        let book = Self.epub("idpf-childrens-literature.epub")
        let read = try CLIRunner.run([book, "--format", "jsonl", "--granularity", "sentence"])
        let utterances = try objects(read.standardOutput).filter { $0["type"] as? String == "utterance" }
        try #require(utterances.count > 500)
        let utterance = utterances[500]
        let locator = try #require(utterance["locator"] as? [String: Any])
        #expect(locator["href"] as? String == "EPUB/s04.xhtml")
        #expect(locator["source"] == nil)  // a plain-text book's byte offset only
        let json = String(decoding: try JSONSerialization.data(withJSONObject: locator), as: UTF8.self)
        let resumed = try CLIRunner.run([book, "--from", json, "--granularity", "sentence"])
        #expect(resumed.status == 0)
        #expect(
            resumed.standardOutput.split(separator: "\n").dropFirst(2).first.map(String.init)
                == utterance["text"] as? String)

        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.appendingPathComponent("selections.sqlite").path
        let saved = try CLIRunner.run(["save", book, "--at", json, "--store", store, "--note", "a note"])
        #expect(saved.status == 0, "\(saved.standardError)")
        let listed = try CLIRunner.run(["saved", book, "--store", store])
        #expect(listed.status == 0)
        #expect(
            listed.standardOutput.contains(utterance["text"] as? String ?? "-")
                && listed.standardOutput.contains("a note"))
    }

    @Test("links in JSON Lines: the table of contents' links name their target element, inside the utterance")
    func links() throws {
        let result = try CLIRunner.run([
            Self.epub("idpf-childrens-literature.epub"), "--format", "jsonl", "--granularity", "sentence",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let utterances = try objects(result.standardOutput).filter { $0["type"] as? String == "utterance" }
        let linked = utterances.filter { $0["links"] != nil }
        let count = linked.reduce(0) { $0 + (($1["links"] as? [Any])?.count ?? 0) }
        // The navigation document is in the spine: its table of contents links the stories
        // (some of its lists are hidden, and not read).
        #expect(count >= 20)
        for utterance in linked {
            let start = try #require(utterance["start"] as? Int)
            let end = try #require(utterance["end"] as? Int)
            for link in utterance["links"] as? [[String: Any]] ?? [] {
                let linkStart = try #require(link["start"] as? Int)
                let linkEnd = try #require(link["end"] as? Int)
                #expect(start <= linkStart && linkStart < linkEnd && linkEnd <= end)
                #expect((link["href"] as? String)?.hasSuffix(".xhtml") == true)
                #expect(link["element"] is Int)
                #expect(link["noteref"] as? Bool == false)
            }
        }
    }

    @Test("units and probe read an EPUB's elements")
    func unitsAndProbe() throws {
        let book = Self.epub("epubcheck-epub2-minimal.epub")
        let units = try CLIRunner.run(["units", book, "--granularity", "sentence", "--offsets"])
        #expect(units.status == 0, "\(units.standardError)")
        #expect(units.standardOutput == "0\t0\t8\tLoomings\n1\t0\t16\tCall me Ishmael.\n")
        let probe = try CLIRunner.run(["probe", book, "--granularity", "word"])
        #expect(probe.status == 0, "\(probe.standardError)")
        #expect(probe.standardOutput.hasPrefix("0\t0\tforward\t1\t0\t8\t0-8\n"))
    }

    @Test("the book's title and creator: a text line before the first page, the start event's fields")
    func titleAndCreator() throws {
        let book = Self.epub("idpf-kusamakura-japanese-vertical-writing.epub")
        let text = try CLIRunner.run([book])
        #expect(text.status == 0)
        #expect(text.standardOutput.hasPrefix("  草枕, by 夏目 漱石\n  Page 1 of "), "\(text.standardOutput.prefix(80))")
        let json = try CLIRunner.run([book, "--format", "jsonl"])
        let start = try #require(try objects(json.standardOutput).first)
        #expect(start["type"] as? String == "start")
        #expect(start["title"] as? String == "草枕")
        #expect(start["creator"] as? String == "夏目 漱石")
        let metadata = try #require(start["metadata"] as? [String: Any])
        let title = metadata["title"] as? [String: String]
        #expect(title == ["text": "草枕", "language": "ja-JP", "direction": "rtl"])
        #expect(metadata["creators"] as? [[String: String]] == [["text": "夏目 漱石", "language": "ja"]])
        // A plain-text book gives none: its start event is as before.
        let plain = try CLIRunner.run([
            CLIRunner.repositoryRoot.appendingPathComponent("Books/alice-in-wonderland.txt").path, "--format", "jsonl",
        ])
        let plainStart = try #require(try objects(plain.standardOutput).first)
        #expect(plainStart["title"] == nil && plainStart["metadata"] == nil)
        #expect(!plain.standardOutput.hasPrefix("  Alice"))
    }

    @Test("serve opens an EPUB by path, titled by its metadata")
    func serve() throws {
        let server = try ServeProcess()
        let opened = try server.request(1, "open", ["path": Self.epub("epubcheck-epub2-minimal.epub")])
        let result = opened["result"] as? [String: Any] ?? [:]
        #expect(result["elements"] as? Int == 2, "\(opened)")
        #expect(result["title"] as? String == "Minimal EPUB 2.0")
        let children = try server.request(3, "open", ["path": Self.epub("idpf-childrens-literature.epub")])
        let childrensResult = children["result"] as? [String: Any] ?? [:]
        #expect(childrensResult["title"] as? String == "Children's Literature", "\(children)")
        #expect(childrensResult["creator"] as? String == "Charles Madison Curry")
        let creators = (childrensResult["metadata"] as? [String: Any])?["creators"] as? [[String: String]]
        #expect(creators?.map { $0["text"] } == ["Charles Madison Curry", "Erle Elsworth Clippinger"])
        let book = result["book"] as? Int ?? 0
        let element = try server.request(2, "element", ["book": book, "element": 1])
        #expect((element["result"] as? [String: Any])?["text"] as? String == "Call me Ishmael.", "\(element)")
        #expect(try server.finish() == 0)
    }

    @Test("an EPUB is known by its content, whatever its name, on standard input too")
    func knownByContent() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let renamed = directory.appendingPathComponent("book.txt")
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: Self.epub("epubcheck-epub2-minimal.epub")), to: renamed)
        let result = try CLIRunner.run([renamed.path])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == "  Minimal EPUB 2.0\n  Page 1 of 1\nLoomings\n  Heading\nCall me Ishmael.\n")
        // On standard input too, by its ZIP signature (not stopped at its first NUL as binary).
        let piped = try CLIRunner.run(["-"], input: try Data(contentsOf: renamed))
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == result.standardOutput)
        let units = try CLIRunner.run(
            ["units", "-", "--granularity", "sentence"], input: try Data(contentsOf: renamed))
        #expect(units.standardOutput == "Loomings\nCall me Ishmael.\n")
        // Binary input that is no ZIP still stops at its first NUL.
        let binary = try CLIRunner.run(["-"], input: Data([0x41, 0x00, 0x42]))
        #expect(binary.status == 65)
        #expect(binary.standardError.contains("binary"), "\(binary.standardError)")
    }

    @Test(
        "broken books: refused with exit 65 and a clear message, or read",
        arguments: [
            ("epubcheck-ocf-container-file-missing-fatal.epub", Int32(65), "META-INF/container.xml is missing"),
            ("epubcheck-ocf-package-document-missing-fatal.epub", 65, "EPUB/package.opf is missing"),
            ("epubcheck-ocf-zip-unreadable-empty-fatal.epub", 65, "empty"),
            ("epubcheck-ocf-mimetype-file-missing-error.epub", 0, ""),
            ("epubcheck-package-manifest-item-missing-error.epub", 0, ""),
            ("epubcheck-epub2-ncx-missing-resource-error.epub", 0, ""),
        ])
    func brokenBooks(name: String, status: Int32, message: String) throws {
        let result = try CLIRunner.run([Self.epub("broken/\(name)")])
        #expect(result.status == status, "\(result.standardError)")
        #expect(message.isEmpty ? result.standardError.isEmpty : result.standardError.contains(message))
        if status == 0 { #expect(!result.standardOutput.isEmpty) } else { #expect(result.standardOutput.isEmpty) }
    }

    @Test("a ZIP that is no archive is refused with exit 65")
    func garbageArchive() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("garbage.epub")
        try Data("PK\u{3}\u{4}this is no archive at all".utf8).write(to: garbage)
        let result = try CLIRunner.run([garbage.path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("not a readable EPUB"))
    }

    @Test("bench reports EPUB open time and first utterance")
    func bench() throws {
        let result = try CLIRunner.run([
            "bench", "--book", CLIRunner.book("rashomon.txt"), "--granularity", "sentence", "--repetitions", "1",
            "--min-time", "0", "--queries", "100", "--epub", Self.epub("idpf-childrens-literature.epub"), "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let epub = try #require(report["epub"] as? [String: Any])
        #expect(epub["name"] as? String == "idpf-childrens-literature.epub")
        #expect((epub["elements"] as? Int ?? 0) > 1000)
        let open = try #require(epub["openMilliseconds"] as? Double)
        let first = try #require(epub["firstUtteranceMilliseconds"] as? Double)
        #expect(open > 0 && first > 0)
    }
}

import Foundation
import Testing

/// One meaning of `page` in read-all: the page on which an utterance's unit starts, however
/// reading began; and a `start` event that gives the page count before the first turn.
@Suite(.tags(.process)) struct ReadPageTests {
    static let book = CLIRunner.book("alice-in-wonderland.txt")
    static let layout = ["--width", "60", "--lines-per-page", "20"]

    /// The JSON Lines events of `readaloud arguments...`.
    static func events(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try CLIRunner.run(arguments + ["--format", "jsonl"] + layout)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
    }

    static func type(_ event: [String: Any]) -> String { event["type"] as? String ?? "" }

    /// The utterance after each page turn of a reading from page 1, by the page it turned to.
    static func firstUtterances(_ events: [[String: Any]]) -> [Int: [String: Any]] {
        var result: [Int: [String: Any]] = [:]
        var turnedTo: Int?
        for event in events {
            if type(event) == "pageTurn" { turnedTo = event["to"] as? Int }
            if type(event) == "utterance", let page = turnedTo {
                result[page] = event
                turnedTo = nil
            }
        }
        return result
    }

    @Test func everyReadingBeginsWithAStartEvent() throws {
        let events = try Self.events([Self.book, "--granularity", "paragraph"])
        let start = try #require(events.first)
        let pages = try #require(events.last { Self.type($0) == "pageTurn" }?["to"] as? Int)
        #expect(Self.type(start) == "start")
        #expect(start["page"] as? Int == 1)
        #expect(start["pages"] as? Int == pages)
        let elements = try #require(start["elements"] as? Int)
        let lastElement = try #require(events.last { Self.type($0) == "utterance" }?["element"] as? Int)
        #expect(elements == lastElement + 1)
        #expect(events.filter { Self.type($0) == "start" }.count == 1)
        let fromPage = try Self.events([Self.book, "--page", "3"])
        #expect(fromPage.first.map(Self.type) == "start")
        #expect(fromPage.first?["page"] as? Int == 3)
        #expect(fromPage.first?["pages"] as? Int == pages)
        let text = try CLIRunner.run([Self.book, "--page", "3"] + Self.layout)
        #expect(text.standardOutput.hasPrefix("  Page 3 of \(pages)\n"))
    }

    /// `--page N` reads from the first unit that starts on page N: the one read right after the
    /// turn to page N when reading from page 1, on page N, with no turn before it.
    @Test func readingFromAPageStartsWithTheFirstUnitStartingOnIt() throws {
        let whole = try Self.events([Self.book, "--granularity", "paragraph"])
        let expected = Self.firstUtterances(whole)
        var checked = 0
        for page in 2...9 {
            guard let first = expected[page] else { continue }
            let events = try Self.events([Self.book, "--granularity", "paragraph", "--page", "\(page)"])
            let utterance = try #require(events.first { Self.type($0) == "utterance" })
            #expect(utterance["text"] as? String == first["text"] as? String, "--page \(page)")
            #expect(utterance["element"] as? Int == first["element"] as? Int, "--page \(page)")
            #expect(utterance["page"] as? Int == page)
            let beforeIt = events.prefix { Self.type($0) != "utterance" }
            #expect(beforeIt.map(Self.type) == ["start"], "--page \(page)")
            checked += 1
        }
        #expect(checked >= 6)
    }

    /// From a locator in the middle of a paragraph begun on the page before, reading starts with
    /// that paragraph, on the page where it starts, and turns the page after it.
    @Test func aUnitReadFromALocatorIsOnThePageWhereItStarts() throws {
        let words = try Self.events([Self.book, "--granularity", "word"])
        // The first word after a page turn that is inside a paragraph begun on the page before.
        var turnedTo: Int?
        var found: (page: Int, locator: [String: Any])?
        for event in words {
            if Self.type(event) == "pageTurn" { turnedTo = event["to"] as? Int }
            guard Self.type(event) == "utterance", let page = turnedTo else { continue }
            turnedTo = nil
            if (event["start"] as? Int ?? 0) > 0, let locator = event["locator"] as? [String: Any] {
                found = (page, locator)
                break
            }
        }
        let (page, locator) = try #require(found)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: locator), as: UTF8.self)
        let events = try Self.events([Self.book, "--granularity", "paragraph", "--from", json])
        #expect(events.first?["page"] as? Int == page - 1)
        let utterances = events.enumerated().filter { Self.type($0.element) == "utterance" }
        try #require(utterances.count >= 2)
        #expect(utterances[0].element["page"] as? Int == page - 1)
        #expect(utterances[0].element["start"] as? Int == 0)
        #expect(utterances[0].element["element"] as? Int == locator["element"] as? Int)
        // The page turns before the next paragraph, which starts on the locator's page.
        let between = events[(utterances[0].offset + 1)..<utterances[1].offset].map(Self.type)
        #expect(between.contains("pageTurn"))
        #expect(utterances[1].element["page"] as? Int == page)
    }
}

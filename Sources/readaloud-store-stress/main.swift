// readaloud-store-stress: saves selections into a SavedSelectionStore in a burst, printing each
// one as a JSON line on stdout right after `save` returned (that is, once it is acknowledged).
//
// The child process of SavedSelectionStore's crash and concurrency tests
// (Tests/TextNavigationTests/Selection/SavedSelectionStoreProcessTests.swift): they kill it with
// SIGKILL mid-burst, or run two at once, then check that every printed selection is in the store.
// Not a product; `swift build` leaves it next to the test bundle in the build products directory.
//
// Usage: readaloud-store-stress --store <path> --book <key> --count <n> [--tag <text>] [--pause <ms>]
// (--pause: milliseconds to wait after each save, so two writers take turns at the lock)
import Foundation
import TextNavigation
import TextNavigationStore

struct Options {
    var store = ""
    var book = ""
    var count = 0
    var tag = "stress"
    var pauseMilliseconds = 0
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    if code == 64 {
        FileHandle.standardError.write(
            Data(
                "Usage: readaloud-store-stress --store <path> --book <key> --count <n> [--tag <text>] [--pause <ms>]\n"
                    .utf8))
    }
    exit(code)
}

func parse(_ arguments: [String]) -> Options {
    var options = Options()
    var rest = arguments[...]
    while let flag = rest.popFirst() {
        guard let value = rest.popFirst() else { fail("\(flag) needs a value", code: 64) }
        switch flag {
        case "--store": options.store = value
        case "--book": options.book = value
        case "--count":
            guard let count = Int(value), count >= 0 else { fail("--count needs a number, not '\(value)'", code: 64) }
            options.count = count
        case "--tag": options.tag = value
        case "--pause":
            guard let pause = Int(value), pause >= 0 else {
                fail("--pause needs milliseconds, not '\(value)'", code: 64)
            }
            options.pauseMilliseconds = pause
        default: fail("unknown option \(flag)", code: 64)
        }
    }
    if options.store.isEmpty || options.book.isEmpty { fail("--store and --book are required", code: 64) }
    return options
}

/// The `index`th selection of a burst: sizes vary from a few bytes to a few kilobytes (so rows
/// spill onto overflow pages), with non-ASCII text, and optional fields both set and missing.
func selection(_ index: Int, options: Options) -> SavedSelection {
    let granularities = TextGranularity.allCases
    let filler = String(repeating: "Ünïcödé 読み上げ 🎧 ", count: Int.random(in: 0...120))
    let text = "\(options.tag) #\(index): \(filler)end"
    let start = Int.random(in: 0...5_000)
    return SavedSelection(
        book: BookIdentity(options.book),
        elementIndex: index,
        utf16Range: start..<(start + text.utf16.count),
        text: text,
        contextBefore: String(repeating: "b", count: index % 51),
        contextAfter: String(repeating: "a", count: 50 - index % 51),
        pageHint: index.isMultiple(of: 3) ? nil : index / 10,
        granularity: granularities[index % granularities.count],
        createdAt: Date(),
        note: index.isMultiple(of: 2) ? "note \(index) of \(options.tag)" : nil
    )
}

let options = parse(Array(CommandLine.arguments.dropFirst()))
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
do {
    let store = try SavedSelectionStore(url: URL(fileURLWithPath: options.store))
    for index in 0..<options.count {
        let saved = selection(index, options: options)
        try store.save(saved)
        // Acknowledged: one unbuffered write per line, so a kill cannot leave an acknowledged
        // selection unprinted (a line cut short by the kill is ignored by the test).
        var line = try encoder.encode(saved)
        line.append(UInt8(ascii: "\n"))
        FileHandle.standardOutput.write(line)
        if options.pauseMilliseconds > 0 { usleep(UInt32(options.pauseMilliseconds * 1000)) }
    }
    try store.close()
} catch {
    fail("\(error)", code: 1)
}

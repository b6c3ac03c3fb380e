import Foundation
import Testing
import TextNavigation
import TextNavigationStore

@Suite("SavedSelectionStore")
struct SavedSelectionStoreTests {
    // MARK: Saving and reading

    @Test func roundTripKeepsEveryField() throws {
        let scratch = try ScratchDirectory("store")
        defer { scratch.remove() }
        let full = SavedSelection.sample(1)
        let sparse = SavedSelection(
            book: "book-a", elementIndex: 0, utf16Range: 0..<0, text: "", contextBefore: "", contextAfter: "",
            pageHint: nil, granularity: .document,
            createdAt: Date(timeIntervalSinceReferenceDate: 800_000_100.123456789),
            note: nil)
        let awkward = SavedSelection(
            book: "/books/ünï cödé.txt", elementIndex: 12, utf16Range: 3..<5, text: "nul\u{0}inside",
            contextBefore: "'; DROP TABLE saved_selection; --", contextAfter: "👩‍👩‍👧‍👦\r\n", pageHint: 0,
            granularity: .sentence, createdAt: Date(timeIntervalSinceReferenceDate: -12.5), note: "")

        let store = try SavedSelectionStore(url: scratch.storeURL)
        for selection in [full, sparse, awkward] {
            #expect(try store.save(selection) == selection.id)
        }
        try store.close()

        let reopened = try SavedSelectionStore(url: scratch.storeURL)
        #expect(try reopened.selections(forBook: "book-a") == [full, sparse])
        #expect(try reopened.selections(forBook: "/books/ünï cödé.txt") == [awkward])
        #expect(try reopened.selection(withID: awkward.id) == awkward)
        #expect(try reopened.selection(withID: UUID()) == nil)
        #expect(try reopened.integrityProblems() == [])
    }

    @Test func selectionsComeInCreationOrderThenSavingOrder() throws {
        let scratch = try ScratchDirectory("store")
        defer { scratch.remove() }
        let store = try SavedSelectionStore(url: scratch.storeURL)
        let early = Date(timeIntervalSinceReferenceDate: 700_000_000)
        let late = Date(timeIntervalSinceReferenceDate: 700_000_500)
        let third = SavedSelection.sample(3, createdAt: late)
        let first = SavedSelection.sample(1, createdAt: early)
        let tieA = SavedSelection.sample(10, createdAt: Date(timeIntervalSinceReferenceDate: 700_000_100))
        let tieB = SavedSelection.sample(11, createdAt: Date(timeIntervalSinceReferenceDate: 700_000_100))
        let otherBook = SavedSelection.sample(2, book: "book-b", createdAt: early)
        for selection in [third, tieA, otherBook, first, tieB] { try store.save(selection) }

        #expect(try store.selections(forBook: "book-a").map(\.id) == [first, tieA, tieB, third].map(\.id))
        #expect(try store.selections(forBook: "book-b") == [otherBook])
        #expect(try store.selections(forBook: "no such book") == [])
    }

    @Test func savingTheSameIDAgainUpdatesInPlace() throws {
        let scratch = try ScratchDirectory("store")
        defer { scratch.remove() }
        let store = try SavedSelectionStore(url: scratch.storeURL)
        let a = SavedSelection.sample(1)
        var b = SavedSelection.sample(2)
        try store.save(a)
        try store.save(b)
        b.note = "edited"
        try store.save(b)
        #expect(try store.selections(forBook: "book-a") == [a, b])
    }

    @Test func removalIsDurableAndReportsWhetherAnythingWasRemoved() throws {
        let scratch = try ScratchDirectory("store")
        defer { scratch.remove() }
        let selections = (0..<4).map { SavedSelection.sample($0) }
        do {
            let store = try SavedSelectionStore(url: scratch.storeURL)
            for selection in selections { try store.save(selection) }
            #expect(try store.removeSelection(withID: selections[1].id))
            #expect(try !store.removeSelection(withID: selections[1].id))
            #expect(try !store.removeSelection(withID: UUID()))
            #expect(try store.selections(forBook: "book-a") == [selections[0], selections[2], selections[3]])
        }  // Dropped without close(): deinit closes.
        let reopened = try SavedSelectionStore(url: scratch.storeURL)
        #expect(try reopened.selections(forBook: "book-a") == [selections[0], selections[2], selections[3]])
    }

    @Test func invalidSelectionsAreRefusedWithTheReason() throws {
        let scratch = try ScratchDirectory("store")
        defer { scratch.remove() }
        let store = try SavedSelectionStore(url: scratch.storeURL)
        var negative = SavedSelection.sample(1)
        negative.elementIndex = -1
        #expect {
            try store.save(negative)
        } throws: { error in
            guard let error = error as? SavedSelectionStoreError, error.code == .invalidSelection else {
                return false
            }
            return error.path == scratch.storeURL.path && error.selectionID == negative.id.uuidString
                && error.reason?.contains("-1") == true
        }
        #expect(try store.selections(forBook: "book-a") == [])
    }

    @Test func useAfterCloseIsReportedWithThePath() throws {
        let scratch = try ScratchDirectory("store")
        defer { scratch.remove() }
        let store = try SavedSelectionStore(url: scratch.storeURL)
        try store.close()
        try store.close()
        #expect(throws: SavedSelectionStoreError.closed(path: scratch.storeURL.path)) {
            try store.save(.sample(1))
        }
    }

    @Test func storesAreWrittenInWALModeWithTheirDirectoryCreated() throws {
        let scratch = try ScratchDirectory("store")
        defer { scratch.remove() }
        let url = scratch.url.appendingPathComponent("deep/er/selections.sqlite")
        let store = try SavedSelectionStore(url: url)
        try store.save(.sample(1))
        #expect(FileManager.default.fileExists(atPath: url.path))
        // While the connection is open, commits sit in the write-ahead log.
        #expect(FileManager.default.fileExists(atPath: url.path + "-wal"))
        let header = try Data(contentsOf: url).prefix(20)
        try #require(header.count == 20)
        #expect(header.prefix(16) == Data("SQLite format 3\0".utf8))
        #expect(header[18] == 2 && header[19] == 2)  // WAL read and write versions.
    }

    // MARK: Default location

    @Test func defaultLocationFollowsXDGDataHome() throws {
        #expect(
            try SavedSelectionStore.defaultURL(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/r"]).path
                == "/data/readaloud/selections.sqlite")
        #expect(
            try SavedSelectionStore.defaultURL(environment: ["HOME": "/home/r"]).path
                == "/home/r/.local/share/readaloud/selections.sqlite")
        // Relative XDG paths are ignored, as the specification says.
        #expect(
            try SavedSelectionStore.defaultURL(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/r"]).path
                == "/home/r/.local/share/readaloud/selections.sqlite")
        #expect(throws: SavedSelectionStoreError.noDataDirectory) {
            try SavedSelectionStore.defaultURL(environment: [:])
        }
    }

    // MARK: Corruption

    @Test func garbageFileIsReportedAndMovedAsideWithItsBytes() throws {
        let scratch = try ScratchDirectory("corrupt")
        defer { scratch.remove() }
        var generator = SystemRandomNumberGenerator()
        let garbage = Data((0..<3000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try garbage.write(to: scratch.storeURL)

        try expectCorruptionReported(at: scratch.storeURL, originalBytes: garbage)
    }

    @Test func storeTruncatedToHalfIsReportedAndMovedAsideWithItsBytes() throws {
        let scratch = try ScratchDirectory("corrupt")
        defer { scratch.remove() }
        let store = try SavedSelectionStore(url: scratch.storeURL)
        for index in 0..<300 {
            var selection = SavedSelection.sample(index)
            selection.text = String(repeating: "long text \(index) ", count: 20)
            try store.save(selection)
        }
        try store.close()  // Checkpoints the log into the file and deletes the log.
        #expect(!FileManager.default.fileExists(atPath: scratch.storeURL.path + "-wal"))
        let whole = try Data(contentsOf: scratch.storeURL)
        #expect(whole.count > 100_000)
        let half = whole.prefix(whole.count / 2)
        try half.write(to: scratch.storeURL)

        try expectCorruptionReported(at: scratch.storeURL, originalBytes: half)
    }

    /// Opening the store at `url` reports it corrupt with its path, keeps `originalBytes` in the
    /// moved-aside file, and leaves the path free for a new, working store.
    private func expectCorruptionReported(at url: URL, originalBytes: Data) throws {
        let path = url.path
        let error = #expect(throws: SavedSelectionStoreError.self) {
            try SavedSelectionStore(url: url)
        }
        guard let error, error.code == .corrupt, let reportedPath = error.path, let movedTo = error.movedTo,
            let detail = error.detail
        else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(reportedPath == path)
        #expect(movedTo.hasPrefix(path + ".corrupt-"))
        #expect(!detail.isEmpty)
        let message = "\(error)"
        #expect(message.contains(path) && message.contains(movedTo))
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == originalBytes)
        #expect(!FileManager.default.fileExists(atPath: path))

        // Opening again starts afresh; the damaged bytes stay where they were moved.
        let fresh = try SavedSelectionStore(url: url)
        #expect(try fresh.selections(forBook: "book-a") == [])
        let selection = SavedSelection.sample(1)
        try fresh.save(selection)
        #expect(try fresh.selections(forBook: "book-a") == [selection])
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == originalBytes)
    }
}

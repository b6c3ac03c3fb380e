import Foundation
import Testing
import TextNavigation
import TextNavigationStore

/// The store against real processes: killed with SIGKILL mid-burst, and saving side by side.
/// The child is `readaloud-store-stress` (see ``StressTool`` for how it is found), which prints
/// each selection as a JSON line once `save` has returned.
@Suite("SavedSelectionStore processes", .tags(.process))
struct SavedSelectionStoreProcessTests {
    @Test(.tags(.timing)) func everyAcknowledgedSaveSurvivesSIGKILL() async throws {
        let scratch = try ScratchDirectory("sigkill")
        defer { scratch.remove() }
        let rounds = 30
        var acknowledged: [UUID: SavedSelection] = [:]
        var killedBeforeFirstAcknowledgement = 0
        var perRound: [Int] = []

        for round in 1...rounds {
            let output = scratch.url.appendingPathComponent("round-\(round).jsonl")
            let errors = scratch.url.appendingPathComponent("round-\(round).stderr")
            let child = try StressTool.launch(
                store: scratch.storeURL, book: "stress", count: 10_000_000, tag: "round \(round)",
                output: output, errors: errors)
            try await Self.waitForAMomentToKill(child, round: round, output: output)
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()

            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            #expect(
                child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL,
                "round \(round): the child ended on its own (status \(child.terminationStatus)): \(stderr)")
            let saved = try StressTool.acknowledged(in: output)
            for selection in saved {
                #expect(acknowledged.updateValue(selection, forKey: selection.id) == nil, "id acknowledged twice")
            }
            perRound.append(saved.count)
            if saved.isEmpty { killedBeforeFirstAcknowledgement += 1 }
        }

        let store = try SavedSelectionStore(url: scratch.storeURL)
        #expect(try store.integrityProblems() == [])
        let stored = try store.selections(forBook: "stress")
        let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        let missing = acknowledged.keys.filter { byID[$0] == nil }
        #expect(
            missing.isEmpty,
            "\(missing.count) of \(acknowledged.count) acknowledged saves are missing: \(missing.prefix(5))")
        for (id, selection) in acknowledged where byID[id] != nil {
            #expect(byID[id] == selection, "acknowledged selection \(id) came back changed")
        }
        // A save may commit and be killed before it prints, at most once a round.
        #expect(stored.count >= acknowledged.count && stored.count <= acknowledged.count + rounds)
        #expect(acknowledged.count > 0, "no round acknowledged a save: the kills came too early to test anything")
        print(
            "SIGKILL: \(rounds) rounds, \(acknowledged.count) acknowledged saves, missing: \(missing.count), "
                + "\(stored.count) rows (\(stored.count - acknowledged.count) committed but unacknowledged), "
                + "\(killedBeforeFirstAcknowledgement) rounds killed before their first save, "
                + "per round: \(perRound)")
    }

    /// Waits for a random moment to kill `child`: in odd rounds counted from launch (so some
    /// kills land while the child opens the store and recovers the log the last kill left), in
    /// even rounds counted from its first acknowledged save in `output` (so they land mid-burst).
    static func waitForAMomentToKill(_ child: Process, round: Int, output: URL) async throws {
        if round.isMultiple(of: 2) {
            let deadline = ContinuousClock.now + .seconds(10)
            while (try? Data(contentsOf: output).isEmpty) ?? true, child.isRunning, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(1))
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...40)))
        } else {
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...80)))
        }
    }

    @Test func twoProcessesSavingAtOnceBothKeepTheirSaves() throws {
        let scratch = try ScratchDirectory("concurrent")
        defer { scratch.remove() }
        let count = 200
        // Both start on a store that does not exist yet, so they also race to create it. A pause
        // of 1 ms after each save lets the other writer in (SQLite's busy handler sleeps between
        // attempts, so a writer that never pauses could finish its burst before the other starts).
        let children = try ["A", "B"].map { tag in
            let output = scratch.url.appendingPathComponent("\(tag).jsonl")
            let errors = scratch.url.appendingPathComponent("\(tag).stderr")
            let process = try StressTool.launch(
                store: scratch.storeURL, book: "shared", count: count, tag: tag, pause: 1, output: output,
                errors: errors)
            return (tag: tag, process: process, output: output, errors: errors)
        }
        var acknowledged: [SavedSelection] = []
        for child in children {
            child.process.waitUntilExit()
            let stderr = (try? String(contentsOf: child.errors, encoding: .utf8)) ?? ""
            #expect(
                child.process.terminationReason == .exit && child.process.terminationStatus == 0,
                "child \(child.tag) failed (status \(child.process.terminationStatus)): \(stderr)")
            let saved = try StressTool.acknowledged(in: child.output)
            #expect(saved.count == count, "child \(child.tag) acknowledged \(saved.count) of \(count) saves")
            acknowledged += saved
        }

        let store = try SavedSelectionStore(url: scratch.storeURL)
        let stored = try store.selections(forBook: "shared")
        #expect(stored.count == 2 * count)
        #expect(Set(stored) == Set(acknowledged))
        #expect(try store.integrityProblems() == [])
        // The two bursts really overlapped: each writer saved while the other was saving.
        let writers = stored.map { $0.text.prefix(1) }
        let switches = zip(writers, writers.dropFirst()).filter { $0 != $1 }.count
        #expect(switches >= 2, "the saves did not interleave (writer changed \(switches) times)")
        print("Two processes: \(stored.count) saves kept, writer changed \(switches) times along creation order")
    }
}

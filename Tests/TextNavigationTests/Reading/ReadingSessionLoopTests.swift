import Testing
import TextNavigation

/// A `for` loop over a reading session reads the session itself, not a copy (issue 28, item
/// 4): after `break` its position is where the loop stopped, and reading goes on from there.
@Suite struct ReadingSessionLoopTests {
    static func document() -> Document {
        Document(elements: [TextElement("It was late. Dr. Watson had gone."), TextElement("The fire was out.")])
    }

    /// Reads `session` with a `for` loop up to its first utterance, as a backend's loop would,
    /// and returns that utterance's text.
    static func readFirstUtterance(_ session: ReadingSession) -> String? {
        for event in session {
            if case .utterance(let utterance) = event { return utterance.text }
        }
        return nil
    }

    @Test func breakingOutOfAForLoopLeavesThePositionWhereItStopped() {
        let session = ReadingSession(document: Self.document(), granularity: .sentence)
        #expect(Self.readFirstUtterance(session) == "It was late.")
        #expect(session.position == ReadingPosition(element: 0, offset: 12))
        #expect(Self.readFirstUtterance(session) == "Dr. Watson had gone.")
        #expect(Self.readFirstUtterance(session) == "The fire was out.")
        #expect(session.position == ReadingPosition(element: 1, offset: 17))
    }

    @Test func aSecondLoopGoesOnWhereThePausedOneStopped() {
        let session = ReadingSession(document: Self.document(), granularity: .sentence)
        var heard: [String] = []
        for event in session {
            guard case .utterance(let utterance) = event else { continue }
            heard.append(utterance.text)
            if heard.count == 1 { session.pause() }
        }
        #expect(heard == ["It was late."])
        session.resume()
        for event in session {
            if case .utterance(let utterance) = event { heard.append(utterance.text) }
        }
        #expect(heard == ["It was late.", "Dr. Watson had gone.", "The fire was out."])
        #expect(session.state == .finished)
    }
}

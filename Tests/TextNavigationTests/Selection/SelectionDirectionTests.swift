import SeededRandom
import Testing
import TextNavigation
import TextNavigationBooks

/// Extending and shrinking in both directions, as UIKit's selection does: extend moves the focus
/// one unit away from the anchor, shrink takes exactly one unit off, never passing the anchor.
@Suite struct SelectionDirectionTests {
    static let text = """
        One two three.

        Four five. Six seven.

        * * *

        Eight, nine; ten? Eleven! Twelve thirteen fourteen fifteen sixteen seventeen eighteen \
        nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six.

        Last.

        """

    static func document() throws -> Document { Document(book: try PlainTextBook(text)) }

    static func position(_ element: Int, _ offset: Int) -> ReadingPosition {
        ReadingPosition(element: element, offset: offset)
    }

    @Test func aBackwardSelectionExtendsAwayFromTheAnchorAndShrinksBackToIt() throws {
        let controller = SelectionController(document: try Self.document())
        // "three", made from its end to its start.
        #expect(controller.select(from: Self.position(0, 13), to: Self.position(0, 8)))
        #expect(controller.selection.map { $0.focus < $0.anchor } == true)
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "two three")
        #expect(controller.selection?.focus == Self.position(0, 4))
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "One two three")
        #expect(!controller.extend(by: .word))
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "two three")
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "three")
        #expect(controller.shrink(by: .word))
        #expect(controller.selection?.isEmpty == true)
        #expect(controller.selection?.focus == Self.position(0, 13))
        #expect(!controller.shrink(by: .word))
    }

    @Test func aBackwardSelectionCrossesIntoThePreviousElementAndBack() throws {
        let controller = SelectionController(document: try Self.document())
        #expect(controller.select(from: Self.position(1, 4), to: Self.position(1, 0)))
        #expect(controller.selectedText == "Four")
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "three.\nFour")
        #expect(controller.extend(by: .sentence))
        #expect(controller.selectedText == "One two three.\nFour")
        #expect(controller.shrink(by: .sentence))
        #expect(controller.selectedText == "Four")
        #expect(controller.selection?.focus == Self.position(1, 0))
    }

    @Test func shrinkingBySentenceAfterExtendingByWordTakesOffOneSentence() throws {
        let controller = SelectionController(document: try Self.document())
        #expect(controller.select(.sentence, at: Self.position(1, 0)))
        #expect(controller.selectedText == "Four five.")
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "Four five. Six")
        #expect(controller.shrink(by: .sentence))
        #expect(controller.selectedText == "Four five.")
        // Backward, the mirror image.
        #expect(controller.select(from: Self.position(1, 21), to: Self.position(1, 11)))
        #expect(controller.selectedText == "Six seven.")
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "five. Six seven.")
        #expect(controller.shrink(by: .sentence))
        #expect(controller.selectedText == "Six seven.")
    }

    @Test func aTwoUnitSelectionAcrossElementsShrinksToOneUnit() throws {
        let controller = SelectionController(document: try Self.document())
        // A sentence and a word of the next element: shrinking by a sentence takes the word off.
        #expect(controller.select(.sentence, at: Self.position(0, 0)))
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "One two three.\nFour")
        #expect(controller.shrink(by: .sentence))
        #expect(controller.selectedText == "One two three.")
        #expect(controller.extend(by: .sentence))
        #expect(controller.selectedText == "One two three.\nFour five.")
        #expect(controller.shrink(by: .sentence))
        #expect(controller.selectedText == "One two three.")
        // Over an element with no word ("* * *") and back.
        #expect(controller.select(.word, at: Self.position(1, 15)))
        #expect(controller.extend(by: .word))
        #expect(controller.selectedText == "seven.\n* * *\nEight")
        #expect(controller.shrink(by: .word))
        #expect(controller.selectedText == "seven")
    }

    /// For every granularity, from random places in both directions: `n` extends followed by
    /// `n` shrinks pass back through the same selections to the first one.
    @Test(arguments: TextGranularity.allCases)
    func extendsFollowedByAsManyShrinksGiveBackTheFirstSelection(granularity: TextGranularity) throws {
        let document = try Self.document()
        let controller = SelectionController(document: document)
        var random = SplitMix64(seed: 0x5E1E_C7 &+ UInt64(TextGranularity.allCases.firstIndex(of: granularity) ?? 0))
        var crossed = 0
        for sample in 0..<60 {
            let element = Int.random(in: 0..<document.elements.count, using: &random)
            let length = document.elements[element].text.count
            // Half the samples start near the element's end, so extending crosses into the next.
            let offset =
                sample % 2 == 0
                ? Int.random(in: 0...length, using: &random) : max(0, length - Int.random(in: 0...3, using: &random))
            let backward = sample % 4 >= 2
            let start = Self.position(element, offset)
            if sample % 8 == 0 && !backward {
                #expect(controller.select(from: start, to: start))
            } else {
                guard controller.select(granularity, at: start), let selected = controller.selection else { continue }
                if backward { #expect(controller.select(from: selected.focus, to: selected.anchor)) }
            }
            guard let first = controller.selection else {
                Issue.record("no selection at \(start)")
                continue
            }
            let steps = Int.random(in: 1...4, using: &random)
            var seen = [first]
            for _ in 0..<steps where controller.extend(by: granularity) {
                guard let selection = controller.selection else { break }
                seen.append(selection)
            }
            if seen.last.map({ $0.focus.element != first.focus.element }) == true { crossed += 1 }
            for expected in seen.dropLast().reversed() {
                #expect(controller.shrink(by: granularity))
                #expect(
                    controller.selection == expected,
                    "\(granularity) \(backward ? "backward" : "forward") from \(first): shrank to \(String(describing: controller.selection)), not \(expected)"
                )
            }
        }
        if granularity != .document { #expect(crossed > 0, "no sample crossed an element boundary") }
    }
}

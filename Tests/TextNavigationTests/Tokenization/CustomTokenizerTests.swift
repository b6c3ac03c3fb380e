import Testing
import TextNavigation

/// A backend's own tokenizer per element (issue 28, item 6): a real word segmenter written here,
/// by a small dictionary, plugged into elements, and used end to end by navigation, read-all and
/// selection by word, while the other granularities and the other elements stay ICU's.
@Suite struct CustomTokenizerTests {
    /// Words by a dictionary, as a backend's segmenter for a script written without spaces
    /// would find them: in each run of ASCII letters, the longest dictionary word at each place
    /// (a letter no word starts with is a word alone); everything else is a gap. Other
    /// granularities are ICU's, from a `StringTokenizer` over the same text.
    final class DictionaryWordTokenizer: TextTokenizer {
        let words: [Range<Int>]
        let icu: StringTokenizer

        init(_ text: String, dictionary: Set<String>) throws {
            let units = Array(text.utf16)
            let longest = dictionary.map(\.utf16.count).max() ?? 1
            func isLetter(_ unit: UInt16) -> Bool { (65...90).contains(unit) || (97...122).contains(unit) }
            var found: [Range<Int>] = []
            var offset = 0
            while offset < units.count {
                guard isLetter(units[offset]) else {
                    offset += 1
                    continue
                }
                var runEnd = offset
                while runEnd < units.count, isLetter(units[runEnd]) { runEnd += 1 }
                let length =
                    (1...min(longest, runEnd - offset)).reversed().first { length in
                        dictionary.contains(String(decoding: units[offset..<offset + length], as: UTF16.self))
                    } ?? 1
                found.append(offset..<offset + length)
                offset += length
            }
            words = found
            icu = try StringTokenizer(text)
        }

        private static func isBackward(_ direction: TextDirection) -> Bool {
            if case .storage(.backward) = direction { return true }
            return false
        }

        /// The word holding `offset` going `backward` or forward.
        private func word(holding offset: Int, backward: Bool) -> Range<Int>? {
            words.first { backward ? $0.lowerBound < offset && offset <= $0.upperBound : $0.contains(offset) }
        }

        func rangeEnclosingPosition(
            _ position: TextPosition, with granularity: TextGranularity, inDirection direction: TextDirection
        ) -> TextRange? {
            guard granularity == .word else {
                return icu.rangeEnclosingPosition(position, with: granularity, inDirection: direction)
            }
            return word(holding: position.offset, backward: Self.isBackward(direction)).map { TextRange($0) }
        }

        func isPosition(
            _ position: TextPosition, atBoundary granularity: TextGranularity, inDirection direction: TextDirection
        ) -> Bool {
            guard granularity == .word else {
                return icu.isPosition(position, atBoundary: granularity, inDirection: direction)
            }
            let backward = Self.isBackward(direction)
            return words.contains { (backward ? $0.lowerBound : $0.upperBound) == position.offset }
        }

        func position(
            from position: TextPosition, toBoundary granularity: TextGranularity, inDirection direction: TextDirection
        ) -> TextPosition? {
            guard granularity == .word else {
                return icu.position(from: position, toBoundary: granularity, inDirection: direction)
            }
            let offset = position.offset
            if Self.isBackward(direction) {
                if let word = word(holding: offset, backward: true) { return TextPosition(offset: word.lowerBound) }
                return words.last { $0.upperBound < offset }.map { TextPosition(offset: $0.upperBound) }
            }
            if let word = word(holding: offset, backward: false) { return TextPosition(offset: word.upperBound) }
            return words.first { $0.lowerBound > offset }.map { TextPosition(offset: $0.lowerBound) }
        }

        func isPosition(
            _ position: TextPosition, withinTextUnit granularity: TextGranularity, inDirection direction: TextDirection
        ) -> Bool {
            guard granularity == .word else {
                return icu.isPosition(position, withinTextUnit: granularity, inDirection: direction)
            }
            return word(holding: position.offset, backward: Self.isBackward(direction)) != nil
        }
    }

    static let dictionary: Set<String> = ["the", "cat", "sat", "on", "mat", "a"]
    static let text = "thecatsat on themat."

    /// A document of an element with the dictionary tokenizer, then one with ICU's alone.
    static func document() throws -> Document {
        let custom = TextElement(
            text: TextStorage(text), customTokenizer: try DictionaryWordTokenizer(text, dictionary: dictionary))
        return Document(elements: [custom, TextElement("thecatsat on themat.")])
    }

    @Test func theDictionaryTokenizerSplitsWhatICUKeepsWhole() throws {
        #expect(try StringTokenizer(Self.text).units(for: .word).ranges.count == 3)
        let tokenizer = try StringTokenizer(
            storage: TextStorage(Self.text),
            customTokenizer: DictionaryWordTokenizer(Self.text, dictionary: Self.dictionary))
        #expect(tokenizer.units(for: .word).ranges == [0..<3, 3..<6, 6..<9, 10..<12, 13..<16, 16..<19])
        #expect(tokenizer.customGranularities == [.word])
        // The four queries answer from its units; sentences stay ICU's.
        #expect(
            tokenizer.rangeEnclosingPosition(TextPosition(offset: 4), with: .word, inDirection: .storage(.forward))
                == TextRange(3..<6))
        #expect(tokenizer.units(for: .sentence).ranges == [0..<20])
    }

    @Test func navigationByWordUsesEachElementsTokenizer() throws {
        var navigator = Navigator(document: try Self.document())
        // The cursor starts on the first word; each move goes to the next.
        var words = [navigator.currentUnit(.word)].compactMap { $0.map { "\($0.element):\($0.text)" } }
        while let unit = navigator.move(.forward, by: .word) { words.append("\(unit.element):\(unit.text)") }
        #expect(words == ["0:the", "0:cat", "0:sat", "0:on", "0:the", "0:mat", "1:thecatsat", "1:on", "1:themat"])
        var backward: [String] = []
        while let unit = navigator.move(.backward, by: .word) { backward.append("\(unit.element):\(unit.text)") }
        #expect(backward == ["1:on", "1:thecatsat", "0:mat", "0:the", "0:on", "0:sat", "0:cat", "0:the"])
    }

    @Test func readAllByWordUsesEachElementsTokenizer() throws {
        let document = try Self.document()
        let words = ReadingSession(document: document, granularity: .word).compactMap { event -> String? in
            guard case .utterance(let utterance) = event else { return nil }
            return utterance.text
        }
        #expect(words == ["the", "cat", "sat", "on", "the", "mat", "thecatsat", "on", "themat"])
        let sentences = ReadingSession(document: document, granularity: .sentence).compactMap { event -> String? in
            guard case .utterance(let utterance) = event else { return nil }
            return utterance.text
        }
        #expect(sentences == [Self.text, Self.text])
    }

    @Test func selectionByWordUsesTheElementsTokenizer() throws {
        let selection = SelectionController(document: try Self.document())
        #expect(selection.select(.word, at: ReadingPosition(element: 0, offset: 4)))
        #expect(selection.selectedText == "cat")
        #expect(selection.extend(by: .word))
        #expect(selection.selectedText == "catsat")
    }

    /// A tokenizer that answers badly (a range past the text's end, ends inside a surrogate
    /// pair, no progress) gives units that keep the engine's invariants, and no crash.
    struct CarelessTokenizer: TextTokenizer {
        func rangeEnclosingPosition(
            _ position: TextPosition, with granularity: TextGranularity, inDirection direction: TextDirection
        ) -> TextRange? {
            position.offset == 0 ? TextRange(-3..<1) : TextRange(position.offset..<position.offset + 100)
        }
        func isPosition(
            _ position: TextPosition, atBoundary granularity: TextGranularity, inDirection direction: TextDirection
        ) -> Bool { true }
        func position(
            from position: TextPosition, toBoundary granularity: TextGranularity, inDirection direction: TextDirection
        ) -> TextPosition? { position }
        func isPosition(
            _ position: TextPosition, withinTextUnit granularity: TextGranularity, inDirection direction: TextDirection
        ) -> Bool { true }
    }

    @Test func aCarelessTokenizersUnitsKeepTheInvariants() throws {
        let text = "😀 ok"
        let tokenizer = try StringTokenizer(
            storage: TextStorage(text), customTokenizer: CarelessTokenizer(), customGranularities: [.word, .line])
        #expect(tokenizer.customGranularities == [.word])
        // 0..<1 ends inside the emoji's surrogate pair: widened to the pair; then the rest.
        #expect(tokenizer.units(for: .word).ranges == [0..<2, 2..<5])
        let document = Document(elements: [TextElement(text: TextStorage(text), customTokenizer: CarelessTokenizer())])
        #expect(ReadingSession(document: document, granularity: .word).count { $0 != .end } == 2)
    }
}

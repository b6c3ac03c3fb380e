extension ReadAloudPlayer {
    /// The element's words (its reading units by word, so a paragraph with no word is marked by
    /// its sentences) that meet `range`, clipped to it.
    static func words(of element: any NavigableElement, in range: Range<Int>) -> [Range<Int>] {
        let segments = element.stringTokenizer.readingUnits(for: .word)
        var index = segments.firstIndex(endingAfter: range.lowerBound)
        var words: [Range<Int>] = []
        while index < segments.count, segments[index].lowerBound < range.upperBound {
            let word = segments[index]
            words.append(max(word.lowerBound, range.lowerBound)..<min(word.upperBound, range.upperBound))
            index += 1
        }
        return words
    }

    /// What an event announces, as the player speaks it: a page turn's and a print page's
    /// ("Page 169") at high priority, a heading's "Heading" and custom content ("Author: Lewis
    /// Carroll") at default priority (an utterance's text, for completeness).
    public static func announcement(for event: ReadingEvent) -> Announcement {
        switch event {
        case .pageTurn(_, _, let text): Announcement(text, priority: .high)
        case .printPage(_, let label): Announcement("Page \(label)", priority: .high)
        case .customContent(_, let content): Announcement("\(content.label): \(content.value)")
        case .heading: Announcement("Heading")
        case .utterance(let utterance): Announcement(utterance.text)
        case .end: Announcement("")
        }
    }

    /// When each word of `request` is heard, in milliseconds from the start, for an engine
    /// without word marks: when the text before it would have been said at the rate (a word
    /// being about six UTF-16 units with its space).
    static func estimatedWordTimes(of request: SpeechRequest) -> [Int] {
        let millisecondsPerUnit = 60_000.0 / (Double(max(request.settings.rate, 1)) * 6)
        return request.words.map { Int(Double($0.lowerBound - request.range.lowerBound) * millisecondsPerUnit) }
    }
}

extension ReadAloudPlayer {
    /// Whether `utterance` ends a sentence: no unit of its element read after it (at its
    /// granularity) starts in the sentence its last character is in, or it is read by its label.
    func endsSentence(_ utterance: Utterance) -> Bool {
        guard !utterance.isLabel, utterance.range.upperBound > 0 else { return true }
        let tokenizer = document.elements[utterance.element].stringTokenizer
        let sentences = tokenizer.units(for: .sentence)
        let sentence = sentences.firstIndex(endingAfter: utterance.range.upperBound - 1)
        let units = tokenizer.readingUnits(for: utterance.granularity)
        let next = units.firstIndex(endingAfter: utterance.range.upperBound)
        guard sentence < sentences.count, next < units.count else { return true }
        return units[next].lowerBound >= sentences[sentence].upperBound
    }
}

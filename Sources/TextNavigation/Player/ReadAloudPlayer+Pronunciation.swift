extension ReadAloudPlayer {
    /// How `range` of `utterance`'s element is said where not as written: its heading number
    /// silent when `skipping` has ``ContentKind/headingNumber`` (a heading that is a number
    /// alone is silent whole when a heading follows it, its title), then what `source` gives.
    /// What the player puts in each ``SpeechRequest/pronunciations``, for a front end that
    /// shows or sends them.
    public static func pronunciations(
        of utterance: Utterance, in range: Range<Int>? = nil, document: Document, skipping: Set<ContentKind>,
        source: (any PronunciationSource)?
    ) -> [Pronunciation] {
        guard !utterance.isLabel, document.elements.indices.contains(utterance.element) else { return [] }
        let range = range ?? utterance.range
        var layers: [[Pronunciation]] = []
        let element = document.elements[utterance.element]
        if skipping.contains(.headingNumber), element.traits.contains(.heading),
            let heading = element.text.string(in: 0..<element.text.count),
            let number = HeadingNumber.range(in: heading, whole: isFollowedByHeading(utterance.element, in: document)),
            range.contains(number.lowerBound)
        {
            let silent = number.lowerBound..<min(number.upperBound, range.upperBound)
            layers.append([Pronunciation(range: silent, spoken: .silence)])
        }
        if let source {
            layers.append(source.pronunciations(ofElement: utterance.element, in: range, language: utterance.language))
        }
        return Pronunciation.layered(layers)
    }

    /// Whether the element after `element` is a heading.
    private static func isFollowedByHeading(_ element: Int, in document: Document) -> Bool {
        element + 1 < document.elements.count && document.elements[element + 1].traits.contains(.heading)
    }

    /// ``pronunciations(of:in:document:skipping:source:)`` with this player's document,
    /// skipped kinds and source.
    func pronunciations(of utterance: Utterance, in range: Range<Int>) -> [Pronunciation] {
        Self.pronunciations(
            of: utterance, in: range, document: document, skipping: skipping, source: pronunciations)
    }
}

import Testing
import TextNavigation
import TextNavigationBooks

/// Indented lines of a hard-wrapped file: a wrapped block (a quoted letter, a block quote)
/// reads as one paragraph; verse and contents stay one line a paragraph.
@Suite struct IndentedLinesTests {
    /// A letter inside a novel, as Project Gutenberg sets Pride and Prejudice's: indented five
    /// spaces and wrapped as the narrative around it is.
    static let letter = """
        Jane had not been gone long before a note was brought to her from
        Netherfield, and the servant waited for an answer. Mrs. Bennet’s eyes
        sparkled with pleasure, and she was eagerly calling out, while her
        daughter read,--

        “Well, Jane, who is it from? What is it about? What does he say? Well,
        Jane, make haste and tell us; make haste, my love.”

        “It is from Miss Bingley,” said Jane, and then read it aloud.

             “MY DEAR FRIEND,--

             “If you are not so compassionate as to dine to-day with Louisa and
             me, we shall be in danger of hating each other for the rest of our
             lives, for a whole day’s tête-à-tête between two women can never end
             without a quarrel. Come as soon as you can on receipt of this. My
             brother and the gentlemen are to dine with the officers.--Yours ever,

                                                          “CAROLINE BINGLEY.”

        “With the officers!” cried Lydia: “I wonder my aunt did not tell us of
        that.”

        """

    @Test func aWrappedIndentedLetterReadsAsWholeSentences() throws {
        let book = try PlainTextBook(Self.letter)
        let texts = book.paragraphs.map(\.text.string)
        let body =
            "“If you are not so compassionate as to dine to-day with Louisa and me, we shall be in danger of hating each other for the rest of our lives, for a whole day’s tête-à-tête between two women can never end without a quarrel. Come as soon as you can on receipt of this. My brother and the gentlemen are to dine with the officers.--Yours ever,"
        #expect(texts.count == 7)
        #expect(texts.dropFirst(3).prefix(3) == ["“MY DEAR FRIEND,--", body, "“CAROLINE BINGLEY.”"])
        let paragraph = try #require(book.paragraphs.first { $0.text.string == body })
        let tokenizer = try StringTokenizer(storage: paragraph.text, locale: "en")
        let sentences = tokenizer.units(for: .sentence).ranges.map { paragraph.text.string(in: $0) ?? "?" }
        #expect(
            sentences == [
                "“If you are not so compassionate as to dine to-day with Louisa and me, we shall be in danger of hating each other for the rest of our lives, for a whole day’s tête-à-tête between two women can never end without a quarrel.",
                "Come as soon as you can on receipt of this.",
                "My brother and the gentlemen are to dine with the officers.--Yours ever,",
            ])
        // The soft wraps still lead back to the letter's line breaks.
        let letter = Array(Self.letter.utf8)
        let wraps = paragraph.sourceMap.anchors.filter(\.isSoftWrap)
        #expect(wraps.count == 4)
        #expect(wraps.allSatisfy { letter[$0.byteOffset] == 0x0A })
    }

    /// The verse in Alice stays a line a paragraph, whether its lines are indented or not, and
    /// so does the table of contents.
    @Test func alicesVerseKeepsOneLinePerParagraph() throws {
        let texts = try PlainTextBook(contentsOf: "Books/alice-in-wonderland.txt").paragraphs.map(\.text.string)
        func lines(from first: String, count: Int) -> [String] {
            guard let start = texts.firstIndex(of: first) else { return [] }
            return Array(texts[start..<min(texts.count, start + count)])
        }
        #expect(
            lines(from: "“How doth the little crocodile", count: 8) == [
                "“How doth the little crocodile", "Improve his shining tail,", "And pour the waters of the Nile",
                "On every golden scale!", "“How cheerfully he seems to grin,", "How neatly spread his claws,",
                "And welcome little fishes in", "With gently smiling jaws!”",
            ])
        #expect(
            lines(from: "“You are old, Father William,” the young man said,", count: 4) == [
                "“You are old, Father William,” the young man said,", "“And your hair has become very white;",
                "And yet you incessantly stand on your head—", "Do you think, at your age, it is right?”",
            ])
        #expect(
            lines(from: "CHAPTER I.     Down the Rabbit-Hole", count: 3) == [
                "CHAPTER I.     Down the Rabbit-Hole", "CHAPTER II.    The Pool of Tears",
                "CHAPTER III.   A Caucus-Race and a Long Tale",
            ])
    }

    /// Each line of a verse block whose lines are all indented alike stays a paragraph: none is
    /// long enough to have been wrapped.
    @Test func shortIndentedLinesStayApart() throws {
        let prose = String(repeating: "The words of a paragraph wrapped at seventy columns, as usual. ", count: 6)
        let wrapped = prose.split(separator: " ").reduce(into: [""]) { lines, word in
            if lines[lines.count - 1].count + word.count + 1 > 70 { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
        }
        let text =
            wrapped.joined(separator: "\n")
            + "\n\n    Twinkle, twinkle, little bat!\n    How I wonder what you’re at!\n    Up above the world you fly,\n"
        let texts = try PlainTextBook(text).paragraphs.map(\.text.string)
        #expect(
            texts.dropFirst() == [
                "Twinkle, twinkle, little bat!", "How I wonder what you’re at!", "Up above the world you fly,",
            ])
    }
}

import TextNavigation

/// Which lines of a plain-text book are headings (rule 4 of ``PlainTextBook``), asked of the
/// file's bytes by ``ParagraphAssembler``: a markdown `# Title`, and a chapter line such as
/// `CHAPTER I.`, `Chapter 12. Loomings`, `EPILOGUE`, `第一章`, `第三十五回` or
/// `第一回　靈根育孕源流出　心性修持大道生` (whether one stands alone in its block, the assembler
/// tells).
struct HeadingRules {
    let source: UnsafeBufferPointer<UInt8>

    /// How many bytes of `# ` marker start the line (0 when it is not a markdown heading).
    func markdownHeadingPrefix(_ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound, source[index] == 0x23, index - range.lowerBound < 6 { index += 1 }
        guard index > range.lowerBound, index < range.upperBound, source[index] == 0x20 else { return 0 }
        return index + 1 - range.lowerBound
    }

    /// Whether the line (trimmed) reads like a chapter line, in English (``isEnglishChapterLine(_:)``)
    /// or in Chinese or Japanese (``isNumberedChapterLine(_:)``).
    func isChapterLine(_ range: Range<Int>) -> Bool {
        isEnglishChapterLine(range) || isNumberedChapterLine(range)
    }

    /// Whether a line under a chapter line reads as its title: it does not start in lower case
    /// (as a sentence's continuation would).
    func isTitleLine(_ range: Range<Int>) -> Bool {
        guard range.count <= 120 else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        return !(text.first?.isLowercase ?? true)
    }

    // MARK: English

    private static let chapterWords: Set<String> = [
        "CHAPTER", "Chapter", "BOOK", "Book", "PART", "Part", "VOLUME", "Volume", "ACT", "Act", "SCENE",
        "Scene", "EPILOGUE", "Epilogue", "PROLOGUE", "Prologue",
    ]

    /// The chapter words as bytes, for ``startsWithChapterWord(_:)``.
    private static let chapterWordBytes: [[UInt8]] = chapterWords.map { Array($0.utf8) }

    /// Whether the line's first word (up to a space, without one final full stop) is one of the
    /// chapter words: a check on bytes, without allocating, that spares most lines
    /// ``isEnglishChapterLine(_:)``'s string work (a book is mostly lines that are not headings).
    private func startsWithChapterWord(_ range: Range<Int>) -> Bool {
        var end = range.lowerBound
        while end < range.upperBound, source[end] != 0x20, end - range.lowerBound <= 9 { end += 1 }
        if end > range.lowerBound, source[end - 1] == 0x2E { end -= 1 }
        let length = end - range.lowerBound
        guard length >= 3, length <= 8 else { return false }
        return Self.chapterWordBytes.contains { word in
            word.count == length && word.indices.allSatisfy { word[$0] == source[range.lowerBound + $0] }
        }
    }

    /// Whether the line reads like `CHAPTER I.`, `Chapter 12. Loomings` or `EPILOGUE`.
    private func isEnglishChapterLine(_ range: Range<Int>) -> Bool {
        guard range.count <= 80, startsWithChapterWord(range) else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else { return false }
        let keyword = first.hasSuffix(".") ? String(first.dropLast()) : String(first)
        guard Self.chapterWords.contains(keyword) else { return false }
        if keyword.lowercased() == "epilogue" || keyword.lowercased() == "prologue" { return words.count <= 4 }
        guard words.count >= 2 else { return false }
        var number = words[1]
        while let last = number.last, last == "." || last == ":" { number = number.dropLast() }
        let isRoman = !number.isEmpty && number.allSatisfy { "IVXLCDM".contains($0) }
        let isDigits = !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
        // A title may follow on the line ("Chapter 12. Loomings"); running prose may not.
        let titleStartsWell = words.count < 3 || !(words[2].first?.isLowercase ?? false)
        return (isRoman || isDigits) && titleStartsWell
    }

    // MARK: Chinese and Japanese

    /// 第, the mark of an ordinal, as UTF-8.
    private static let ordinalMark: [UInt8] = [0xE7, 0xAC, 0xAC]

    /// Chinese numerals (and ASCII and full-width digits are numerals too). Zero is 零, or 〇
    /// (U+3007) or ○ (U+25CB WHITE CIRCLE), as novels number chapters digit by digit: 第一○回
    /// (10), 第二○回 (20), 第一○○回 (100) in Project Gutenberg's 西遊記.
    private static let numerals: Set<Unicode.Scalar> = [
        "\u{3007}", "\u{25CB}", "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "廿", "卅", "百", "千", "万", "萬",
        "两",
        "兩", "壹", "貳", "贰", "參", "叁", "肆", "伍", "陸", "陆", "柒", "捌", "玖", "拾", "佰", "仟",
    ]

    /// What a chapter is counted in: 回 (a chapter of a Chinese novel), 章, 節, 卷, 部, 篇, 話, 幕, 集.
    private static let counters: Set<Unicode.Scalar> = [
        "回", "章", "節", "节", "卷", "巻", "部", "篇", "話", "话", "幕", "集",
    ]

    /// Marks that end a sentence, which a heading's title does not end with.
    private static let sentenceEnds: Set<Unicode.Scalar> = ["。", "．", "！", "？", "!", "?"]

    /// Whether the line reads like `第一章`, `第三十五回` or `第一回　靈根育孕源流出　心性修持大道生`:
    /// 第, a number (Chinese numerals or digits), a counter, then the end of the line, or white
    /// space and a title that does not end as a sentence does ("第一回說的是…" is prose).
    private func isNumberedChapterLine(_ range: Range<Int>) -> Bool {
        // At least 第, one digit and a counter: 7 bytes (`第1章`).
        guard range.count >= 7, range.count <= 180,
            Self.ordinalMark.indices.allSatisfy({ source[range.lowerBound + $0] == Self.ordinalMark[$0] })
        else { return false }
        let text = String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        var scalars = text.unicodeScalars.dropFirst()
        let digits = scalars.prefix { Self.numerals.contains($0) || Self.isDigit($0) }
        guard !digits.isEmpty, digits.count <= 8 else { return false }
        scalars = scalars.dropFirst(digits.count)
        guard let counter = scalars.first, Self.counters.contains(counter) else { return false }
        scalars = scalars.dropFirst()
        guard let next = scalars.first else { return true }
        guard next.properties.isWhitespace, let last = scalars.last else { return false }
        return !Self.sentenceEnds.contains(last)
    }

    /// Whether `scalar` is an ASCII or a full-width digit.
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("０"..."９").contains(scalar)
    }
}

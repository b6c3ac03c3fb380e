/// ``SourceSizeScanner/blankingCommentsAndStrings(_:)`` as it walks a source's bytes: where it
/// is, in what, and the bytes blanked so far.
struct CommentAndStringBlanker {
    /// Code (the file, or an interpolation with its open parentheses), or a string literal.
    enum Context {
        case code(interpolation: Bool, parentheses: Int)
        case string(hashes: Int, multiline: Bool)
    }

    static let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*"), backslash = UInt8(ascii: "\\"), newline = UInt8(ascii: "\n")

    let source: [UInt8]
    /// `source` with what is walked so far blanked.
    var out: [UInt8]
    var stack = [Context.code(interpolation: false, parentheses: 0)]
    var index = 0

    init(source: [UInt8]) {
        self.source = source
        out = source
    }

    func byte(_ offset: Int) -> UInt8? { index + offset < source.count ? source[index + offset] : nil }

    /// Whether `count` hashes follow `offset` bytes on.
    func hashes(_ count: Int, at offset: Int) -> Bool { (0..<count).allSatisfy { byte(offset + $0) == Self.hash } }

    /// Blanks the next `count` bytes but line breaks, and moves past them.
    mutating func blank(_ count: Int) {
        for offset in index..<min(index + count, source.count) where source[offset] != Self.newline {
            out[offset] = UInt8(ascii: " ")
        }
        index += count
    }

    /// One step in code: a comment blanked whole, a string literal's opening, an
    /// interpolation's parenthesis, or a byte of code kept.
    mutating func stepInCode(interpolation: Bool, parentheses: Int) {
        let current = source[index]
        if current == Self.slash, byte(1) == Self.slash {
            var end = index
            while end < source.count, source[end] != Self.newline { end += 1 }
            blank(end - index)
        } else if current == Self.slash, byte(1) == Self.star {
            blankBlockComment()
        } else if current == Self.quote || current == Self.hash {
            var count = 0
            while byte(count) == Self.hash { count += 1 }
            guard byte(count) == Self.quote else {
                index += max(count, 1)
                return
            }
            let multiline = byte(count + 1) == Self.quote && byte(count + 2) == Self.quote
            stack.append(.string(hashes: count, multiline: multiline))
            blank(count + (multiline ? 3 : 1))
        } else if interpolation, current == UInt8(ascii: "(") {
            stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses + 1)
            index += 1
        } else if interpolation, current == UInt8(ascii: ")") {
            if parentheses == 0 {
                stack.removeLast()
                blank(1)
            } else {
                stack[stack.count - 1] = .code(interpolation: true, parentheses: parentheses - 1)
                index += 1
            }
        } else {
            index += 1
        }
    }

    /// Blanks a block comment, nested ones included.
    mutating func blankBlockComment() {
        var depth = 0
        repeat {
            if byte(0) == Self.slash, byte(1) == Self.star {
                depth += 1
                blank(2)
            } else if byte(0) == Self.star, byte(1) == Self.slash {
                depth -= 1
                blank(2)
            } else {
                blank(1)
            }
        } while depth > 0 && index < source.count
    }

    /// One step in a string literal opened with `count` hashes: an interpolation's opening, an
    /// escape, the literal's end, or a byte of its text, each blanked.
    mutating func stepInString(hashes count: Int, multiline: Bool) {
        let current = source[index]
        if current == Self.backslash, hashes(count, at: 1) {
            if byte(count + 1) == UInt8(ascii: "(") {
                blank(count + 2)
                stack.append(.code(interpolation: true, parentheses: 0))
            } else {
                blank(count + 2)  // an escape: the backslash, hashes and the escaped byte
            }
        } else if current == Self.quote, !multiline || (byte(1) == Self.quote && byte(2) == Self.quote),
            hashes(count, at: multiline ? 3 : 1)
        {
            stack.removeLast()
            blank((multiline ? 3 : 1) + count)
        } else {
            blank(1)
        }
    }
}

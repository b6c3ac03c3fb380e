import Foundation

/// Measures Swift source the way the house rules count it: a file's lines, and the lines of
/// each function, initializer, deinitializer, subscript and property body (a computed
/// property, a closure or a long initial value in braces) outside functions.
///
/// Not a parser: comments and string literals (with their interpolations, raw and multi-line
/// ones included) are blanked out, then declarations are found by their keywords and their
/// bodies by counting braces.
struct SourceSizeScanner {
    /// A body the scanner measured.
    struct Body: Equatable {
        /// `func name(label:)`, `init(label:)`, `deinit`, `subscript(label:)` or `var name`.
        var name: String
        /// The line of the declaration's keyword, from 1.
        var line: Int
        /// The lines of the opening and the closing brace, from 1.
        var braces: ClosedRange<Int>
        /// Whether a comment directly above the declaration gives the reason it is long.
        var hasReason: Bool

        /// Lines from the one with the opening brace to the one with the closing brace.
        var lineCount: Int { braces.count }
    }

    /// What starts a comment giving the reason a function or a file is long; a reason must
    /// follow it.
    static let marker = "// Long because:"

    /// The file's lines, as `wc -l` counts them (a last line without a newline counts).
    let lines: [Substring]
    /// The lines with comments and the contents of string literals blanked out.
    let code: [[UInt8]]

    init(source: String) {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        self.lines = lines
        var code = Self.blankingCommentsAndStrings(Array(source.utf8))
            .split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if code.count > lines.count { code.removeLast(code.count - lines.count) }
        self.code = code
    }

    /// Whether the comments before the file's first declaration give the reason it is long.
    var fileHasReason: Bool {
        for line in lines {
            let text = line.drop { $0 == " " }
            if text.hasPrefix(Self.marker) { return Self.givesReason(text) }
            if !text.isEmpty, !text.hasPrefix("//"), !text.hasPrefix("import ") { return false }
        }
        return false
    }

    /// Every body found, in the order of their declarations.
    func bodies() -> [Body] {
        var bodies: [Body] = []
        for index in code.indices {
            guard let (name, column) = functionDeclaration(at: index) else { continue }
            guard let (open, close) = bodyLines(from: index, column: column) else { continue }
            bodies.append(body(name, at: index, braces: open, close))
        }
        // Properties outside functions: the braces opened on the declaration's line.
        let functions = bodies.map { $0.line...$0.braces.upperBound }
        for index in code.indices where !functions.contains(where: { $0.contains(index + 1) }) {
            guard let (name, column) = propertyDeclaration(in: code[index]),
                let (open, close) = braces(from: index, column: column, stopAtLineEnd: true)
            else { continue }
            bodies.append(body(name, at: index, braces: open, close))
        }
        return bodies.sorted { $0.line < $1.line }
    }

    private func body(_ name: String, at index: Int, braces open: Int, _ close: Int) -> Body {
        Body(name: name, line: index + 1, braces: (open + 1)...(close + 1), hasReason: hasReason(above: index))
    }

    // MARK: Declarations

    /// The name of the function-like declaration on line `index` and the column after its
    /// keyword.
    private func functionDeclaration(at index: Int) -> (String, Int)? {
        let line = code[index]
        // The signature, which may go on over the next lines.
        let signature = Array(code[index..<min(index + 12, code.count)].joined(separator: [UInt8(ascii: " ")]))
        var column = 0
        while let (word, start, end) = Self.word(in: line, from: column) {
            column = end
            // `x.init(` and `super.init(` are calls, not declarations.
            if start > 0, line[start - 1] == UInt8(ascii: ".") { continue }
            switch word {
            case "func":
                guard let (name, nameEnd) = Self.functionName(in: line, from: end) else { continue }
                return ("func " + name + labels(in: signature, from: nameEnd), nameEnd)
            case "init", "subscript":
                var after = end
                if after < line.count, line[after] == UInt8(ascii: "?") || line[after] == UInt8(ascii: "!") {
                    after += 1
                }
                let next = Self.skippingSpaces(line, from: after)
                guard next < line.count, line[next] == UInt8(ascii: "(") || line[next] == UInt8(ascii: "<") else {
                    continue
                }
                return (word + labels(in: signature, from: next), after)
            case "deinit":
                return ("deinit", end)
            default:
                continue
            }
        }
        return nil
    }

    /// The name of a `var` or `let` declared on `line` (after its attributes and modifiers)
    /// and the column after it, when the line opens a brace.
    private func propertyDeclaration(in line: [UInt8]) -> (String, Int)? {
        guard line.contains(UInt8(ascii: "{")) else { return nil }
        var column = 0
        while let (word, _, end) = Self.word(in: line, from: column) {
            column = end
            if word == "var" || word == "let" {
                guard let (name, _, _) = Self.word(in: line, from: end) else { return nil }
                return (word + " " + name, end)
            }
            // Only attributes and modifiers may come before the keyword.
            let modifiers: Set<Substring> = [
                "public", "package", "internal", "fileprivate", "private", "open", "static", "class", "final",
                "lazy", "nonisolated", "unsafe", "weak", "unowned", "override", "mutating", "set",
            ]
            let isAttribute = end - word.count > 0 && line[end - word.count - 1] == UInt8(ascii: "@")
            guard isAttribute || modifiers.contains(word) else { return nil }
        }
        return nil
    }

    /// `(label:label:)` for the parameter list opening at or after `column` of `line`.
    private func labels(in line: [UInt8], from column: Int) -> String {
        guard var index = line[column...].firstIndex(of: UInt8(ascii: "(")) else { return "" }
        var labels = ""
        var depth = 0
        var expectsLabel = true
        index += 1
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: ">") {
                if depth == 0 { break }
                depth -= 1
            }
            if depth == 0, byte == UInt8(ascii: ",") { expectsLabel = true }
            if expectsLabel, let (word, _, end) = Self.word(in: line, from: index), word != "" {
                if word.first.map({ $0.isLetter || $0 == "_" }) == true {
                    labels += word + ":"
                    expectsLabel = false
                    index = end
                    continue
                }
            }
            index += 1
        }
        return "(" + labels + ")"
    }

    // MARK: Bodies

    /// The lines of the opening and closing brace of the body of the declaration whose keyword
    /// ends at `column` of line `index`, or `nil` when it has none (a protocol requirement).
    ///
    /// The signature may go on over several lines: inside parentheses, after a trailing comma
    /// or arrow, or before a line starting with `{`, `->`, `throws`, `rethrows`, `async` or
    /// `where`.
    private func bodyLines(from index: Int, column: Int) -> (Int, Int)? {
        var depth = 0
        var row = index
        var start = column
        while row < code.count {
            let line = code[row]
            for position in start..<line.count {
                switch line[position] {
                case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: "{") where depth == 0:
                    return braces(from: row, column: position, stopAtLineEnd: false)
                case UInt8(ascii: "}") where depth == 0: return nil
                default: break
                }
            }
            let trimmed = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            guard row + 1 < code.count else { return nil }
            let next = String(decoding: code[row + 1], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let continues =
                depth > 0 || trimmed.hasSuffix(",") || trimmed.hasSuffix("->")
                || ["{", "->", "throws", "rethrows", "async", "where"].contains { next.hasPrefix($0) }
            guard continues else { return nil }
            row += 1
            start = 0
        }
        return nil
    }

    /// The lines of the first `{` at or after `column` on line `index` and of its matching `}`;
    /// `nil` when there is no such brace on the line (`stopAtLineEnd`) or it is never closed.
    private func braces(from index: Int, column: Int, stopAtLineEnd: Bool) -> (Int, Int)? {
        var depth = 0
        var open: Int?
        var row = index
        var start = column
        while row < code.count {
            for byte in code[row][start...] {
                if byte == UInt8(ascii: "{") {
                    if open == nil { open = row }
                    depth += 1
                } else if byte == UInt8(ascii: "}"), open != nil {
                    depth -= 1
                    if depth == 0 { return (open!, row) }
                }
            }
            if open == nil, stopAtLineEnd { return nil }
            row += 1
            start = 0
        }
        return nil
    }

    /// Whether a comment among the comments and attributes directly above line `index` starts
    /// with ``marker`` and gives a reason.
    private func hasReason(above index: Int) -> Bool {
        var row = index - 1
        while row >= 0 {
            let text = lines[row].drop { $0 == " " }
            if text.hasPrefix(Self.marker) { return Self.givesReason(text) }
            guard text.hasPrefix("//") || text.hasPrefix("@") else { return false }
            row -= 1
        }
        return false
    }

    /// Whether words follow the marker on a marker line.
    private static func givesReason(_ line: Substring) -> Bool {
        line.dropFirst(marker.count).contains { $0.isLetter }
    }

    // MARK: Lexing

    /// The next identifier-like word in `line` at or after `column` (letters, digits, `_`, or a
    /// run of operator characters), with where it starts and ends.
    private static func word(in line: [UInt8], from column: Int) -> (Substring, Int, Int)? {
        var start = column
        while start < line.count, !isWordByte(line[start]) { start += 1 }
        guard start < line.count else { return nil }
        var end = start
        while end < line.count, isWordByte(line[end]) { end += 1 }
        return (Substring(String(decoding: line[start..<end], as: UTF8.self)), start, end)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || byte >= 0x80
    }

    /// A function's name after `func` (an identifier or an operator) and where it ends.
    private static func functionName(in line: [UInt8], from column: Int) -> (String, Int)? {
        let start = skippingSpaces(line, from: column)
        var end = start
        let stops: Set<UInt8> = [UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: " ")]
        while end < line.count, !stops.contains(line[end]) { end += 1 }
        // An operator named with `<` (`func <(`, `func <=(`).
        if end == start { while end < line.count, line[end] != UInt8(ascii: "(") { end += 1 } }
        guard end > start else { return nil }
        return (String(decoding: line[start..<end], as: UTF8.self), end)
    }

    private static func skippingSpaces(_ line: [UInt8], from column: Int) -> Int {
        var index = column
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// `source` with every byte of a comment or of a string literal's text (not of its
    /// interpolations) replaced by a space, line breaks kept.
    static func blankingCommentsAndStrings(_ source: [UInt8]) -> [UInt8] {
        var blanker = CommentAndStringBlanker(source: source)
        while blanker.index < source.count {
            switch blanker.stack[blanker.stack.count - 1] {
            case .code(let interpolation, let parentheses):
                blanker.stepInCode(interpolation: interpolation, parentheses: parentheses)
            case .string(let hashes, let multiline):
                blanker.stepInString(hashes: hashes, multiline: multiline)
            }
        }
        return blanker.out
    }
}

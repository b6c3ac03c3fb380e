import TextNavigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A stretch of a plain-text book's file read (`pread`, never mapped) and assembled on its own:
/// the paragraphs around one place of the book, the same (text, kind, source map, counted from
/// ``byteBase``) as the paragraphs the whole book has there, found without reading the file.
///
/// The decisions a whole load makes for the whole file are made the same way: the sample of the
/// file's first lines (hard-wrapped or not, and the wrap width) is read from the file's head;
/// the window starts and ends where a chunk of a whole load can (``ParagraphAssembler/cut(after:before:hardWrapped:)``),
/// so its paragraphs are the ones a pass over the whole file finds there. Aozora Bunko markup is
/// left out or kept by a decision about the whole file (a ruby reading `《…》` somewhere, and an
/// editor's note `［＃` or the colophon's `底本：` somewhere): a window that may hold markup (`《`,
/// `｜`, `［`) is made only when the head and the window show both, so the whole file leaves
/// the markup out (an Aozora Bunko file's head explains its markup, and shows both).
///
/// `nil` (the caller loads the whole book instead) for: lossy reading (offsets after a repair
/// count the repaired text), a file whose sample of first lines takes more than ``headLimit``
/// bytes, a file that is not a regular file, is empty or past 2 GiB, starts
/// with a UTF-16 or UTF-32 byte-order mark, has invalid UTF-8 or a NUL byte in its head or in
/// the window, a window that may hold Aozora markup the whole file may keep, no paragraph whose
/// text starts at the
/// byte asked for (the file was edited), or a file that ends early while it is read.
struct BookWindow {
    /// The window's paragraphs, a book of their own.
    let book: PlainTextBook
    /// Where the window starts in the file: its paragraphs' source-map byte offsets count from
    /// here.
    let byteBase: Int
    /// The window's paragraph whose text starts at the byte asked for.
    let paragraph: Int

    /// How far the window first reaches before and after the byte asked for; it reaches four
    /// times further each time that is not enough to find where it can start or end.
    static let initialReach = 1 << 15
    /// The fewest bytes the window holds after the byte asked for (then it ends at the next place
    /// a chunk can end), so that the paragraph there and a few after it are whole.
    static let bytesAfter = 1 << 11
    /// How much of the file's head is first read for the sample of its first lines.
    static let headBytes = 1 << 19
    /// The most of the head read for the sample: a file whose first lines are longer than that
    /// (a few lines of megabytes) is loaded whole instead, as fast.
    static let headLimit = 1 << 22

    /// The window of the book at `path` around the paragraph whose text starts at file byte
    /// `textStart`, read as `options` say; `nil` when there is none (see ``BookWindow``).
    /// (`reach`, for tests: how far the window first reaches, and at most how many bytes it
    /// holds after `textStart` before its end may be cut.)
    static func read(path: String, textStart: Int, options: PlainTextBook.Options, reach: Int = initialReach)
        -> BookWindow?
    {
        guard !options.lossy else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size > 0, size < Int(Int32.max), textStart >= 0, textStart < size,
            let head = readHead(descriptor, size: size, options: options)
        else { return nil }
        var back = reach
        var forward = reach
        let after = min(bytesAfter, reach)
        while true {
            let lower = max(0, textStart - back)
            let upper = min(size, textStart + max(forward, after + 1))
            guard let region = read(descriptor, lower..<upper) else { return nil }
            let outcome = region.withUnsafeBufferPointer { region in
                window(
                    in: region, at: lower, fileSize: size, textStart: textStart, after: after, head: head,
                    options: options)
            }
            switch outcome {
            case .found(let window): return window
            case .unusable: return nil
            case .reachFurtherBack: back *= 4
            case .reachFurtherForward: forward *= 4
            }
        }
    }

    private enum Outcome {
        case found(BookWindow)
        case unusable
        case reachFurtherBack
        case reachFurtherForward
    }

    /// The window inside `region` (the file's bytes from `lower`), holding at least `after`
    /// bytes after `textStart`, or what to read instead.
    private static func window(
        in region: UnsafeBufferPointer<UInt8>, at lower: Int, fileSize: Int, textStart: Int, after: Int,
        head: Head, options: PlainTextBook.Options
    ) -> Outcome {
        let sample = head.sample
        let probe = ParagraphAssembler(source: region, start: 0, dropsAozoraMarkup: false, file: nil)
        let target = textStart - lower
        // Where a chunk of a whole load could start, at or before the paragraph asked for.
        var first = (offset: 0, atBlockStart: true)
        if lower > 0 {
            guard let cut = probe.cut(after: 0, before: target, hardWrapped: sample.hardWrapped), cut.offset <= target
            else { return .reachFurtherBack }
            first = cut
        }
        // And where one could end, a little after it.
        var end = region.count
        if lower + region.count < fileSize {
            guard target + after < region.count,
                let cut = probe.cut(after: target + after, before: region.count, hardWrapped: sample.hardWrapped)
            else { return .reachFurtherForward }
            end = cut.offset
        }
        let bytes = UnsafeBufferPointer(rebasing: region[first.offset..<end])
        let validation = UTF8Decoding.validate(bytes, stoppingAtNUL: !options.allowsNUL)
        guard validation.firstNUL == nil, validation.firstError == nil else { return .unusable }
        // Without markup, the text is the same either way; with it, the whole file's decision
        // must be known.
        let dropsMarkup = validation.hasRubyOpen || mayHoldAozoraMarkup(bytes)
        if dropsMarkup,
            !((head.hasRubyReading || validation.hasRubyReading)
                && (head.isAozoraStyle || AozoraMarkup.isAozoraStyle(bytes, from: 0)))
        {
            return .unusable
        }
        let bomLength = lower == 0 ? PlainTextBook.utf8ByteOrderMarkLength(of: bytes) : 0
        let assembler = ParagraphAssembler(stretch: bytes, start: bomLength, decidedDropsAozoraMarkup: dropsMarkup)
        let book = PlainTextBook(assembler.assemble(sample: sample, atBlockStart: first.atBlockStart))
        let base = lower + first.offset
        guard
            let paragraph = book.paragraphs.indices.first(where: { index in
                book.paragraphs.textStartByte(at: index).map { $0 + base } == textStart
            })
        else { return .unusable }
        return .found(BookWindow(book: book, byteBase: base, paragraph: paragraph))
    }

    /// What the file's head tells of the whole file.
    private struct Head {
        /// The sample of its first lines (``ParagraphAssembler/sample()``).
        var sample: ParagraphAssembler.Sample
        /// Whether the head has a ruby reading `《…》`, and an editor's note `［＃` or the
        /// colophon's `底本：` (then so has the whole file).
        var hasRubyReading: Bool
        var isAozoraStyle: Bool
    }

    /// What the head of the file open as `descriptor` tells, read from as much of it as the
    /// sample of its first lines takes; `nil` when the head is not UTF-8 text.
    private static func readHead(_ descriptor: Int32, size: Int, options: PlainTextBook.Options) -> Head? {
        var count = min(size, headBytes)
        while true {
            guard let head = read(descriptor, 0..<count) else { return nil }
            let found: Head?? = head.withUnsafeBufferPointer { head in
                guard PlainTextBook.otherEncoding(of: head) == nil else { return .some(nil) }
                // Whole lines only: up to the last line feed (CR LF stays whole).
                var end = count
                if count < size {
                    guard let lineFeed = head.lastIndex(of: 0x0A) else { return nil }
                    end = lineFeed + 1
                }
                let lines = UnsafeBufferPointer(rebasing: head[..<end])
                let validation = UTF8Decoding.validate(lines, stoppingAtNUL: !options.allowsNUL)
                guard validation.firstNUL == nil, validation.firstError == nil else { return .some(nil) }
                let bomLength = PlainTextBook.utf8ByteOrderMarkLength(of: lines)
                let sample = ParagraphAssembler(source: lines, start: bomLength, dropsAozoraMarkup: false, file: nil)
                    .sample()
                guard sample.isFull || count == size else { return nil }
                return Head(
                    sample: sample, hasRubyReading: validation.hasRubyReading,
                    isAozoraStyle: AozoraMarkup.isAozoraStyle(lines, from: bomLength))
            }
            if let found { return found }
            guard count < headLimit else { return nil }
            count = min(size, count * 2)
        }
    }

    /// Whether `bytes` may hold Aozora markup that a whole load might leave out: a ruby-base
    /// mark `｜` (EF BD 9C) or a note's `［` (EF BC BB). (`《` is found by validation.)
    private static func mayHoldAozoraMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while let lead = bytes[index...].firstIndex(of: 0xEF) {
            if lead + 2 < bytes.count,
                (bytes[lead + 1] == 0xBD && bytes[lead + 2] == 0x9C)
                    || (bytes[lead + 1] == 0xBC && bytes[lead + 2] == 0xBB)
            {
                return true
            }
            index = lead + 1
        }
        return false
    }

    /// The file's bytes at `range`, or `nil` when a read fails or the file ends before.
    private static func read(_ descriptor: Int32, _ range: Range<Int>) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            var count = 0
            while count < range.count {
                let got = pread(
                    descriptor, buffer.baseAddress! + count, range.count - count, off_t(range.lowerBound + count))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    failed = true
                    break
                }
                count += got
            }
            initialized = failed ? 0 : count
        }
        return failed ? nil : bytes
    }
}

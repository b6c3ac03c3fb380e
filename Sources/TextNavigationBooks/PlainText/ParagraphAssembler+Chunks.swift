import TextNavigation

extension ParagraphAssembler {
    /// How the file is cut into chunks assembled at the same time.
    enum Chunking {
        /// One chunk a core, each of at least ``minimumChunkBytes``, the last too (one chunk for a
        /// file of less than twice that: a few kilobytes left for a second core would cost a
        /// thread and its memory for nothing).
        case automatic
        /// At most `count` chunks of about equal size, each of at least `minimumBytes` but the
        /// last (for tests: any file cut at many places).
        case atMost(Int, minimumBytes: Int)
    }

    /// The fewest bytes in a chunk of ``Chunking/automatic``: below this, a core's share of the
    /// work is not worth the time it takes to hand it over.
    static let minimumChunkBytes = 1 << 19

    /// A stretch of whole lines that can be planned apart from the rest: it starts where no
    /// paragraph is open (after a blank line or a form feed, or after any line when every line
    /// is a paragraph), so its paragraphs are the same as a pass over the whole file finds there.
    struct Chunk {
        var bytes: Range<Int>
        /// Whether the first line starts a block (a blank line, a form feed or the start came
        /// before it).
        var atBlockStart: Bool
    }

    /// What writing one chunk gave: its anchors, ruby readings (by paragraph number in the
    /// chunk) and the units written. (Its entries are written in place, in the book's list.)
    struct ChunkWriting {
        var anchors: [UInt8]
        var rubies: RubyTable
        var units: Int
    }

    /// The file after its byte-order mark, cut as `chunking` says: a cut goes at the first place
    /// a chunk can start (``Chunk``) after a chunk's share of the bytes, or, when there is none
    /// within another share, the chunk goes on. The first chunk starts a block.
    func chunks(_ chunking: Chunking, hardWrapped: Bool) -> [Chunk] {
        let count: Int
        let minimum: Int
        switch chunking {
        case .automatic:
            minimum = Self.minimumChunkBytes
            count = max(1, min(EveryCore.count, (source.count - start) / minimum))
        case .atMost(let most, let minimumBytes): (count, minimum) = (most, minimumBytes)
        }
        let end = source.count
        let size = max(1, minimum, (end - start + count - 1) / max(1, count))
        var chunks: [Chunk] = []
        var lower = start
        var atBlockStart = true
        var target = start + size
        while target < end {
            guard let cut = cut(after: target, before: min(end, target + size), hardWrapped: hardWrapped) else {
                target += size
                continue
            }
            chunks.append(Chunk(bytes: lower..<cut.offset, atBlockStart: atBlockStart))
            (lower, atBlockStart) = cut
            target = lower + size
        }
        chunks.append(Chunk(bytes: lower..<end, atBlockStart: atBlockStart))
        return chunks
    }

    /// The first place after `index` where a chunk can start, after the first line that starts
    /// after `index` or a line that starts before `limit`, and whether the line after that place
    /// starts a block; `nil` when there is none.
    func cut(after index: Int, before limit: Int, hardWrapped: Bool) -> (offset: Int, atBlockStart: Bool)? {
        let end = source.count
        let lines = lines
        // The line after the first line break at or after `index` (CR LF is one break).
        let lineBreak = lines.lineBreak(from: index, limit: end)
        guard lineBreak < end else { return nil }
        var lineStart =
            lineBreak + (source[lineBreak] == 0x0D && lineBreak + 1 < end && source[lineBreak + 1] == 0x0A ? 2 : 1)
        repeat {
            guard lineStart < end else { return nil }
            let line = lines.line(at: lineStart)
            guard line.next < end else { return nil }
            if lines.trimmed(line.bytes).isEmpty || line.endsWithFormFeed { return (line.next, true) }
            if !hardWrapped { return (line.next, false) }
            lineStart = line.next
        } while lineStart < limit
        return nil
    }

    /// The chunks' paragraphs in one list, taken out of `plans`, and where each chunk's start in
    /// it (with the end last). A form feed at the end of a chunk (or of chunks without
    /// paragraphs) marks the next paragraph, in a later chunk.
    func joinPieces(_ plans: inout [ParagraphPlanner.Plan]) -> (entries: [Piece], firsts: [Int]) {
        var firsts = [0]
        for plan in plans { firsts.append(firsts[firsts.count - 1] + plan.pieces.count) }
        if plans.count == 1 {
            let pieces = plans[0].pieces
            plans[0].pieces = []  // the only reference left is the one returned
            return (pieces, firsts)
        }
        var entries: [Piece] = []
        entries.reserveCapacity(firsts[firsts.count - 1])
        var pendingPage = false
        for number in plans.indices {
            let pieces = plans[number].pieces
            plans[number].pieces = []
            for piece in pieces {
                entries.append(
                    pendingPage
                        ? Piece(piece.lower, piece.upper, isHeading: piece.isHeading, startsPage: true) : piece)
                pendingPage = false
            }
            pendingPage = pendingPage || plans[number].endsWithPageBreak
        }
        return (entries, firsts)
    }

    /// Writes every chunk's planned paragraphs (`entries` from `firsts[n]` to `firsts[n + 1]`
    /// for chunk `n`) into its place in `target` (the whole book's buffer), the chunks at the
    /// same time, turning each entry into the list's; returns what each chunk gave, in order.
    func write(
        _ plans: [ParagraphPlanner.Plan], firsts: [Int], entries: inout [Piece],
        into target: UnsafeMutableBufferPointer<UInt16>
    ) -> [ChunkWriting] {
        // Where each chunk's text starts, and whether a separator goes before it.
        var places: [(base: Int, separatorFirst: Bool)] = []
        var offset = 0
        for number in plans.indices {
            let count = firsts[number + 1] - firsts[number]
            let separatorFirst = offset > 0 && count > 0
            places.append((offset, separatorFirst))
            if count > 0 { offset += plans[number].units + count - (separatorFirst ? 0 : 1) }
        }
        return entries.withUnsafeMutableBufferPointer { entries in
            EveryCore.map(plans.count) { number in
                let place = places[number]
                let size = (number + 1 < places.count ? places[number + 1].base : target.count) - place.base
                var writer = ParagraphWriter(assembler: self, anchorCount: plans[number].anchors)
                let units = writer.write(
                    UnsafeMutableBufferPointer(rebasing: entries[firsts[number]..<firsts[number + 1]]),
                    marks: plans[number].marks,
                    into: UnsafeMutableBufferPointer(rebasing: target[place.base..<(place.base + size)]),
                    base: place.base, separatorFirst: place.separatorFirst)
                precondition(units == size, "the plan counted \(size) units for a chunk, and \(units) were written")
                return ChunkWriting(anchors: writer.anchors.bytes, rubies: writer.rubies, units: units)
            }
        }
    }

    /// Joins the chunks written into `entries`: each entry's anchor end counts on from the
    /// chunks before (their anchors stay where they were written, as parts of one table).
    /// Returns the chunks' ruby readings as one table.
    func join(_ written: [ChunkWriting], firsts: [Int], entries: inout [Piece]) -> RubyTable {
        var firstAnchor = 0
        for number in written.indices {
            if firstAnchor > 0 {
                for index in firsts[number]..<firsts[number + 1] {
                    entries[index] = entries[index].with(entries[index].lower, firstAnchor + entries[index].upper)
                }
            }
            firstAnchor += written[number].anchors.count
        }
        return RubyTable(joining: written.map(\.rubies), firsts: firsts)
    }
}

import Testing
import TextNavigation

/// Checks the four public queries of `granularity` at every offset of the text (and just
/// outside it) against `units`, the units the tokenizer is expected to have:
/// - within and enclosing: forward, `start <= p < end`; backward, `start < p <= end`;
/// - at a boundary: forward at a unit's end, backward at a unit's start;
/// - `toBoundary`: from 0, forward visits every unit edge after 0 in order, then `nil`; from the
///   end, backward visits every edge before the end in reverse order.
func expectQueriesAgree(
    _ tokenizer: StringTokenizer, _ granularity: TextGranularity, units: [Range<Int>], length: Int,
    _ label: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    for offset in -1...(length + 1) {
        let position = TextPosition(offset: offset)
        let forward = units.first { $0.lowerBound <= offset && offset < $0.upperBound }
        let backward = units.first { $0.lowerBound < offset && offset <= $0.upperBound }
        #expect(
            tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: .forward)?.offsets
                == forward,
            "\(label) at \(offset) forward", sourceLocation: sourceLocation)
        #expect(
            tokenizer.rangeEnclosingPosition(position, with: granularity, inDirection: .backward)?.offsets
                == backward,
            "\(label) at \(offset) backward", sourceLocation: sourceLocation)
        #expect(
            tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: .forward)
                == (forward != nil),
            "\(label) at \(offset) forward", sourceLocation: sourceLocation)
        #expect(
            tokenizer.isPosition(position, withinTextUnit: granularity, inDirection: .backward)
                == (backward != nil),
            "\(label) at \(offset) backward", sourceLocation: sourceLocation)
        #expect(
            tokenizer.isPosition(position, atBoundary: granularity, inDirection: .forward)
                == units.contains { $0.upperBound == offset },
            "\(label) at \(offset) forward", sourceLocation: sourceLocation)
        #expect(
            tokenizer.isPosition(position, atBoundary: granularity, inDirection: .backward)
                == units.contains { $0.lowerBound == offset },
            "\(label) at \(offset) backward", sourceLocation: sourceLocation)
    }
    let edges = Set(units.flatMap { [$0.lowerBound, $0.upperBound] })
    #expect(
        walk(tokenizer, granularity, from: 0, .forward, limit: length)
            == edges.filter { $0 > 0 }.sorted(),
        "\(label) forward", sourceLocation: sourceLocation)
    #expect(
        walk(tokenizer, granularity, from: length, .backward, limit: length)
            == edges.filter { $0 < length }.sorted(by: >),
        "\(label) backward", sourceLocation: sourceLocation)
}

/// The offsets `toBoundary` visits from `start` until it gives `nil`, at most `limit` + 2
/// steps (so a tokenizer that loops fails instead of hanging).
func walk(
    _ tokenizer: StringTokenizer, _ granularity: TextGranularity, from start: Int,
    _ direction: TextDirection,
    limit: Int
) -> [Int] {
    var visited: [Int] = []
    var position = TextPosition(offset: start)
    while visited.count <= limit + 1,
        let next = tokenizer.position(from: position, toBoundary: granularity, inDirection: direction)
    {
        visited.append(next.offset)
        position = next
    }
    return visited
}

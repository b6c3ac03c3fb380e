internal import CICU

extension ICU {
    /// An owning wrapper of one compiled ICU regular expression (`URegularExpression`), matched
    /// with a time limit so that a pattern that backtracks catastrophically gives up instead of
    /// hanging.
    ///
    /// ICU keeps a pointer to the text it matches; ``matches(in:timeLimit:)`` points it at the
    /// text only while it runs and at empty text before returning, so no pointer outlives the
    /// buffer.
    ///
    /// Not `Sendable`: a `URegularExpression` has match state. Guard one with a lock.
    package final class Regex {
        private let handle: OpaquePointer
        /// The number of capture groups.
        package let groupCount: Int

        /// A syntax error in a pattern.
        package struct SyntaxError: Error, Sendable, Equatable {
            /// ICU's name for the error, such as `U_REGEX_MISSING_CLOSE_PAREN`.
            package let reason: String
            /// Where in the pattern (UTF-16 offset), when ICU says.
            package let offset: Int?
        }

        /// What ``matches(in:timeLimit:)`` found: each match's range, then its groups' (`nil`
        /// for a group that took no part), and whether matching ran out of time (the matches
        /// found before are kept).
        package struct Matches {
            package var ranges: [[Range<Int>?]] = []
            package var timedOut = false
        }

        /// Compiles `pattern` (ICU's syntax).
        ///
        /// - Throws: ``SyntaxError`` for a pattern ICU rejects.
        package init(pattern: String, ignoringCase: Bool) throws(SyntaxError) {
            let units = Array(pattern.utf16)
            var status: Int32 = 0
            var offset: Int32 = -1
            let handle = cicu_regex_open(units, Int32(units.count), ignoringCase ? 1 : 0, &offset, &status)
            guard let handle, status <= 0 else {
                throw SyntaxError(
                    reason: String(cString: cicu_error_name(status)), offset: offset >= 0 ? Int(offset) : nil)
            }
            self.handle = handle
            var groupStatus: Int32 = 0
            groupCount = Int(cicu_regex_group_count(handle, &groupStatus))
        }

        deinit { cicu_regex_close(handle) }

        /// The non-overlapping matches in `text`, in order; an empty match moves on by one unit.
        ///
        /// - Parameter timeLimit: ICU's limit on each search, in its steps (about a millisecond
        ///   each): a search that runs out ends the matching with ``Matches/timedOut`` set.
        package func matches(in text: [UInt16], timeLimit: Int) -> Matches {
            var found = Matches()
            var bounds = [Int32](repeating: -1, count: 2 * (groupCount + 1))
            text.withUnsafeBufferPointer { buffer in
                var status: Int32 = 0
                cicu_regex_set_text(handle, buffer.baseAddress, Int32(buffer.count), Int32(timeLimit), &status)
                defer {
                    var reset: Int32 = 0
                    cicu_regex_set_text(handle, nil, 0, 0, &reset)
                }
                var from: Int32 = 0
                while status <= 0, from <= Int32(buffer.count),
                    cicu_regex_find(handle, from, &bounds, Int32(bounds.count), &status) == 1
                {
                    var match: [Range<Int>?] = []
                    for group in 0...groupCount {
                        let (start, end) = (Int(bounds[2 * group]), Int(bounds[2 * group + 1]))
                        match.append(start >= 0 && end >= start ? start..<end : nil)
                    }
                    found.ranges.append(match)
                    from = bounds[1] > bounds[0] ? bounds[1] : bounds[1] + 1
                }
                found.timedOut = status == Int32(CICU_REGEX_TIME_OUT) || status == Int32(CICU_REGEX_STACK_OVERFLOW)
            }
            return found
        }
    }
}

internal import CICU

extension ICU {
    /// An owning wrapper of one ICU bidi object (`UBiDi`): the Unicode Bidirectional Algorithm
    /// (UAX #9) over one paragraph, or over one line of a paragraph.
    ///
    /// ICU keeps a pointer to the paragraph's text, and a line object points into its
    /// paragraph's object. So a paragraph holds the text it was given (a ``StableText``), and a line
    /// holds its paragraph, for as long as ICU may read them.
    ///
    /// Not `Sendable`: a bidi object is rewritten by every ``setParagraph(_:level:)`` and
    /// ``setLine(_:of:)``. Layout opens its own per computation.
    final class Bidi {
        /// The overall direction of a paragraph or line (`UBiDiDirection`).
        enum Direction: Int32 {
            case leftToRight = 0
            case rightToLeft = 1
            case mixed = 2
            case neutral = 3
        }

        private let handle: OpaquePointer
        private var text: (any StableText)?
        private var paragraph: Bidi?

        /// Opens an empty bidi object.
        ///
        /// - Throws: ``ICUError`` when ICU cannot allocate one.
        init() throws(ICUError) {
            var status: Int32 = 0
            let handle = cicu_bidi_open(&status)
            try ICU.check(status, "ubidi_open")
            // CICU returns NULL only with an error status.
            self.handle = handle!
        }

        deinit { cicu_bidi_close(handle) }

        /// Runs the algorithm over `storage` as one paragraph at `direction`'s level (0 for left
        /// to right, 1 for right to left), then lets go of the previous text.
        func setParagraph(_ storage: some StableText, direction: WritingDirection) throws(ICUError) {
            var status: Int32 = 0
            let level: UInt8 = direction == .leftToRight ? 0 : 1
            storage.withUTF16 { units in
                cicu_bidi_set_para(handle, units.baseAddress, Int32(units.count), level, &status)
            }
            try ICU.check(status, "ubidi_setPara")
            text = storage
            paragraph = nil
        }

        /// Makes this object the line `range` (offsets in the paragraph's text) of `paragraph`,
        /// which applies rule L1: trailing white space takes the paragraph's level.
        func setLine(_ range: Range<Int>, of paragraph: Bidi) throws(ICUError) {
            var status: Int32 = 0
            cicu_bidi_set_line(
                paragraph.handle, Int32(range.lowerBound), Int32(range.upperBound), handle, &status)
            try ICU.check(status, "ubidi_setLine")
            self.paragraph = paragraph
            text = nil
        }

        /// The overall direction after the last ``setParagraph(_:direction:)`` or
        /// ``setLine(_:of:)``.
        var direction: Direction { Direction(rawValue: cicu_bidi_direction(handle)) ?? .mixed }

        /// The resolved embedding level of each of the `count` code units.
        func levels(count: Int) throws(ICUError) -> [UInt8] {
            var status: Int32 = 0
            let levels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.initialize(repeating: 0)
                cicu_bidi_levels(handle, buffer.baseAddress, Int32(count), &status)
                initialized = count
            }
            try ICU.check(status, "ubidi_getLevels")
            return levels
        }

        /// The visual order of items with embedding `levels` (rule L2): element `i` of the
        /// result is the logical index of the item shown `i`-th from the left.
        ///
        /// - Complexity: O(n) in the number of items.
        static func visualOrder(levels: [UInt8]) -> [Int] {
            guard !levels.isEmpty else { return [] }
            var map = [Int32](repeating: 0, count: levels.count)
            cicu_bidi_reorder_visual(levels, Int32(levels.count), &map)
            return map.map(Int.init)
        }
    }
}

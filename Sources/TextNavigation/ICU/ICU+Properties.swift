internal import CICU

extension ICU {
    /// Unicode character properties, from ICU's data.
    package enum Properties {
        /// ICU's UEastAsianWidth values.
        enum EastAsianWidth: Int32 {
            case neutral = 0, ambiguous, halfwidth, fullwidth, narrow, wide
        }

        static func eastAsianWidth(_ scalar: Unicode.Scalar) -> EastAsianWidth {
            EastAsianWidth(rawValue: cicu_east_asian_width(Int32(bitPattern: scalar.value))) ?? .neutral
        }

        /// Whether the scalar is East Asian Wide or Fullwidth.
        package static func isWide(_ scalar: Unicode.Scalar) -> Bool {
            let width = eastAsianWidth(scalar)
            return width == .wide || width == .fullwidth
        }

        /// Whether the scalar is of a script written without spaces between words (Han, kana,
        /// Thai, Lao, Myanmar, Khmer): a word match there needs no space around it.
        package static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.properties.isIdeographic { return true }
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true  // kana
            case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF: return true  // Thai, Lao, Myanmar, Khmer
            default: return false
            }
        }

        /// Folds UTF-16 `text` for matching, code point by code point so that offsets in one
        /// are offsets in the other (``cicu_search_fold``): with `ignoringCase`, ICU's simple
        /// case folding; with `ignoringDiacritics`, base letters for decomposable ones and 0
        /// for nonspacing marks (kept when ICU's normalization data cannot load).
        package static func folded(
            _ text: UnsafeBufferPointer<UInt16>, ignoringCase: Bool, ignoringDiacritics: Bool
        ) -> [UInt16] {
            var folded = [UInt16](repeating: 0, count: text.count)
            var status: Int32 = 0
            folded.withUnsafeMutableBufferPointer { output in
                cicu_search_fold(
                    text.baseAddress, Int32(text.count), output.baseAddress, ignoringCase ? 1 : 0,
                    ignoringDiacritics ? 1 : 0, &status)
                if status > 0 {
                    status = 0
                    cicu_search_fold(
                        text.baseAddress, Int32(text.count), output.baseAddress, ignoringCase ? 1 : 0, 0, &status)
                }
            }
            return folded
        }

        /// Whether the scalar has Emoji_Presentation (shown as emoji by default).
        static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
            cicu_has_binary_property(Int32(bitPattern: scalar.value), Int32(CICU_PROPERTY_EMOJI_PRESENTATION)) != 0
        }

        /// ICU's Grapheme_Cluster_Break value (UGraphemeClusterBreak) of a code point: 0 Other,
        /// 1 Control, 2 CR, 3 Extend, 5 LF, 10 SpacingMark, 11 Prepend, 17 ZWJ, and so on.
        static func graphemeClusterBreak(_ codePoint: UInt32) -> Int32 {
            cicu_int_property_value(Int32(bitPattern: codePoint), Int32(CICU_PROPERTY_GRAPHEME_CLUSTER_BREAK))
        }

        /// ICU's Line_Break value (ULineBreak) of a code point: 2 AL, 9 CM, 14 ID, 26 SP, and
        /// so on.
        static func lineBreak(_ codePoint: UInt32) -> Int32 {
            cicu_int_property_value(Int32(bitPattern: codePoint), Int32(CICU_PROPERTY_LINE_BREAK))
        }

        /// ICU's Sentence_Break value (USentenceBreak) of a code point: 1 ATerm, 2 Close, 8 Sp,
        /// 9 STerm, and so on.
        static func sentenceBreak(_ codePoint: UInt32) -> Int32 {
            cicu_int_property_value(Int32(bitPattern: codePoint), Int32(CICU_PROPERTY_SENTENCE_BREAK))
        }

        /// ICU's Word_Break value (UWordBreakValues) of a code point: 1 ALetter, 6 Numeric,
        /// 12 Newline, and so on.
        static func wordBreak(_ codePoint: UInt32) -> Int32 {
            cicu_int_property_value(Int32(bitPattern: codePoint), Int32(CICU_PROPERTY_WORD_BREAK))
        }

        /// ICU's general category (UCharCategory) of the scalar.
        static func generalCategory(_ scalar: Unicode.Scalar) -> Int32 {
            cicu_general_category(Int32(bitPattern: scalar.value))
        }

        /// The scalar's Bidi_Class as a strong direction: L gives left to right, R and AL right
        /// to left, anything else `nil`.
        static func strongDirection(_ scalar: Unicode.Scalar) -> WritingDirection? {
            switch cicu_int_property_value(Int32(bitPattern: scalar.value), Int32(CICU_PROPERTY_BIDI_CLASS)) {
            case 0: .leftToRight  // U_LEFT_TO_RIGHT
            case 1, 13: .rightToLeft  // U_RIGHT_TO_LEFT, U_RIGHT_TO_LEFT_ARABIC
            default: nil
            }
        }

        /// The direction of the first strong character in `range` of `text`, or `nil`.
        static func firstStrongDirection(in text: some StableText, range: Range<Int>) -> WritingDirection? {
            text.withUTF16 { units in
                var offset = max(range.lowerBound, 0)
                let end = min(range.upperBound, units.count)
                while offset < end {
                    let unit = units[offset]
                    var scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
                    if UTF16.isLeadSurrogate(unit), offset + 1 < units.count,
                        UTF16.isTrailSurrogate(units[offset + 1])
                    {
                        scalar = UTF16.decode(UTF16.EncodedScalar([unit, units[offset + 1]]))
                    }
                    // ASCII letters are the common case: no ICU call needed.
                    if scalar.isASCII {
                        if (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A { return .leftToRight }
                    } else if let direction = strongDirection(scalar) {
                        return direction
                    }
                    offset += scalar.utf16.count
                }
                return nil
            }
        }
    }
}

internal import CICU
import Synchronization

extension ICU {
    /// A locale as ICU understands it: a canonical ICU locale id ("ja_JP", "en@ss=standard"),
    /// made only by canonicalizing (or as ``root``), so every value is one ICU accepts.
    package struct Locale: Hashable, Sendable, CustomStringConvertible {
        /// The canonical ICU id.
        let identifier: String

        /// The root locale (""), ICU's default rules: the documented fallback for an identifier
        /// ICU rejects.
        static let root = Locale(canonical: "")

        private init(canonical identifier: String) { self.identifier = identifier }

        /// The locale of a BCP-47 tag ("ja-JP") or ICU id ("ja_JP@lb=strict").
        ///
        /// - Throws: ``ICUError`` when the identifier is malformed.
        /// - Complexity: one ICU call the first time an identifier is seen, a dictionary lookup
        ///   after.
        init(_ identifier: String) throws(ICUError) {
            self.identifier = try Self.canonical(identifier)
        }

        /// This locale with the keyword `key` set to `value` ("en" -> "en@ss=standard").
        ///
        /// - Throws: ``ICUError`` when ICU cannot set it (an id too long for ICU).
        func setting(_ key: String, to value: String) throws(ICUError) -> Locale {
            Locale(canonical: try Self.setting(key, to: value, in: identifier))
        }

        package var description: String { identifier }

        /// The strings after which ICU's sentence iterator for this locale with `ss=standard`
        /// holds a break back ("Mr.", "e.g.", …: the "exceptions/SentenceBreak" strings of ICU's
        /// data for the locale), UTF-16; none when the locale has none of its own.
        ///
        /// - Throws: ``ICUError`` when ICU cannot read its data.
        func sentenceBreakExceptions() throws(ICUError) -> [[UInt16]] {
            var status: Int32 = 0
            let needed = Int(cicu_sentence_break_exceptions(identifier, nil, 0, &status))
            try ICU.check(status, "ures_getByKey")
            guard needed > 0 else { return [] }
            var buffer = [UInt16](repeating: 0, count: needed)
            _ = cicu_sentence_break_exceptions(identifier, &buffer, Int32(needed), &status)
            try ICU.check(status, "ures_getStringByIndex")
            return buffer.split(separator: 0, omittingEmptySubsequences: true).map(Array.init)
        }

        /// Answers already computed, by query, and the last one asked for: every tokenizer and
        /// layout canonicalizes its locale, and a book makes one of each per paragraph, nearly
        /// always with the same query, which a comparison finds before any hashing.
        private static let answers = Locked<Answers>(Answers())

        private struct Answers {
            var byQuery: [String: String] = [:]
            var last: (query: String, answer: String)?
        }

        /// `compute()`'s answer for `key`, computed once (errors are not kept).
        private static func remembered(_ key: String, _ compute: () throws(ICUError) -> String) throws(ICUError)
            -> String
        {
            let known: String? = answers.withLock { answers in
                if let last = answers.last, last.query == key { return last.answer }
                guard let answer = answers.byQuery[key] else { return nil }
                answers.last = (key, answer)
                return answer
            }
            if let known { return known }
            let answer = try compute()
            answers.withLock {
                $0.byQuery[key] = answer
                $0.last = (key, answer)
            }
            return answer
        }

        /// The ICU form of a BCP-47 tag ("ja-JP") or ICU id ("ja_JP@lb=strict").
        ///
        /// - Throws: ``ICUError`` when the identifier is malformed.
        /// - Complexity: one ICU call the first time an identifier is seen, a dictionary lookup
        ///   after.
        package static func canonical(_ identifier: String) throws(ICUError) -> String {
            try remembered(identifier) { () throws(ICUError) in try computeCanonical(identifier) }
        }

        private static func computeCanonical(_ identifier: String) throws(ICUError) -> String {
            var status: Int32 = 0
            var buffer = [CChar](repeating: 0, count: 157)
            let length = cicu_locale_canonicalize(identifier, &buffer, Int32(buffer.count), &status)
            try ICU.check(status, "uloc_canonicalize")
            return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// `identifier` with the keyword `key` set to `value` ("en" -> "en@ss=standard").
        package static func setting(_ key: String, to value: String, in identifier: String) throws(ICUError)
            -> String
        {
            try remembered("\(identifier)\u{0}\(key)=\(value)") { () throws(ICUError) in
                try computeSetting(key, to: value, in: identifier)
            }
        }

        private static func computeSetting(_ key: String, to value: String, in identifier: String) throws(ICUError)
            -> String
        {
            var status: Int32 = 0
            var buffer = [CChar](repeating: 0, count: 157)
            let utf8 = Array(identifier.utf8.prefix(buffer.count - 1))
            for (index, byte) in utf8.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            let length = cicu_locale_set_keyword(key, value, &buffer, Int32(buffer.count), &status)
            try ICU.check(status, "uloc_setKeywordValue")
            return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}

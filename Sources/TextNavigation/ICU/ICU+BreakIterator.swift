internal import CICU

extension ICU {
    /// The kinds of ICU break iterator.
    package enum BreakKind: Sendable, Hashable {
        case character, word, line, sentence

        /// ICU's `UBreakIteratorType` value, from the CICU header.
        var icuValue: Int32 {
            switch self {
            case .character: Int32(CICU_BREAK_CHARACTER)
            case .word: Int32(CICU_BREAK_WORD)
            case .line: Int32(CICU_BREAK_LINE)
            case .sentence: Int32(CICU_BREAK_SENTENCE)
            }
        }
    }

    /// An owning wrapper of one ICU break iterator (`UBreakIterator`).
    ///
    /// ICU keeps a pointer to the text it iterates. The iterator therefore holds the text it was
    /// pointed at (a ``StableText``, its owner reference), and so does every clone made from it,
    /// so the UTF-16 memory outlives every iterator that can read it; ``setText(_:)`` swaps the
    /// held text only after ICU points at the new memory.
    ///
    /// Not `Sendable`: an ICU break iterator has iteration state and is not thread-safe. Give each
    /// task its own (``clone()``), or guard one with a lock.
    package final class BreakIterator {
        private let handle: OpaquePointer
        private var text: (any StableText)?

        /// The value ICU returns when there is no further boundary.
        package static let done = Int(CICU_BREAK_DONE)

        /// Opens an iterator of `kind` for an ICU locale id, over empty text.
        package convenience init(kind: BreakKind, locale: String) throws(ICUError) {
            var status: Int32 = 0
            let handle = cicu_break_open(kind.icuValue, locale, nil, 0, &status)
            try self.init(handle: handle, status: status, operation: "ubrk_open", text: nil)
        }

        /// Takes `handle` from a C call that set `status` (the handle is non-nil exactly when
        /// `status` is not an error).
        private init(handle: OpaquePointer?, status: Int32, operation: StaticString, text: (any StableText)?)
            throws(ICUError)
        {
            guard let handle, status <= 0 else {
                cicu_break_close(handle)
                throw ICUError(operation: "\(operation)", code: status)
            }
            self.handle = handle
            self.text = text
        }

        deinit { cicu_break_close(handle) }

        /// A copy with its own iteration state, over the same text (which it keeps alive).
        func clone() throws(ICUError) -> BreakIterator {
            var status: Int32 = 0
            let copy = cicu_break_clone(handle, &status)
            return try BreakIterator(handle: copy, status: status, operation: "ubrk_clone", text: text)
        }

        /// Points the iterator at `text`, then lets go of the previous text.
        package func setText(_ text: some StableText) throws(ICUError) {
            var status: Int32 = 0
            text.withUTF16 { units in
                cicu_break_set_text(handle, units.baseAddress, Int32(units.count), &status)
            }
            try ICU.check(status, "ubrk_setText")
            self.text = text
        }

        /// The iterator pointed at `text` (``setText(_:)``), or `nil` after storing the error
        /// in `failure` when it cannot be: for callbacks that cannot throw.
        func pointed(at text: some StableText, failure: inout ICUError?) -> BreakIterator? {
            do {
                try setText(text)
                return self
            } catch {
                failure = error
                return nil
            }
        }

        /// The first boundary after `offset`, or ``done``.
        package func following(_ offset: Int) -> Int { Int(cicu_break_following(handle, Int32(offset))) }
        /// The last boundary before `offset`, or ``done``.
        package func preceding(_ offset: Int) -> Int { Int(cicu_break_preceding(handle, Int32(offset))) }
        /// The boundary after the current one, or ``done``.
        package func next() -> Int { Int(cicu_break_next(handle)) }
        /// Moves to the start of the text and returns 0.
        func first() -> Int { Int(cicu_break_first(handle)) }
        /// Whether `offset` is a boundary (moves the iterator).
        func isBoundary(_ offset: Int) -> Bool { cicu_break_is_boundary(handle, Int32(offset)) != 0 }
        /// The rule status of the boundary most recently returned.
        package var ruleStatus: Int32 { cicu_break_rule_status(handle) }

        /// Calls `body` with successive batches of boundaries after `offset` (and their rule
        /// statuses when `withStatuses`), in order, until the text ends.
        ///
        /// - Complexity: O(n) in the text's length, one C call per batch of 128 boundaries. (A
        ///   batch and its statuses take 1 KB, which Swift keeps on the stack; a larger temporary
        ///   allocation goes to the heap, once per text.)
        func forEachBatch(
            after offset: Int, withStatuses: Bool,
            _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>) -> Void
        ) {
            let capacity = 128
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity * 2) { scratch in
                let boundaries = scratch.baseAddress!
                let statuses = boundaries + capacity
                var from = Int32(offset)
                while true {
                    let count = Int(
                        cicu_break_next_batch(
                            handle, from, boundaries, withStatuses ? statuses : nil, Int32(capacity)))
                    if count == 0 { return }
                    body(
                        UnsafeBufferPointer(start: boundaries, count: count),
                        UnsafeBufferPointer(start: statuses, count: withStatuses ? count : 0))
                    if count < capacity { return }
                    from = boundaries[count - 1]
                }
            }
        }

        /// Calls `body` with every segment from the start of the text, in order: its start, its
        /// end, and the rule status of its end (0 unless `withStatuses`). Through
        /// ``forEachBatch(after:withStatuses:_:)``.
        ///
        /// - Complexity: O(n) in the text's length.
        @inline(__always)
        func forEachSegment(withStatuses: Bool, _ body: (Int, Int, Int32) -> Void) {
            var start = 0
            forEachBatch(after: 0, withStatuses: withStatuses) { boundaries, statuses in
                for index in boundaries.indices {
                    let end = Int(boundaries[index])
                    body(start, end, withStatuses ? statuses[index] : 0)
                    start = end
                }
            }
        }
    }
}

extension ICU.BreakIterator {
    private struct PrototypeKey: Hashable {
        let kind: ICU.BreakKind
        let locale: String
    }

    /// Opened iterators kept as templates: opening a sentence iterator with abbreviation
    /// suppression costs about 250 µs, cloning one a few µs.
    private static let prototypes = Locked<[PrototypeKey: ICU.BreakIterator]>([:])

    /// A fresh iterator of `kind` for the ICU locale id `locale`, cloned from a cached template.
    static func make(kind: ICU.BreakKind, locale: String) throws(ICUError) -> ICU.BreakIterator {
        let key = PrototypeKey(kind: kind, locale: locale)
        let result: Result<ICU.BreakIterator, ICUError> = prototypes.withLock { cache in
            do throws(ICUError) {
                if let prototype = cache[key] { return .success(try prototype.clone()) }
                let prototype = try ICU.BreakIterator(kind: kind, locale: locale)
                cache[key] = prototype
                return .success(try prototype.clone())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension ICU.BreakIterator {
    /// Idle iterators of one kind and locale, lent to work that needs one only for a while
    /// (building a boundary cache over one paragraph): borrowing takes one from the idle list,
    /// where cloning costs a few µs, and a book builds its caches paragraph by paragraph.
    ///
    /// `Sendable`: an idle iterator is held by the idle list alone (behind its lock), and taking
    /// it out gives it to exactly one caller, who must not keep it; so no two tasks ever touch
    /// one iterator at the same time.
    final class Pool: Sendable {
        let kind: ICU.BreakKind
        /// The ICU locale id the iterators are opened for.
        let locale: String
        private let idle = Locked<[IdleIterator]>([])

        /// At most this many idle iterators are kept.
        private static let idleLimit = 4
        /// The text idle iterators point at, so that they keep no book alive.
        private static let emptyText = ICU.NoText()

        fileprivate init(kind: ICU.BreakKind, locale: String) {
            self.kind = kind
            self.locale = locale
        }

        /// Calls `body` with an iterator of the pool's kind and locale, lent for the call only:
        /// `body` must point it at its text (``ICU/BreakIterator/setText(_:)``) and must not
        /// keep it.
        ///
        /// - Throws: ``ICUError`` when no iterator can be made, or what `body` throws.
        func borrowing<R>(_ body: (ICU.BreakIterator) throws(ICUError) -> R) throws(ICUError) -> R {
            let iterator = try take()
            defer { giveBack(iterator) }
            return try body(iterator)
        }

        /// An iterator of the pool's kind and locale, taken from the idle list or made, for work
        /// that holds it across many calls (see ``borrowing(_:)`` for one call). Give it back
        /// (``giveBack(_:)``) when done; meanwhile it is the caller's alone.
        ///
        /// - Throws: ``ICUError`` when no iterator can be made.
        func take() throws(ICUError) -> ICU.BreakIterator {
            if let lent = idle.withLock({ $0.popLast() }) { return lent.iterator }
            return try ICU.BreakIterator.make(kind: kind, locale: locale)
        }

        /// Puts `iterator`, taken from this pool (``take()``) and no longer used, back on the
        /// idle list (pointed at no text, so that it keeps none alive), unless the list is full.
        func giveBack(_ iterator: ICU.BreakIterator) {
            guard (try? iterator.setText(Self.emptyText)) != nil else { return }
            idle.withLock { idle in
                if idle.count < Self.idleLimit { idle.append(IdleIterator(iterator: iterator)) }
            }
        }
    }

    /// An iterator nobody uses. `@unchecked Sendable`: an idle iterator is held by its pool's
    /// idle list alone (behind its lock) until it is lent to exactly one caller, who must not
    /// keep it; so no two tasks ever touch one at the same time.
    fileprivate struct IdleIterator: @unchecked Sendable {
        let iterator: ICU.BreakIterator
    }

    /// The pools, one per kind and locale, made on first use and kept for the process.
    private static let pools = Locked<[PrototypeKey: Pool]>([:])

    /// The pool of idle iterators of `kind` for the ICU locale id `locale`; the same pool for
    /// the same kind and locale.
    ///
    /// - Complexity: a lock and a dictionary lookup; keep the pool rather than ask again.
    static func pool(kind: ICU.BreakKind, locale: String) -> Pool {
        let key = PrototypeKey(kind: kind, locale: locale)
        return pools.withLock { pools in
            if let pool = pools[key] { return pool }
            let pool = Pool(kind: kind, locale: locale)
            pools[key] = pool
            return pool
        }
    }

    /// Calls `body` with an iterator of `kind` for the ICU locale id `locale` from its
    /// ``pool(kind:locale:)``, lent for the call only (see ``Pool/borrowing(_:)``).
    ///
    /// - Throws: ``ICUError`` when no iterator can be made, or what `body` throws.
    static func borrowing<R>(
        kind: ICU.BreakKind, locale: String, _ body: (ICU.BreakIterator) throws(ICUError) -> R
    ) throws(ICUError) -> R {
        try pool(kind: kind, locale: locale).borrowing(body)
    }
}

extension ICU {
    /// No text at all: what an idle iterator points at, so that it keeps no book alive.
    struct NoText: StableText {
        func withUTF16<R, E: Error>(_ body: (UnsafeBufferPointer<UInt16>) throws(E) -> R) throws(E) -> R {
            try body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }
}

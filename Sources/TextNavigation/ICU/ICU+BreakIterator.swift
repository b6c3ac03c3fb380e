internal import CICU
import Synchronization

extension ICU {
    /// The kinds of ICU break iterator.
    package enum BreakKind: Int32, Sendable, Hashable {
        case character = 0  // CICU_BREAK_CHARACTER
        case word = 1
        case line = 2
        case sentence = 3
    }

    /// An owning wrapper of one ICU break iterator (`UBreakIterator`).
    ///
    /// ICU keeps a pointer to the text it iterates. The iterator therefore holds the
    /// ``TextStorage`` it was pointed at, and so does every clone made from it, so the UTF-16
    /// buffer outlives every iterator that can read it; ``setText(_:)`` swaps the held storage
    /// only after ICU points at the new buffer.
    ///
    /// Not `Sendable`: an ICU break iterator has iteration state and is not thread-safe. Give each
    /// task its own (``clone()``), or guard one with a lock.
    package final class BreakIterator {
        private let handle: OpaquePointer
        private var text: TextStorage?

        /// The value ICU returns when there is no further boundary.
        package static let done = Int(CICU_BREAK_DONE)

        /// Opens an iterator of `kind` for an ICU locale id, over empty text.
        package init(kind: BreakKind, locale: String) throws(ICUError) {
            var status: Int32 = 0
            let handle = cicu_break_open(kind.rawValue, locale, nil, 0, &status)
            guard let handle else {
                try ICU.check(status > 0 ? status : 7 /* U_MEMORY_ALLOCATION_ERROR */, "ubrk_open")
                preconditionFailure("unreachable")
            }
            do { try ICU.check(status, "ubrk_open") } catch {
                cicu_break_close(handle)
                throw error
            }
            self.handle = handle
        }

        private init(handle: OpaquePointer, text: TextStorage?) {
            self.handle = handle
            self.text = text
        }

        deinit { cicu_break_close(handle) }

        /// A copy with its own iteration state, over the same text (which it keeps alive).
        func clone() throws(ICUError) -> BreakIterator {
            var status: Int32 = 0
            let copy = cicu_break_clone(handle, &status)
            guard let copy else {
                try ICU.check(status > 0 ? status : 7, "ubrk_clone")
                preconditionFailure("unreachable")
            }
            do { try ICU.check(status, "ubrk_clone") } catch {
                cicu_break_close(copy)
                throw error
            }
            return BreakIterator(handle: copy, text: text)
        }

        /// Points the iterator at `storage`, then lets go of the previous text.
        package func setText(_ storage: TextStorage) throws(ICUError) {
            var status: Int32 = 0
            storage.withUTF16 { units in
                cicu_break_set_text(handle, units.baseAddress, Int32(units.count), &status)
            }
            try ICU.check(status, "ubrk_setText")
            text = storage
        }

        /// The iterator pointed at `storage` (``setText(_:)``), or `nil` after storing the error
        /// in `failure` when it cannot be: for callbacks that cannot throw.
        func pointed(at storage: TextStorage, failure: inout ICUError?) -> BreakIterator? {
            do {
                try setText(storage)
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

        /// Calls `body` with the ICU iterator itself, for C code that iterates and works in one
        /// call (see ``RunUnits``). `body` must leave it pointed at the text it was.
        func withHandle<R>(_ body: (OpaquePointer) -> R) -> R { body(handle) }

        /// Calls `body` with successive batches of every segment from the start of the text, as
        /// parallel arrays of starts and ends. `body` may rewrite the batch in place. (Words,
        /// which keep only segments of some rule statuses, go through ``RunUnits``, whose C loop
        /// reads the statuses.)
        ///
        /// - Complexity: O(n) in the text's length, one C call per batch of 1,024 segments.
        func forEachSegmentBatch(
            _ body: (UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>) -> Void
        ) {
            let capacity = 1024
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity * 2) { scratch in
                let starts = scratch.baseAddress!
                let ends = starts + capacity
                var from: Int32 = 0
                while true {
                    let count = Int(cicu_break_next_segments(handle, &from, starts, ends, Int32(capacity)))
                    if count > 0 {
                        body(
                            UnsafeMutableBufferPointer(start: starts, count: count),
                            UnsafeMutableBufferPointer(start: ends, count: count))
                    }
                    if count < capacity { return }
                }
            }
        }

        /// Calls `body` with successive batches of boundaries after `offset` (and their rule
        /// statuses when `withStatuses`), in order, until the text ends.
        ///
        /// - Complexity: O(n) in the text's length, one C call per batch of 1,024 boundaries.
        func forEachBatch(
            after offset: Int, withStatuses: Bool,
            _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>) -> Void
        ) {
            let capacity = 1024
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
    /// (building a boundary cache over one paragraph): borrowing costs two atomic operations and
    /// no lookup (a tokenizer's locale keeps its pools), where cloning costs a few µs, and a book
    /// builds its caches paragraph by paragraph.
    ///
    /// `Sendable`: an idle iterator is held by the spare slot (an atomic reference) or the idle
    /// list (behind a lock) alone, and taking it out of either gives it to exactly one caller,
    /// who must not keep it; so no two tasks ever touch one iterator at the same time.
    final class Pool: Sendable {
        let kind: ICU.BreakKind
        /// The ICU locale id the iterators are opened for.
        let locale: String
        /// One idle iterator, taken and given back with one atomic operation each: the common
        /// case, one task tokenizing paragraph after paragraph, never takes the lock. Held as the
        /// bit pattern of a retained reference (`Unmanaged`), 0 when empty.
        private let spare = Atomic<Int>(0)
        /// Further idle iterators, when several tasks borrow at once.
        private let idle = Locked<[IdleIterator]>([])

        /// At most this many idle iterators are kept.
        private static let idleLimit = 4
        /// The text idle iterators point at, so that they keep no book alive.
        private static let emptyText = TextStorage("")

        fileprivate init(kind: ICU.BreakKind, locale: String) {
            self.kind = kind
            self.locale = locale
        }

        deinit {
            let held = spare.load(ordering: .acquiring)
            if let pointer = UnsafeRawPointer(bitPattern: held) {
                Unmanaged<ICU.BreakIterator>.fromOpaque(pointer).release()
            }
        }

        /// An idle iterator, if there is one, now the caller's alone.
        private func takeIdle() -> ICU.BreakIterator? {
            let taken = spare.exchange(0, ordering: .acquiringAndReleasing)
            if let pointer = UnsafeRawPointer(bitPattern: taken) {
                return Unmanaged<ICU.BreakIterator>.fromOpaque(pointer).takeRetainedValue()
            }
            return idle.withLock { $0.popLast() }?.iterator
        }

        /// Keeps `iterator`, pointed at empty text, for the next borrower (or lets it go when
        /// enough are kept).
        private func giveBack(_ iterator: ICU.BreakIterator) {
            let retained = Unmanaged.passRetained(iterator)
            let bits = Int(bitPattern: retained.toOpaque())
            if spare.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged { return }
            retained.release()
            let returned = IdleIterator(iterator: iterator)
            idle.withLock { idle in
                if idle.count < Self.idleLimit { idle.append(returned) }
            }
        }

        /// Calls `body` with an iterator of the pool's kind and locale, lent for the call only:
        /// `body` must point it at its text (``ICU/BreakIterator/setText(_:)``) and must not
        /// keep it.
        ///
        /// - Throws: ``ICUError`` when no iterator can be made, or what `body` throws.
        func borrowing<R>(_ body: (ICU.BreakIterator) throws(ICUError) -> R) throws(ICUError) -> R {
            let iterator: ICU.BreakIterator
            if let lent = takeIdle() {
                iterator = lent
            } else {
                iterator = try ICU.BreakIterator.make(kind: kind, locale: locale)
            }
            defer {
                if (try? iterator.setText(Self.emptyText)) != nil { giveBack(iterator) }
            }
            return try body(iterator)
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

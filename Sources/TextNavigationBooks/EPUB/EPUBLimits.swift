import TextNavigation

/// The limits an EPUB book is read within, so that a hostile book (a ZIP bomb, a spine that
/// lists one document a hundred thousand times) is refused instead of exhausting memory or time.
public struct EPUBLimits: Sendable, Hashable {
    /// The most one entry may inflate to, in bytes.
    public var maxEntrySize: Int
    /// The most all entries read may inflate to together, in bytes.
    public var maxTotalSize: Int
    /// The largest inflated-to-compressed ratio allowed for an entry larger than
    /// ``ratioThreshold`` bytes.
    public var maxRatio: Int
    /// Entries up to this inflated size are not held to ``maxRatio`` (small text compresses
    /// well).
    public var ratioThreshold: Int
    /// The most entries the archive may hold.
    public var maxEntries: Int
    /// The most items the spine may list.
    public var maxSpineItems: Int

    /// The defaults: 64 MiB an entry, 512 MiB in all, a ratio of 100 above 1 MiB, 10,000 entries
    /// and 10,000 spine items.
    public init(
        maxEntrySize: Int = 64 << 20, maxTotalSize: Int = 512 << 20, maxRatio: Int = 100,
        ratioThreshold: Int = 1 << 20, maxEntries: Int = 10_000, maxSpineItems: Int = 10_000
    ) {
        self.maxEntrySize = maxEntrySize
        self.maxTotalSize = maxTotalSize
        self.maxRatio = maxRatio
        self.ratioThreshold = ratioThreshold
        self.maxEntries = maxEntries
        self.maxSpineItems = maxSpineItems
    }
}

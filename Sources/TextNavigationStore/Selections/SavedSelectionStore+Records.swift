import Foundation
import TextNavigation

extension SavedSelectionStore {
    private static let columns =
        "id, book, element_index, utf16_start, utf16_end, text, context_before, context_after, page_hint, granularity, created_at, note, group_id"

    static let selectSQL = "SELECT \(columns) FROM saved_selection"

    /// Inserts a selection, or updates the one with the same id in place (keeping its `seq`).
    static let upsertSQL = """
        INSERT INTO saved_selection (\(columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
        ON CONFLICT (id) DO UPDATE SET
            book = excluded.book, element_index = excluded.element_index,
            utf16_start = excluded.utf16_start, utf16_end = excluded.utf16_end, text = excluded.text,
            context_before = excluded.context_before, context_after = excluded.context_after,
            page_hint = excluded.page_hint, granularity = excluded.granularity,
            created_at = excluded.created_at, note = excluded.note, group_id = excluded.group_id
        """

    /// Binds `selection` to ``upsertSQL``'s parameters.
    static func bind(_ selection: SavedSelection, to statement: SQLite.Statement) throws(SQLite.Failure) {
        try statement.bind(selection.id.uuidString, at: 1)
        try statement.bind(selection.book.rawValue, at: 2)
        try statement.bind(selection.elementIndex, at: 3)
        try statement.bind(selection.utf16Range.lowerBound, at: 4)
        try statement.bind(selection.utf16Range.upperBound, at: 5)
        try statement.bind(selection.text, at: 6)
        try statement.bind(selection.contextBefore, at: 7)
        try statement.bind(selection.contextAfter, at: 8)
        try statement.bind(selection.pageHint, at: 9)
        try statement.bind(selection.granularity.rawValue, at: 10)
        try statement.bind(selection.createdAt.timeIntervalSinceReferenceDate, at: 11)
        try statement.bind(selection.note, at: 12)
        try statement.bind(selection.groupID?.uuidString, at: 13)
    }

    /// The selection in the current row of a ``selectSQL`` statement, or why it cannot be read.
    static func selection(from row: SQLite.Statement, path: String) -> Result<SavedSelection, SavedSelectionStoreError>
    {
        let rawID = row.text(0) ?? ""
        func invalid(_ reason: String) -> Result<SavedSelection, SavedSelectionStoreError> {
            .failure(.invalidSelection(path: path, id: rawID, reason: reason))
        }
        guard let id = UUID(uuidString: rawID) else { return invalid("its id is not a UUID") }
        let rawGranularity = row.text(9) ?? ""
        guard let granularity = TextGranularity(rawValue: rawGranularity) else {
            return invalid("unknown granularity '\(rawGranularity)'")
        }
        let start = row.int(3)
        let end = row.int(4)
        guard 0 <= start, start <= end else { return invalid("UTF-16 range \(start)..<\(end) is not a range") }
        let rawGroup = row.text(12)
        let groupID = rawGroup.flatMap(UUID.init(uuidString:))
        if rawGroup != nil, groupID == nil { return invalid("its group id is not a UUID") }
        return .success(
            SavedSelection(
                id: id,
                book: BookIdentity(row.text(1) ?? ""),
                elementIndex: row.int(2),
                utf16Range: start..<end,
                text: row.text(5) ?? "",
                contextBefore: row.text(6) ?? "",
                contextAfter: row.text(7) ?? "",
                pageHint: row.isNull(8) ? nil : row.int(8),
                granularity: granularity,
                createdAt: Date(timeIntervalSinceReferenceDate: row.double(10)),
                note: row.text(11),
                groupID: groupID
            ))
    }
}

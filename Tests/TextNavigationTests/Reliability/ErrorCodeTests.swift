import Testing
import TextNavigation
import TextNavigationBooks
import TextNavigationStore

/// The library's errors are structs with codes: a backend tells them apart by ``code``, the
/// details are properties, and a code a later build adds still describes itself.
struct ErrorCodeTests {
    @Test func detailsAreProperties() {
        let loading = BookLoadingError.invalidUTF8(byteOffset: 7, reason: "a lone continuation byte")
        #expect(loading.code == .invalidUTF8 && loading.byteOffset == 7 && loading.path == nil)
        let epub = EPUBError.missingEntry(name: "OEBPS/a.xhtml", reason: "a spine item's content document")
        #expect(epub.code == .missingEntry && epub.entryName == "OEBPS/a.xhtml")
        let store = SavedSelectionStoreError.sqlite(path: "/s", operation: "step", code: 5, message: "busy")
        #expect(store.code == .sqlite && store.sqliteCode == 5 && store.reason == "busy" && store.path == "/s")
        #expect(LocatorError.malformed("no element").code == .malformed)
        #expect(LocatorError.notFound == LocatorError(code: .notFound))
    }

    @Test func anUnknownCodeStillSaysWhatIsWrong() {
        let later = LocatorError.Code(rawValue: "fromTheFuture")
        #expect("\(LocatorError(code: later, reason: "why"))".contains("why"))
        #expect("\(EPUBError(code: .init(rawValue: "fromTheFuture"), reason: "why"))".contains("why"))
        #expect("\(BookLoadingError(code: .init(rawValue: "fromTheFuture")))".contains("fromTheFuture"))
        #expect(
            "\(SavedSelectionStoreError(code: .init(rawValue: "fromTheFuture"), path: "/s", reason: "why"))"
                .contains("/s"))
    }
}

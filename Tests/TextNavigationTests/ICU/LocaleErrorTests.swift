import Testing
import TextNavigation

/// The public API reports a locale it cannot use as ``LocaleError`` (ICU's own error stays
/// inside the library), with the locale as given and a code.
@Suite struct LocaleErrorTests {
    @Test func aMalformedLocaleIsAnInvalidLocaleErrorEverywhere() {
        let errors: [LocaleError?] = [
            Self.error { () throws(LocaleError) in _ = try StringTokenizer("Hello", locale: "en-") },
            Self.error { () throws(LocaleError) in _ = try StringTokenizer(storage: TextStorage("Hello"), locale: "en-")
            },
            Self.error { () throws(LocaleError) in _ = try TextLayout("Hello", locale: "en-", width: 10) },
            Self.error { () throws(LocaleError) in _ = try LaidOutTextInput("Hello", locale: "en-", width: 10) },
            Self.error { () throws(LocaleError) in
                try CellLines.forEach(in: TextStorage("Hello"), locale: "en-", width: 10) { _, _ in }
            },
        ]
        for error in errors {
            #expect(error?.code == .invalid)
            #expect(error?.locale == "en-")
            #expect(error?.description == "'en-' is not a valid locale id (U_ILLEGAL_ARGUMENT_ERROR)")
        }
    }

    @Test func aValidLocaleThrowsNothing() throws {
        #expect(try StringTokenizer("Hello world", locale: "ja-JP").units(for: .word).count == 2)
        #expect(try TextLayout("Hello world", locale: "th", width: 5).lineCount == 2)
    }

    /// The error `body` throws, or `nil` when it throws none.
    static func error(_ body: () throws(LocaleError) -> Void) -> LocaleError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }
}

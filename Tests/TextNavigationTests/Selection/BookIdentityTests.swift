import Foundation
import Testing
import TextNavigation

@Suite struct BookIdentityTests {
    /// The fingerprint the command line has always filed selections under: 64-bit FNV-1a of the
    /// bytes (of "hello": a430d84680aabd0b, the published test value) and their count.
    @Test func aFingerprintIsTheStringStoresAlreadyHold() {
        #expect(BookIdentity(fingerprintOf: Array("hello".utf8)).rawValue == "fnv1a64:a430d84680aabd0b:5")
        #expect(BookIdentity(fingerprintOf: [UInt8]()).rawValue == "fnv1a64:cbf29ce484222325:0")
        #expect(BookIdentity(fingerprintOf: "hello".utf8) == BookIdentity(fingerprintOf: Array("hello".utf8)))
    }

    @Test func aSavedSelectionEncodesItsBookAsAPlainString() throws {
        let selection = SavedSelection.sample(0, book: BookIdentity("my-book"))
        let json = String(decoding: try JSONEncoder().encode(selection), as: UTF8.self)
        #expect(json.contains(#""book":"my-book""#))
        #expect(try JSONDecoder().decode(SavedSelection.self, from: Data(json.utf8)).book == "my-book")
    }
}

import Foundation
import Testing

/// The library's folders use only the folders below them (``LayeringCheck/layers``): no circle
/// between layers. `scripts/layering.sh` prints the same violations.
@Suite struct LayeringTests {
    @Test func noFolderUsesATypeFromAFolderAboveIt() throws {
        let report = try LayeringCheck.check(repositoryRoot: Fixtures.repositoryRoot)
        // A check that found no types (a moved folder, a changed declaration style) checks nothing.
        for layer in LayeringCheck.layers.joined() {
            #expect(report.declaredTypes[layer, default: 0] > 0, "no type found declared in \(layer)")
        }
        #expect(report.unplacedFolders.isEmpty, "place these folders in LayeringCheck.layers")
        for violation in report.violations {
            Issue.record("Layering: \(violation)")
        }
        for stale in report.staleAllowlistEntries {
            Issue.record("Layering: \(stale)")
        }
    }

    @Test func anUpwardUseIsReportedAndCommentsAndStringsAreNot() {
        let low = """
            public struct Position {
                // High in a comment
                /* High in a /* nested */ block comment */
                let name = "High in a string"
                let raw = #"High in a "raw" string"#
                let lines = \"""
                    High in a multi-line string
                    \"""
                let shown = "\\(Page.self) in an interpolation"
            }
            """
        let high = """
            public final class Page {
                struct Nested {}
                let position: Position
            }
            """
        let sources = [
            (file: "Text/Position.swift", folder: "Text", code: LayeringCheck.code(of: low)),
            (file: "Document/Page.swift", folder: "Document", code: LayeringCheck.code(of: high)),
        ]
        let report = LayeringCheck.check(sources)
        #expect(
            report.violations
                == [LayeringCheck.Violation(file: "Text/Position.swift", type: "Page", declaredIn: "Document")])
        #expect(report.declaredTypes == ["Text": 1, "Document": 1])
        #expect(!LayeringCheck.code(of: low).contains("High"))
    }

    @Test func aFolderMayNotUseAnotherOfItsOwnRow() {
        let sources = [
            (file: "Reading/A.swift", folder: "Reading", code: "struct A { let b: B }"),
            (file: "Selection/B.swift", folder: "Selection", code: "struct B {}"),
            (file: "Lobby/C.swift", folder: "Lobby", code: "struct C {}"),
        ]
        let report = LayeringCheck.check(sources)
        #expect(
            report.violations == [LayeringCheck.Violation(file: "Reading/A.swift", type: "B", declaredIn: "Selection")])
        #expect(report.unplacedFolders == ["Lobby"])
    }
}

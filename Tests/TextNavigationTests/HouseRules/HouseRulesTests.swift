import Foundation
import Testing

/// The house rules on size (``HouseRulesCheck``): no Swift file under `Sources`, `Tests` or
/// `Examples` over 400 lines, and no function, initializer, subscript or property body over 60
/// lines, unless a comment directly above it (or, for a file, before its first declaration)
/// starts with `// Long because:` and gives the reason; and the scanner that measures them.
@Suite("House rules")
struct HouseRulesTests {
    @Test func sourceFilesAndBodiesStayWithinTheLimits() throws {
        let report = try HouseRulesCheck.check(repositoryRoot: Fixtures.repositoryRoot)
        #expect(report.files.count > 100, "the check found too few source files under \(Fixtures.repositoryRoot.path)")
        for folder in HouseRulesCheck.checkedFolders {
            #expect(report.files.contains { $0.hasPrefix(folder + "/") }, "the check read no file under \(folder)")
        }
        #expect(
            report.offenders.isEmpty,
            """
            Split these, or write `\(SourceSizeScanner.marker) <reason>` directly above the declaration \
            (for a file, before its first declaration):
            \(report.offenders.joined(separator: "\n"))
            """)
        #expect(
            report.staleAllowlistEntries.isEmpty,
            "no longer over the limit, remove from HouseRulesCheck.temporaryAllowlist: \(report.staleAllowlistEntries)")
    }

    // MARK: The scanner

    @Test func bodiesAreMeasuredFromTheOpeningToTheClosingBrace() {
        let source = """
            struct S {
                /// Docs.
                func short(_ x: Int, label y: Int) -> Int {
                    x + y
                }

                init(
                    storage: Int,
                    locale: String
                ) throws {
                    let a = 1
                }

                var computed: Int {
                    get { 1 }
                }
            }
            """
        let bodies = SourceSizeScanner(source: source).bodies()
        #expect(
            bodies == [
                .init(name: "func short(_:label:)", line: 3, braces: 3...5, hasReason: false),
                .init(name: "init(storage:locale:)", line: 7, braces: 10...12, hasReason: false),
                .init(name: "var computed", line: 14, braces: 14...16, hasReason: false),
            ])
    }

    @Test func bracesInStringsAndCommentsAreNotCounted() {
        let source = #"""
            func f() {
                let a = "}}} \("{" + "}")"
                // }
                /* } /* nested } */ } */
                let b = #"}\"#
                let c = """
                    } "" }
                    """
            }
            func g() {}
            """#
        let bodies = SourceSizeScanner(source: source).bodies()
        #expect(bodies.map(\.name) == ["func f()", "func g()"])
        #expect(bodies.first?.braces == 1...9)
    }

    @Test func requirementsWithoutBodiesAndCallsAreNotDeclarations() {
        let source = """
            protocol P {
                func f() -> Int
                init(x: Int)
            }
            func h() {
                let s = S.init(x: 1)
                super.init(x: 2)
            }
            """
        #expect(SourceSizeScanner(source: source).bodies().map(\.name) == ["func h()"])
    }

    @Test func theMarkerAboveADeclarationGivesItsReason() {
        let source = """
            // Long because: one loop that the hot path needs whole.
            @inline(__always)
            func a() {}

            /// Docs.
            // Long because:
            func b() {}

            // Long because: a reason, but a blank line before the declaration.

            func c() {}
            """
        let reasons = SourceSizeScanner(source: source).bodies().map(\.hasReason)
        #expect(reasons == [true, false, false])
    }

    @Test func aFileCountsItsLinesAndTakesItsReasonBeforeItsFirstDeclaration() {
        let marked = SourceSizeScanner(source: "import Foundation\n\n// Long because: generated.\nlet x = 1\n")
        #expect(marked.lines.count == 4)
        #expect(marked.fileHasReason)
        #expect(!SourceSizeScanner(source: "let x = 1\n// Long because: too late.\n").fileHasReason)
    }
}

import Foundation
import Testing

/// What `-i` refuses, with no terminal needed.
@Suite(.tags(.process)) struct InteractiveRefusalTests {
    @Test func standardInputThatIsNotATerminalIsRefused() throws {
        let result = try CLIRunner.run([CLIRunner.book("alice-in-wonderland.txt"), "-i"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: --interactive needs a terminal"), "\(result.standardError)")
    }

    @Test func aBookOnStandardInputIsRefused() throws {
        let result = try CLIRunner.run(["-", "--interactive"], input: Data("Hello.".utf8))
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: --interactive reads keys from standard input"))
    }
}

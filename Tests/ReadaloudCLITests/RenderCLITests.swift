import Foundation
import Testing

/// `readaloud render`: a page of a book drawn to a PNG, and its errors' exit codes.
@Suite struct RenderCLITests {
    static let fontsInstalled = FileManager.default.fileExists(
        atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

    @Test(.enabled(if: fontsInstalled, "DejaVu Sans is not installed (apt-get install fonts-dejavu-core)"))
    func renderWritesThePageAsAPNG() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("page.png").path
        let result = try CLIRunner.run([
            "render", CLIRunner.book("alice-in-wonderland.txt"), "--page", "2", "--out", out, "--highlight", "sentence",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("\(out): Page 2 of "))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // The IHDR chunk: the page's width in pixels, 2 per point of --width 360 and two 36-point margins.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 864)
    }

    @Test(.enabled(if: fontsInstalled, "DejaVu Sans is not installed (apt-get install fonts-dejavu-core)"))
    func aVerticalBookIsDrawnInColumnsAsLongAsItsLines() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("page.png").path
        let book = CLIRunner.repositoryRoot.appendingPathComponent(
            "Tests/Fixtures/epub/idpf-kusamakura-japanese-vertical-writing.epub"
        ).path
        let result = try CLIRunner.run(["render", book, "--page", "3", "--width", "300", "--lines", "20", "--out", out])
        #expect(result.status == 0, "\(result.standardError)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        // Columns 300 points long: the page is 2 × (300 + 2 × 36) pixels high, and wider than it
        // is long with 20 columns of 17.4-point lines.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(height == 744)
        #expect(width > 700)
    }

    @Test(
        .enabled(if: fontsInstalled, "DejaVu Sans is not installed (apt-get install fonts-dejavu-core)"),
        arguments: [
            (["--page", "100000"], 64, "Error: --page 100000 is past the end"),
            (["--page", "0"], 64, "Error: "),
            (["--position", "100000"], 64, "Error: --position 100000 is past the page's text"),
            (["--font", "/nonexistent/font.ttf"], 66, "Error: --font: /nonexistent/font.ttf does not exist"),
            (
                ["--font", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "--face", "3"], 65,
                "Error: --font: cannot use the font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf (face 3): it has one face, number 0"
            ),
            (["--font", "README.md"], 65, "Error: --font: cannot use the font README.md: it is not an OpenType"),
            (["--out", "/nonexistent/page.png"], 73, "Error: cannot write /nonexistent/page.png"),
            (["--highlight", "paragraph"], 64, "Error: "),
        ])
    func badInputsExitWithTheirCodes(options: [String], status: Int32, message: String) throws {
        var arguments = ["render", CLIRunner.book("alice-in-wonderland.txt")] + options
        if !options.contains("--out") { arguments += ["--out", "/tmp/readaloud-render-unused.png"] }
        let result = try CLIRunner.run(arguments)
        defer { try? FileManager.default.removeItem(atPath: "/tmp/readaloud-render-unused.png") }
        #expect(result.status == status, "\(options): \(result.standardError)")
        #expect(result.standardError.hasPrefix(message), "\(options): \(result.standardError)")
    }

    @Test func aMissingBookExitsWith66() throws {
        let result = try CLIRunner.run(["render", "Books/no-such-book.txt", "--out", "/tmp/readaloud-render-none.png"])
        #expect(result.status == 66)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/readaloud-render-none.png"))
    }
}

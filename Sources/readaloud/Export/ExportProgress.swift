import Foundation
import ReadaloudJSON

#if canImport(Glibc)
    import Glibc
#endif

/// How far an export has gone, on standard error: a bar redrawn in place on a terminal
/// (percentage, chapters done, elapsed, time left), a plain line per chapter otherwise, or
/// with `--format jsonl` a `progress` event per chapter on standard output.
final class ExportProgress {
    enum Style { case bar, lines, jsonl }

    private let style: Style
    private let total: Int
    /// The weight of each chapter (its text's length): the part of the work it is.
    private let weights: [Int: Int]
    private let totalWeight: Int
    private var done = 0
    private var doneWeight = 0
    /// The weight of chapters kept from an earlier run, which take no time now.
    private var keptWeight = 0
    private let start = ContinuousClock.now

    init(style: Style, weights: [Int: Int]) {
        self.style = style
        self.weights = weights
        total = weights.count
        totalWeight = max(1, weights.values.reduce(0, +))
    }

    /// The style for standard error and `--format`.
    static func style(jsonl: Bool) -> Style {
        jsonl ? .jsonl : (isatty(2) != 0 ? .bar : .lines)
    }

    /// Chapter `chapter` was finished by an earlier run.
    func kept(_ chapter: Int) {
        done += 1
        doneWeight += weights[chapter] ?? 0
        keptWeight += weights[chapter] ?? 0
    }

    /// Chapter `chapter` is finished.
    func finished(_ chapter: Int) {
        done += 1
        doneWeight += weights[chapter] ?? 0
        report(chapter: chapter)
    }

    /// A stage after synthesis ("encoding").
    func stage(_ name: String) {
        switch style {
        case .jsonl:
            var event = JSONObject()
            event.add("type", "stage")
            event.add("stage", name)
            StandardOutput.shared.line(event.text)
            StandardOutput.shared.flush()
        case .bar: writeToStandardError("\n\(name)...\n")
        case .lines: writeToStandardError("\(name)...\n")
        }
    }

    private func report(chapter: Int) {
        let fraction = Double(doneWeight) / Double(totalWeight)
        let elapsed = Double((ContinuousClock.now - start).components.seconds)
        let worked = Double(doneWeight - keptWeight) / Double(totalWeight)
        let left = worked > 0 ? elapsed / worked * (1 - fraction) : 0
        let percent = Int(fraction * 100)
        switch style {
        case .jsonl:
            var event = JSONObject()
            event.add("type", "progress")
            event.add("chapter", chapter)
            event.add("done", done)
            event.add("chapters", total)
            event.add("percent", percent)
            event.add("elapsed", Int(elapsed))
            event.add("remaining", Int(left))
            StandardOutput.shared.line(event.text)
            StandardOutput.shared.flush()
        case .lines:
            writeToStandardError(
                "\(percent)% \(done)/\(total) chapters, \(Self.clock(elapsed)) elapsed, \(Self.clock(left)) left\n")
        case .bar:
            let width = 30
            let filled = Int(fraction * Double(width))
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            writeToStandardError(
                "\r[\(bar)] \(percent)% \(done)/\(total) chapters \(Self.clock(elapsed)) elapsed, ~\(Self.clock(left)) left "
            )
        }
    }

    /// `seconds` as `M:SS` (or `H:MM:SS`).
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}

import Foundation
import TextNavigation

/// `readaloud export`'s options, each declared once.
enum ExportOptions {
    static let to = CommandOption.text(
        "to", valueName: "OUT", help: "The file to write: .m4b, .opus, .epub, .srt or .vtt.", required: true)
    static let kind = CommandOption<ExportFormat?>.choice(
        "as", valueName: "F", help: "What to write, whatever OUT's extension: m4b, opus, epub, srt or vtt.",
        allowed: ExportFormat.allCases)
    static let format = CommandOption.choice(
        "format", valueName: "F", help: "Progress as text on standard error, or JSON Lines on standard output.",
        allowed: ExportProgressFormat.allCases, default: .text)
    static let jobs = CommandOption.integer(
        "jobs", valueName: "N",
        help: "Chapters synthesized at once, each in its own process (default: the core count).", in: 1...256,
        default: ProcessInfo.processInfo.activeProcessorCount)
    static let sync = CommandOption.choice(
        "sync", valueName: "UNIT", help: "EPUB: a Media Overlay clip per sentence or per word.",
        allowed: SyncGranularity.allCases, default: .word)
    static let force = CommandOption.flag("force", help: "Replace OUT when it exists.")
    static let resume = CommandOption.flag(
        "resume", help: "Keep the chapters a stopped export of the same book and options finished (OUT.partial/).")
    static let worker = CommandOption.text(
        "worker", valueName: "N:FIRST:END", help: "Internal: synthesize one chapter, as a worker process.")

    static var all: [CommandSpec.Option] {
        [to.spec, kind.spec, format.spec, jobs.spec, sync.spec, force.spec, resume.spec]
    }
}

import Foundation
import TextNavigation
import TextNavigationBooks
import TextNavigationSpeech

#if canImport(Glibc)
    import Glibc
#endif

/// `readaloud export BOOK --to OUT`: the book read by espeak-ng into an audiobook with
/// chapters (`.m4b`, `.opus`), a synchronized EPUB 3, or subtitles (`.srt`, `.vtt`), its
/// chapters synthesized in parallel worker processes, bounded by `--jobs`.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export a book read aloud: an audiobook with chapters, a synchronized EPUB 3, or subtitles.",
        positionals: [CommonOptions.book],
        options: ExportOptions.all + [
            CommonOptions.locale.spec, SpeechOptions.voice.spec, SpeechOptions.rate.spec, SpeechOptions.pitch.spec,
            SpeechOptions.volume.spec, CommonOptions.skip.spec, LexiconOption.lexicon.spec, CommonOptions.lossy.spec,
            ExportOptions.worker.spec,
        ],
        discussion: """
            The format is OUT's extension (.m4b or .m4a: AAC in MP4 with chapters; .opus or .ogg: \
            Opus in Ogg with chapter comments; .epub: an EPUB 3 with Media Overlays; .srt, .vtt: \
            subtitles per sentence), or --as. Audio is encoded with FFmpeg's libraries. Chapters \
            come from the table of contents or the headings (ten pages a chapter without any); \
            each is synthesized by espeak-ng in its own process, --jobs at a time, and the output \
            is the same byte for byte whatever --jobs is. Page turns are not spoken; a heading is \
            followed by a pause.

            OUT is written under a temporary name and renamed when complete; finished chapters \
            wait in OUT.partial/, which --resume continues from after a Ctrl-C (exit 130). An \
            existing OUT is refused without --force (exit 73); a missing espeak-ng exits 69 \
            before any work, a write that fails (a full disk) 74, with the partial file removed. \
            See docs/export.md.
            """)

    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        do {
            if let worker = arguments[ExportOptions.worker] {
                try runWorker(worker, arguments)
            } else {
                try export(arguments)
            }
        } catch {
            throw error.commandFailure
        }
    }

    /// The speech settings the options give.
    static func settings(_ arguments: ParsedArguments) -> SpeechSettings {
        SpeechSettings(
            voice: arguments[SpeechOptions.voice], rate: arguments[SpeechOptions.rate],
            pitch: arguments[SpeechOptions.pitch], volume: arguments[SpeechOptions.volume],
            language: arguments[CommonOptions.locale])
    }

    /// The book at the path given, opened as every process of the export opens it.
    private static func open(_ arguments: ParsedArguments) throws(ExportFailure) -> OpenedBook {
        do {
            return try OpenedBook.open(
                at: arguments.positionals[0], lossy: arguments[CommonOptions.lossy],
                locale: arguments[CommonOptions.locale])
        } catch {
            throw ExportFailure(error.exitCode, error.message)
        }
    }

    /// A worker process: synthesizes its one chapter into the cache.
    private static func runWorker(_ argument: String, _ arguments: ParsedArguments) throws(ExportFailure) {
        guard let job = ChapterWorker.Job(argument: argument) else {
            throw ExportFailure(.usage, "--worker: expected N:FIRST:END")
        }
        // A Ctrl-C reaches every process of the terminal's group: a worker just ends (its
        // chapter, unfinished, was never renamed into place).
        for number in InterruptRequest.signals { signal(number, SIG_DFL) }
        // A file size limit (`ulimit -f`) is a full disk: a write fails (74), not the process.
        signal(SIGXFSZ, SIG_IGN)
        let book = try open(arguments)
        let pronunciations: any PronunciationSource
        do {
            pronunciations = book.pronunciations(lexicon: try LexiconOption.load(arguments))
        } catch {
            throw ExportFailure(error.exitCode, error.message)
        }
        try ChapterWorker.run(
            job, title: "", book: book, settings: settings(arguments), skipping: arguments[CommonOptions.skip],
            pronunciations: pronunciations, cache: ExportCache(output: output(arguments)))
    }

    private static func output(_ arguments: ParsedArguments) -> URL {
        URL(fileURLWithPath: arguments[ExportOptions.to] ?? "")
    }

    /// The whole export: checks, chapters in workers, then the output.
    private static func export(_ arguments: ParsedArguments) throws(ExportFailure) {
        let output = output(arguments)
        let format = try checkArguments(arguments, output: output)
        try checkEngine(settings(arguments))
        InterruptRequest.install()
        signal(SIGXFSZ, SIG_IGN)
        let book = try open(arguments)
        do {
            _ = try LexiconOption.load(arguments)  // a bad lexicon is said once, before any work
        } catch {
            throw ExportFailure(error.exitCode, error.message)
        }
        let chapters = ExportChapter.plan(of: book)
        guard !chapters.isEmpty else { throw ExportFailure(.dataError, "the book has nothing to read") }
        let cache = ExportCache(output: output)
        let progress = ExportProgress(
            style: ExportProgress.style(jsonl: arguments[ExportOptions.format] == .jsonl),
            weights: weights(of: chapters, in: book.document))
        let pipeline =
            format == .m4b
            ? PipelinedAudiobook(
                cache: cache, url: output.appendingPathExtension("tmp"), cover: AudiobookCover(of: book)) : nil
        do {
            try synthesize(chapters, arguments: arguments, cache: cache, progress: progress) {
                pipeline?.chapterFinished($0)
            }
        } catch {
            pipeline?.abandon()
            throw error
        }
        let timeline = try BookTimeline(chapters, cache: cache)
        progress.stage("writing \(output.lastPathComponent)")
        try write(
            timeline, chapters: chapters, format: format, pipeline: pipeline, book: book,
            arguments: arguments, cache: cache,
            to: output)
        cache.remove()
    }

    /// The output format, once the arguments are known to make sense; refuses an existing
    /// output without `--force` (73).
    private static func checkArguments(_ arguments: ParsedArguments, output: URL) throws(ExportFailure)
        -> ExportFormat
    {
        guard arguments.positionals[0] != "-" else {
            throw ExportFailure(.usage, "export reads a book file, not standard input")
        }
        guard let format = arguments[ExportOptions.kind] ?? ExportFormat(extensionOf: output) else {
            throw ExportFailure(
                .usage,
                "cannot tell the format of '\(output.lastPathComponent)': use .m4b, .opus, .epub, .srt, .vtt or --as")
        }
        if FileManager.default.fileExists(atPath: output.path), !arguments[ExportOptions.force] {
            throw ExportFailure(.cannotCreate, "\(output.path) exists; use --force to replace it")
        }
        var isDirectory: ObjCBool = false
        let parent = output.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ExportFailure(.cannotCreate, "\(parent) is not a directory")
        }
        return format
    }

    /// Fails before any work when espeak-ng is missing (69) or refuses the voice (64).
    private static func checkEngine(_ settings: SpeechSettings) throws(ExportFailure) {
        let scratch = FileManager.default.temporaryDirectory
        do {
            _ = try EspeakEngine(settings: settings, output: .wavFiles(directory: WAVDirectory(scratch)))
        } catch {
            throw ExportFailure(error.code == .invalidSetting ? .usage : .unavailable, error.message)
        }
    }

    /// Each chapter's weight in the work: the UTF-16 length of its text.
    private static func weights(of chapters: [ExportChapter], in document: Document) -> [Int: Int] {
        var weights: [Int: Int] = [:]
        for (index, chapter) in chapters.enumerated() {
            weights[index + 1] = chapter.elements.reduce(1) { $0 + document.elements[$1].string.utf16.count }
        }
        return weights
    }

    /// Synthesizes the chapters not finished yet, `--jobs` at a time.
    private static func synthesize(
        _ chapters: [ExportChapter], arguments: ParsedArguments, cache: ExportCache, progress: ExportProgress,
        ready: (Int) -> Void
    ) throws(ExportFailure) {
        let plan = ExportPlan(chapters: chapters, arguments: arguments)
        try cache.prepare(plan: plan.data, resume: arguments[ExportOptions.resume])
        var pending: [ChapterWorker.Job] = []
        for (index, chapter) in chapters.enumerated() {
            if cache.isFinished(index + 1) {
                progress.kept(index + 1)
                ready(index + 1)
            } else {
                pending.append(ChapterWorker.Job(number: index + 1, elements: chapter.elements))
            }
        }
        let pool = WorkerPool(
            executable: executable, arguments: Array(CommandLine.arguments.dropFirst()),
            jobs: arguments[ExportOptions.jobs])
        do {
            try pool.run(pending) {
                progress.finished($0.number)
                ready($0.number)
            }
        } catch {
            if error.exitCode == InterruptRequest.exitCode, InterruptRequest.isRequested {
                writeToStandardError(
                    "\nStopped. Finished chapters are kept in \(cache.url.path); run again with --resume to go on.\n")
            }
            throw error
        }
    }

    /// This program, for the workers.
    private static var executable: URL {
        let path =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: path)
    }
}

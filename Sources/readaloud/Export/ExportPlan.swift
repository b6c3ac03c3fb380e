import Foundation

/// What makes an export's chapters what they are: the chapters and the options that shape
/// their audio. `--resume` keeps the finished chapters only of the same plan.
struct ExportPlan: Encodable {
    struct Chapter: Encodable {
        var title: String
        var first: Int
        var end: Int
    }

    var book: String
    var chapters: [Chapter]
    var speech: [String]

    /// The options that change the audio, as given.
    static let speechOptions = ["voice", "rate", "pitch", "volume", "locale", "skip", "lexicon", "lossy"]

    init(chapters: [ExportChapter], arguments: ParsedArguments) {
        book = URL(fileURLWithPath: arguments.positionals[0]).standardizedFileURL.path
        self.chapters = chapters.map {
            Chapter(title: $0.title, first: $0.elements.lowerBound, end: $0.elements.upperBound)
        }
        speech = Self.speechOptions.map { name in
            "\(name)="
                + (arguments.values[name] ?? (arguments.flags.contains(name) ? ["on"] : [])).joined(separator: ",")
        }
    }

    var data: Data { (try? ExportCache.encoder.encode(self)) ?? Data() }
}

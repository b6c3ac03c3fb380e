import Foundation
import Synchronization

/// A directory that speech writes WAV files into instead of playing them (`--speak-to DIR`),
/// numbered in the order they would be heard (`00001.wav`, `00002.wav`…), however many engines
/// write there: synthesized speech and recorded narration share one count.
public final class WAVDirectory: Sendable {
    /// The directory.
    public let url: URL
    private let count = Atomic<Int>(0)

    /// The directory at `url`, which must exist.
    public init(_ url: URL) {
        self.url = url
    }

    /// The name of the next file to write.
    func nextFile() -> URL {
        let number = count.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        return url.appendingPathComponent(String(format: "%05d.wav", number))
    }
}

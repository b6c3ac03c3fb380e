import TextNavigation

/// Reads a Media Overlay document (SMIL 3.0 as EPUB Media Overlays 3.3 profiles it) into its
/// `par`s, in document order: each `par`'s `text` target, `audio` clip and the `epub:type`s of
/// it and the `seq`s it is in.
///
/// What cannot be played is left out and counted in ``problems``, one line per kind and
/// document, never a refusal: a `par` without `text` or `audio`, a clip whose clock values do
/// not parse or end before they begin, a source that refers to the overlay itself, remote
/// audio (never fetched).
struct MediaOverlayReader {
    /// One `par`, its sources resolved to entry names.
    struct Par {
        let textPath: String
        let fragment: String?
        let audio: String
        let begin: Int
        let end: Int?
        let types: Set<String>
    }

    /// The `par`s that can be played, in document order.
    private(set) var pars: [Par] = []
    /// Why the others cannot be, with how many of each.
    var problems: [String] {
        counts.sorted { $0.key < $1.key }.map {
            "\(path): \($0.value) clip\($0.value == 1 ? "" : "s") left out: \($0.key)"
        }
    }

    private let path: String
    private let folder: String
    private var counts: [String: Int] = [:]

    /// An overlay with nothing to play (one that could not be read).
    init(empty path: String) {
        self.path = path
        folder = EPUBPath.folder(of: path)
    }

    /// Reads the overlay at `path` whose root element is `root`.
    init(root: XMLNode, path: String) {
        self.path = path
        folder = EPUBPath.folder(of: path)
        if root.name != "smil" {
            counts["its root is <\(root.name)>, not <smil>", default: 0] += 1
            return
        }
        if let body = root.element(named: "body") { visit(body, types: [], depth: 0) }
    }

    private mutating func visit(_ node: XMLNode, types inherited: Set<String>, depth: Int) {
        guard depth < 64 else {
            counts["nested past 64 seq levels", default: 0] += 1
            return
        }
        for child in node.elements {
            let own = (child.attribute("type", namespace: XMLNode.ops) ?? "").split(separator: " ").map(String.init)
            let types = inherited.union(own)
            switch child.name {
            case "seq": visit(child, types: types, depth: depth + 1)
            case "par": read(child, types: types)
            default: continue
            }
        }
    }

    private mutating func read(_ par: XMLNode, types: Set<String>) {
        guard let textSource = par.element(named: "text")?.attribute("src"),
            let audio = par.element(named: "audio"), let audioSource = audio.attribute("src")
        else {
            counts["a par needs a text and an audio element with src", default: 0] += 1
            return
        }
        guard !EPUBPath.isRemote(audioSource) else {
            counts["remote audio is never fetched", default: 0] += 1
            return
        }
        guard let text = EPUBPath.resolve(textSource, against: folder),
            let audioPath = EPUBPath.resolve(audioSource, against: folder)?.path
        else {
            counts["a source outside the book", default: 0] += 1
            return
        }
        guard text.path != path, audioPath != path else {
            counts["a source that is the overlay itself", default: 0] += 1
            return
        }
        let begin = audio.attribute("clipBegin").map(SMILClock.milliseconds) ?? 0
        let end = audio.attribute("clipEnd").map(SMILClock.milliseconds)
        guard let begin, end.map({ $0 != nil }) ?? true else {
            counts["a clipBegin or clipEnd that is no SMIL clock value", default: 0] += 1
            return
        }
        let clipEnd = end.flatMap { $0 }
        guard clipEnd.map({ $0 > begin }) ?? true else {
            counts["a clip that ends before it begins", default: 0] += 1
            return
        }
        pars.append(
            Par(
                textPath: text.path, fragment: text.fragment, audio: audioPath, begin: begin, end: clipEnd, types: types
            ))
    }
}

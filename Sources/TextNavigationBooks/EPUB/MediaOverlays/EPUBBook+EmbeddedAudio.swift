import TextNavigation

extension EPUBBook {
    /// The `<audio>` elements of the spine's documents whose recordings are in the container;
    /// one that is remote (never fetched) or missing is named in `problems` and read as its
    /// fallback content alone.
    static func embeddedAudio(of spine: Spine, in archive: EPUBArchive, problems: inout [String]) -> [EmbeddedAudio] {
        var found: [EmbeddedAudio] = []
        for (index, (block, href)) in spine.blocks.enumerated() {
            guard let source = block.audio else { continue }
            guard let path = EPUBPath.resolve(source, against: EPUBPath.folder(of: href))?.path else {
                problems.append("\(href): the audio \(source) is remote (never fetched); its fallback text is read")
                continue
            }
            guard archive.contains(path) else {
                problems.append("\(href): the audio \(path) is missing; its fallback text is read")
                continue
            }
            found.append(EmbeddedAudio(element: index, source: path))
        }
        return found
    }
}

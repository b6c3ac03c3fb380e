import TextNavigation

extension EPUBBook {
    /// The clips of the spine documents' Media Overlays, in reading order, each mapped to the
    /// text it narrates; what cannot be played (an overlay that is missing or not well-formed,
    /// a `text` that points nowhere, missing audio) is left out and named in `problems`.
    static func mediaOverlays(
        of spine: Spine, package: EPUBPackage, in archive: EPUBArchive, problems: inout [String]
    ) -> [MediaOverlayClip] {
        var clips: [MediaOverlayClip] = []
        var readers: [String: MediaOverlayReader] = [:]
        var reported: Set<String> = []
        for (number, overlay) in spine.overlays.enumerated() {
            guard let overlay else { continue }
            let reader: MediaOverlayReader
            if let known = readers[overlay] {
                reader = known
            } else {
                do throws(EPUBError) {
                    guard archive.contains(overlay) else {
                        throw .missingEntry(name: overlay, reason: "a content document's Media Overlay")
                    }
                    guard let root = try XMLDocument(bytes: try archive.data(overlay), name: overlay).root else {
                        continue
                    }
                    reader = MediaOverlayReader(root: root, path: overlay)
                } catch {
                    problems.append("Media Overlay left out: \(error)")
                    readers[overlay] = MediaOverlayReader(empty: overlay)
                    continue
                }
                readers[overlay] = reader
            }
            var missing: [String: Int] = [:]
            for par in reader.pars {
                guard let text = target(of: par, from: number, in: spine) else {
                    missing["whose text points nowhere (\(par.textPath)#\(par.fragment ?? ""))", default: 0] += 1
                    continue
                }
                guard archive.contains(par.audio) else {
                    missing["whose audio file \(par.audio) is missing", default: 0] += 1
                    continue
                }
                clips.append(
                    MediaOverlayClip(
                        text: text, audio: par.audio, begin: par.begin, end: par.end, types: par.types,
                        overlay: overlay))
            }
            if reported.insert(overlay).inserted { problems += reader.problems }
            for (reason, count) in missing.sorted(by: { $0.key < $1.key }) {
                problems.append("\(overlay): \(count) clip\(count == 1 ? "" : "s") left out, \(reason)")
            }
        }
        return clips
    }

    /// The text a `par` narrates: its fragment's in the spine document `number` when the `par`
    /// names that document, else in the first reading of the document it names.
    private static func target(of par: MediaOverlayReader.Par, from number: Int, in spine: Spine)
        -> Range<ReadingPosition>?
    {
        let document =
            spine.documents[number].href == par.textPath
            ? number : spine.documents.firstIndex { $0.href == par.textPath }
        guard let document else { return nil }
        let elements = spine.documents[document].elements
        guard !elements.isEmpty else { return nil }
        guard let fragment = par.fragment else {
            let last = elements.upperBound - 1
            let start = ReadingPosition(element: elements.lowerBound, offset: 0)
            return start..<ReadingPosition(element: last, offset: spine.blocks[last].block.text.count)
        }
        guard let range = spine.idRanges[document][fragment] else { return nil }
        let first = elements.lowerBound
        let start = ReadingPosition(element: first + range.start.block, offset: range.start.offset)
        return start..<ReadingPosition(element: first + range.end.block, offset: range.end.offset)
    }
}

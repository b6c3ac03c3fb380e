import TextNavigation

extension EPUBBook {

    /// The PLS lexicons the spine's documents link, read; those that cannot be are named in
    /// `problems` and left out, and all of them together take at most
    /// ``PronunciationLexicon/maximumEntries`` entries.
    static func lexicons(linkedBy spine: Spine, in archive: EPUBArchive, problems: inout [String])
        -> [String: PronunciationLexicon]
    {
        var lexicons: [String: PronunciationLexicon] = [:]
        var room = PronunciationLexicon.maximumEntries
        for (path, language) in spine.lexiconLanguages.sorted(by: { $0.key < $1.key }) {
            do {
                guard let root = try XMLDocument(bytes: try archive.data(path), name: path).root else {
                    throw EPUBError.malformedXML(name: path, reason: "no root element")
                }
                let entries = try PLSLexicon.entries(of: root, language: language.nonEmpty, limit: room)
                room -= entries.count
                lexicons[path] = try PronunciationLexicon(entries: entries)
            } catch {
                problems.append("the pronunciation lexicon \(path) is not used: \(error)")
            }
        }
        return lexicons
    }
}

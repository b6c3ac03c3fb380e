import TextNavigation

extension EPUBBook {

    /// The PLS lexicons the spine's documents link, read; those that cannot be are named in
    /// `problems` and left out: one over ``PLSLexicon/maximumSize`` bytes (its XML tree would
    /// take ten times that), not a PLS, or past ``PronunciationLexicon/maximumEntries``
    /// entries with the others.
    static func lexicons(linkedBy spine: Spine, in archive: EPUBArchive, problems: inout [String])
        -> [String: PronunciationLexicon]
    {
        var lexicons: [String: PronunciationLexicon] = [:]
        var room = PronunciationLexicon.maximumEntries
        for (path, language) in spine.lexiconLanguages.sorted(by: { $0.key < $1.key }) {
            do {
                let bytes = try archive.data(path)
                guard bytes.count <= PLSLexicon.maximumSize else {
                    throw PronunciationLexiconError.badPLS(
                        reason: "\(bytes.count) bytes, more than a book's lexicon may be (\(PLSLexicon.maximumSize))")
                }
                guard let root = try XMLDocument(bytes: bytes, name: path).root else {
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

import Foundation
import TextNavigation

/// One chapter of a synchronized EPUB: its text as XHTML, a span with an id around each
/// sentence (and word) that was spoken, and its Media Overlay: a `par` per span, from the
/// chapter's timing.
struct OverlayChapter {
    /// A span of the XHTML and its clip of the chapter's audio, in samples.
    struct Clip {
        var id: String
        var begin: Int
        var end: Int
    }

    let number: Int
    let xhtml: String
    let clips: [Clip]

    var documentName: String { "chapter-\(number).xhtml" }
    var overlayName: String { "chapter-\(number).smil" }
    var audioName: String { "audio/chapter-\(number).m4a" }

    /// The XHTML of `elements` of `document`, with spans for `timing`'s sentences (and their
    /// words with `sync` `.word`).
    init(
        number: Int, title: String, elements: Range<Int>, document: Document, timing: ChapterTiming,
        sync: SyncGranularity, language: String
    ) {
        self.number = number
        var body: [String] = []
        var clips: [Clip] = []
        let sentences = Dictionary(grouping: timing.sentences.enumerated(), by: \.element.element)
        for element in elements {
            let item = document.elements[element]
            let text = Array(item.string.utf16)
            guard !text.isEmpty else { continue }
            let tag = item.traits.contains(.heading) ? "h2" : "p"
            var html = ""
            var cursor = 0
            for (index, sentence) in (sentences[element] ?? []).sorted(by: { $0.element.start < $1.element.start }) {
                let range = max(cursor, sentence.start)..<min(text.count, sentence.end)
                // Text without audio of its own stays unmarked: a clip cannot be empty.
                guard !range.isEmpty,
                    Self.seconds(sentence.begin, timing.sampleRate)
                        != Self.seconds(
                            sentence.finish, timing.sampleRate)
                else { continue }
                html += Self.escaped(text, cursor..<range.lowerBound)
                let id = "s\(index + 1)"
                html += "<span id=\"\(id)\">"
                html += Self.words(
                    of: sentence, in: range, text: text, id: id, sync: sync, rate: timing.sampleRate, clips: &clips)
                html += "</span>"
                cursor = range.upperBound
            }
            html += Self.escaped(text, cursor..<text.count)
            body.append("<\(tag)>\(html)</\(tag)>")
        }
        self.clips = clips
        xhtml = Self.document(title: title, language: language, body: body)
    }

    /// The sentence's inside: its words each in a span (with `.word`), and the clips.
    private static func words(
        of sentence: ChapterTiming.Sentence, in range: Range<Int>, text: [UInt16], id: String,
        sync: SyncGranularity, rate: Int, clips: inout [Clip]
    ) -> String {
        guard sync == .word, !sentence.words.isEmpty else {
            clips.append(Clip(id: id, begin: sentence.begin, end: sentence.finish))
            return escaped(text, range)
        }
        var html = ""
        var cursor = range.lowerBound
        for (index, word) in sentence.words.enumerated() {
            let wordRange = max(cursor, word.start)..<min(range.upperBound, word.end)
            guard !wordRange.isEmpty else { continue }
            let end = index + 1 < sentence.words.count ? sentence.words[index + 1].begin : sentence.finish
            // A word the engine gave no time of its own (its mark and the next one's at the same
            // millisecond) stays in its sentence's text, unmarked: a clip cannot be empty.
            guard seconds(end, rate) != seconds(word.begin, rate) else { continue }
            let wordID = "\(id)w\(index + 1)"
            html += escaped(text, cursor..<wordRange.lowerBound)
            html += "<span id=\"\(wordID)\">" + escaped(text, wordRange) + "</span>"
            clips.append(Clip(id: wordID, begin: word.begin, end: end))
            cursor = wordRange.upperBound
        }
        return html + escaped(text, cursor..<range.upperBound)
    }

    /// The XHTML text of `text[range]`, escaped.
    static func escaped(_ text: [UInt16], _ range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.count else { return "" }
        return xmlEscaped(String(decoding: text[range], as: UTF16.self))
    }

    /// `text` with `&`, `<`, `>` and `"` escaped, and characters XML cannot hold dropped.
    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func document(title: String, language: String, body: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
        xml:lang="\(xmlEscaped(language))" lang="\(xmlEscaped(language))">
        <head>
        <meta charset="utf-8"/>
        <title>\(xmlEscaped(title))</title>
        <link rel="stylesheet" type="text/css" href="style.css"/>
        </head>
        <body>
        <section id="chapter" epub:type="chapter">
        \(body.joined(separator: "\n"))
        </section>
        </body>
        </html>

        """
    }

    /// The chapter's Media Overlay document, clip times in seconds at `sampleRate`.
    func overlay(sampleRate: Int) -> String {
        let pars = clips.enumerated().map { index, clip in
            "<par id=\"p\(index + 1)\"><text src=\"\(documentName)#\(clip.id)\"/>"
                + "<audio src=\"\(audioName)\" clipBegin=\"\(Self.seconds(clip.begin, sampleRate))\" "
                + "clipEnd=\"\(Self.seconds(clip.end, sampleRate))\"/></par>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
            <body>
            <seq id="seq1" epub:textref="\(documentName)#chapter">
            \(pars.joined(separator: "\n"))
            </seq>
            </body>
            </smil>

            """
    }

    /// `sample` as a SMIL clock value in seconds ("12.345s").
    static func seconds(_ sample: Int, _ sampleRate: Int) -> String {
        let milliseconds = Int64(sample) * 1000 / Int64(max(sampleRate, 1))
        return String(format: "%lld.%03llds", milliseconds / 1000, milliseconds % 1000)
    }
}

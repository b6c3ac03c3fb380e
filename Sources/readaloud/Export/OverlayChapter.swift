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

    var documentName: String { Self.documentName(number) }
    var overlayName: String { Self.overlayName(number) }
    var audioName: String { Self.audioName(number) }

    /// The entry names (in the package's folder) of chapter `number`'s document, overlay and
    /// audio.
    static func documentName(_ number: Int) -> String { "chapter-\(number).xhtml" }
    static func overlayName(_ number: Int) -> String { "chapter-\(number).smil" }
    static func audioName(_ number: Int) -> String { "audio/chapter-\(number).m4a" }

    /// The XHTML of `elements` of `document`, with spans for `timing`'s sentences (and their
    /// words with `sync` `.word`).
    init(
        number: Int, title: String, elements: Range<Int>, document: Document, timing: ChapterTiming,
        sync: SyncGranularity, language: String
    ) {
        self.number = number
        let spoken = SpokenStretch.stretches(of: timing, sync: sync, prefix: "") { document.elements[$0].text.count }
        let stretches = Dictionary(grouping: spoken, by: \.sentence.element)
        var body: [String] = []
        for element in elements {
            let item = document.elements[element]
            let text = Array(item.string.utf16)
            guard !text.isEmpty else { continue }
            let tag = item.traits.contains(.heading) ? "h2" : "p"
            var html = ""
            var cursor = 0
            for stretch in stretches[element] ?? [] {
                let sentence = stretch.sentence
                html += Self.escaped(text, cursor..<sentence.range.lowerBound) + "<span id=\"\(sentence.id)\">"
                var inner = sentence.range.lowerBound
                for word in stretch.words {
                    html += Self.escaped(text, inner..<word.range.lowerBound)
                    html += "<span id=\"\(word.id)\">" + Self.escaped(text, word.range) + "</span>"
                    inner = word.range.upperBound
                }
                html += Self.escaped(text, inner..<sentence.range.upperBound) + "</span>"
                cursor = sentence.range.upperBound
            }
            html += Self.escaped(text, cursor..<text.count)
            body.append("<\(tag)>\(html)</\(tag)>")
        }
        clips = spoken.flatMap(\.clips).map { Clip(id: $0.id, begin: $0.begin, end: $0.end) }
        xhtml = Self.document(title: title, language: language, body: body)
    }

    /// The XHTML text of `text[range]`, escaped.
    static func escaped(_ text: [UInt16], _ range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.count else { return "" }
        return String(decoding: text[range], as: UTF16.self).xmlEscaped
    }

    private static func document(title: String, language: String, body: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
        xml:lang="\(language.xmlEscaped)" lang="\(language.xmlEscaped)">
        <head>
        <meta charset="utf-8"/>
        <title>\(title.xmlEscaped)</title>
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
        Self.smil(
            clips.map { (documentName + "#" + $0.id, audioName, $0.begin, $0.end) }, sampleRate: sampleRate,
            textref: documentName + "#chapter")
    }

    /// A Media Overlay document: a `par` per clip (its `text` and `audio` sources, its begin
    /// and end in samples at `sampleRate`), in one `seq` for the text `textref` (an element of
    /// a document: its `id` a fragment), or without `textref` in the body itself.
    static func smil(
        _ clips: [(text: String, audio: String, begin: Int, end: Int)], sampleRate: Int, textref: String?
    ) -> String {
        let pars = clips.enumerated().map { index, clip in
            "<par id=\"p\(index + 1)\"><text src=\"\(clip.text.xmlEscaped)\"/>"
                + "<audio src=\"\(clip.audio.xmlEscaped)\" clipBegin=\"\(seconds(clip.begin, sampleRate))\" "
                + "clipEnd=\"\(seconds(clip.end, sampleRate))\"/></par>"
        }
        var body = pars
        if let textref {
            body = ["<seq id=\"seq1\" epub:textref=\"\(textref.xmlEscaped)\">"] + pars + ["</seq>"]
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
            <body>
            \(body.joined(separator: "\n"))
            </body>
            </smil>

            """
    }

    /// `sample` as a SMIL clock value in seconds ("12.345s").
    static func seconds(_ sample: Int, _ sampleRate: Int) -> String {
        let milliseconds = BookTimeline.milliseconds(sample, sampleRate: sampleRate)
        return String(format: "%lld.%03llds", milliseconds / 1000, milliseconds % 1000)
    }
}

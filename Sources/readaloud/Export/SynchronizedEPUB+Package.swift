import Foundation
import TextNavigation

extension SynchronizedEPUB {
    /// The package document: metadata (with each overlay's duration and the total), the
    /// manifest (each chapter's document, with its `media-overlay` where `synchronized` says
    /// the chapter has clips), the spine.
    static func package(_ synchronized: [Bool], timeline: BookTimeline, tags: AudiobookWriter.Tags) -> String {
        var metadata = [
            "<dc:identifier id=\"uid\">urn:readaloud:\(identifier(tags))</dc:identifier>",
            "<dc:title>\(tags.title.xmlEscaped)</dc:title>",
            "<dc:language>\(tags.language.xmlEscaped)</dc:language>",
            "<meta property=\"dcterms:modified\">2020-01-01T00:00:00Z</meta>",
        ]
        if let author = tags.author { metadata.append("<dc:creator>\(author.xmlEscaped)</dc:creator>") }
        var total: Int64 = 0
        var manifest = [
            "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>",
            "<item id=\"css\" href=\"style.css\" media-type=\"text/css\"/>",
        ]
        var spine: [String] = []
        for (index, synchronized) in synchronized.enumerated() {
            let number = index + 1
            let duration = timeline.milliseconds(timeline.samples(of: index))
            manifest.append(
                "<item id=\"c\(number)\" href=\"\(OverlayChapter.documentName(number))\""
                    + " media-type=\"application/xhtml+xml\""
                    + (synchronized ? " media-overlay=\"mo\(number)\"/>" : "/>"))
            if synchronized {
                total += duration
                metadata.append("<meta property=\"media:duration\" refines=\"#mo\(number)\">\(clock(duration))</meta>")
                manifest.append(
                    "<item id=\"mo\(number)\" href=\"\(OverlayChapter.overlayName(number))\" media-type=\"application/smil+xml\"/>"
                )
                manifest.append(
                    "<item id=\"a\(number)\" href=\"\(OverlayChapter.audioName(number))\" media-type=\"audio/mp4\"/>")
            }
            spine.append("<itemref idref=\"c\(number)\"/>")
        }
        metadata.append("<meta property=\"media:duration\">\(clock(total))</meta>")
        metadata.append("<meta property=\"media:active-class\">\(activeClass)</meta>")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" \
            xml:lang="\(tags.language.xmlEscaped)">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            \(metadata.joined(separator: "\n"))
            </metadata>
            <manifest>
            \(manifest.joined(separator: "\n"))
            </manifest>
            <spine>
            \(spine.joined(separator: "\n"))
            </spine>
            </package>

            """
    }

    /// A name for the book that stays the same from one export to the next: its title's
    /// letters and digits.
    private static func identifier(_ tags: AudiobookWriter.Tags) -> String {
        let name = String(
            tags.title.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        return name.isEmpty ? "book" : name.lowercased()
    }

    /// The navigation document: the chapters' titles, linked.
    static func navigation(_ timeline: BookTimeline, tags: AudiobookWriter.Tags) -> String {
        let items = timeline.titles.enumerated().map { index, title in
            "<li><a href=\"\(OverlayChapter.documentName(index + 1))\">\(title.xmlEscaped)</a></li>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
            xml:lang="\(tags.language.xmlEscaped)" lang="\(tags.language.xmlEscaped)">
            <head><meta charset="utf-8"/><title>\(tags.title.xmlEscaped)</title></head>
            <body>
            <nav epub:type="toc" id="toc"><h1>\(tags.title.xmlEscaped)</h1>
            <ol>
            \(items.joined(separator: "\n"))
            </ol>
            </nav>
            </body>
            </html>

            """
    }
}

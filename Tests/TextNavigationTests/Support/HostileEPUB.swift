import Foundation

/// Builds EPUB files, sound or hostile, with Python's zipfile (an independent ZIP writer):
/// entries in order (a `mimetype` entry is stored, the rest deflated), then byte-level edits.
struct HostileEPUB {
    var entries: [(name: String, bytes: [UInt8])] = []
    /// Entries whose declared uncompressed size (local header and central directory) is set to
    /// this value after writing: a size that lies.
    var declaredSizes: [String: Int] = [:]
    /// Byte strings replaced in the finished archive (names made non-UTF-8, say).
    var replacements: [(from: [UInt8], to: [UInt8])] = []

    /// A sound one-document book whose document's body is `body`, plus `extra` entries.
    static func book(body: String, head: String = "", doctype: String = "") -> HostileEPUB {
        var book = HostileEPUB()
        book.add("mimetype", "application/epub+zip")
        book.add("META-INF/container.xml", container("EPUB/package.opf"))
        book.add("EPUB/package.opf", package(spine: ["c1"], items: ["c1": "c1.xhtml"]))
        book.add("EPUB/c1.xhtml", xhtml(body: body, head: head, doctype: doctype))
        return book
    }

    static func container(_ path: String) -> String {
        """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
        <rootfiles><rootfile full-path="\(path)" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """
    }

    static func package(spine: [String], items: [String: String], language: String = "en") -> String {
        let manifest = items.sorted { $0.key < $1.key }.map {
            "<item id=\"\($0.key)\" href=\"\($0.value)\" media-type=\"application/xhtml+xml\"/>"
        }.joined()
        let references = spine.map { "<itemref idref=\"\($0)\"/>" }.joined()
        return """
            <?xml version="1.0"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>\
            <dc:title>Test</dc:title><dc:language>\(language)</dc:language></metadata>
            <manifest>\(manifest)</manifest><spine>\(references)</spine></package>
            """
    }

    static func xhtml(body: String, head: String = "", doctype: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>\(doctype)
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\
        <head><title>t</title>\(head)</head><body>\(body)</body></html>
        """
    }

    mutating func add(_ name: String, _ text: String) { entries.append((name, Array(text.utf8))) }
    mutating func add(_ name: String, bytes: [UInt8]) { entries.append((name, bytes)) }

    /// Sets the entry `name`'s text (the first entry of that name).
    mutating func replace(_ name: String, _ text: String) {
        if let index = entries.firstIndex(where: { $0.name == name }) { entries[index].bytes = Array(text.utf8) }
    }

    /// The archive's bytes.
    func bytes() throws -> [UInt8] {
        let specification: [String: Any] = [
            "entries": entries.map { ["name": $0.name, "data": Data($0.bytes).base64EncodedString()] },
            "sizes": declaredSizes,
            "replacements": replacements.map {
                [Data($0.from).base64EncodedString(), Data($0.to).base64EncodedString()]
            },
        ]
        let input = try JSONSerialization.data(withJSONObject: specification)
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-epub-\(UUID()).py")
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        return [UInt8](try EPUBFixtures.runPython(script.path, input: input))
    }

    /// Writes the archive to a new temporary file; its path.
    func write() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID()).epub")
        try Data(try bytes()).write(to: url)
        return url.path
    }

    private static let script = #"""
        import base64, io, json, struct, sys, warnings, zipfile
        warnings.simplefilter("ignore")
        spec = json.load(sys.stdin)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for entry in spec["entries"]:
                method = zipfile.ZIP_STORED if entry["name"] == "mimetype" else zipfile.ZIP_DEFLATED
                archive.writestr(entry["name"],
                                 base64.b64decode(entry["data"]), compress_type=method)
        data = bytearray(buffer.getvalue())
        for name, size in spec["sizes"].items():
            encoded = name.encode("utf-8")
            at = 0
            while True:
                at = data.find(encoded, at)
                if at < 0:
                    break
                if data[at - 30:at - 26] == b"PK\x03\x04":
                    struct.pack_into("<I", data, at - 30 + 22, size)
                if data[at - 46:at - 42] == b"PK\x01\x02":
                    struct.pack_into("<I", data, at - 46 + 24, size)
                at += len(encoded)
        for old, new in spec["replacements"]:
            data = data.replace(base64.b64decode(old), base64.b64decode(new))
        sys.stdout.buffer.write(bytes(data))
        """#
}

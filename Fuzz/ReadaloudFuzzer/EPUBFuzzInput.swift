import CZip
import TextNavigation

/// EPUB inputs for the fuzzer, told apart from plain text by their content as the command line
/// does:
/// - a book text starting `PK` is a ZIP archive, read as is (ZIP-level mutations: headers,
///   sizes, names, compressed data);
/// - one starting `EPUB\n` is a recipe of entries, `\n@@ NAME\n` before each entry's content,
///   packed by libzip into a sound archive (XML-level mutations of the container, package
///   document, navigation and XHTML reach the parsers through a valid ZIP).
enum EPUBFuzzInput {
    static let recipeMagic: [UInt8] = Array("EPUB\n".utf8)
    static let entryMarker: [UInt8] = Array("\n@@ ".utf8)

    /// The archive `text` stands for, or `nil` when it is plain text.
    static func archive(from text: [UInt8]) -> [UInt8]? {
        if text.starts(with: [0x50, 0x4B]) { return text }
        guard text.starts(with: recipeMagic) else { return nil }
        return pack(entries(Array(text.dropFirst(recipeMagic.count))))
    }

    /// The recipe's entries: each `\n@@ NAME\n` starts one.
    static func entries(_ recipe: [UInt8]) -> [(name: [UInt8], content: [UInt8])] {
        var entries: [(name: [UInt8], content: [UInt8])] = []
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + entryMarker.count <= recipe.count {
            if recipe[index..<index + entryMarker.count].elementsEqual(entryMarker) {
                parts.append(recipe[start..<index])
                index += entryMarker.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(recipe[start...])
        for part in parts.dropFirst() {
            let newline = part.firstIndex(of: 0x0A) ?? part.endIndex
            entries.append((Array(part[..<newline]), Array(part[min(newline + 1, part.endIndex)...])))
        }
        return entries
    }

    /// A ZIP archive of `entries` (the first stored, the rest deflated), written by libzip.
    static func pack(_ entries: [(name: [UInt8], content: [UInt8])]) -> [UInt8]? {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(nil, 0, 0, &error) else { return nil }
        zip_source_keep(source)
        defer { zip_source_free(source) }
        guard let archive = zip_open_from_source(source, ZIP_TRUNCATE, &error) else { return nil }
        var buffers: [UnsafeMutableRawBufferPointer] = []
        defer { for buffer in buffers { buffer.deallocate() } }
        for (index, entry) in entries.enumerated() {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(entry.content.count, 1), alignment: 1)
            buffers.append(buffer)
            entry.content.withUnsafeBytes { buffer.copyMemory(from: $0) }
            guard let data = zip_source_buffer(archive, buffer.baseAddress, UInt64(entry.content.count), 0) else {
                continue
            }
            let name = String(decoding: entry.name, as: UTF8.self)
            let added = zip_file_add(archive, name, data, ZIP_FL_ENC_UTF_8)
            if added < 0 {
                zip_source_free(data)
            } else if index == 0 {
                zip_set_file_compression(archive, UInt64(added), ZIP_CM_STORE, 0)
            }
        }
        guard zip_close(archive) == 0 else {
            zip_discard(archive)
            return nil
        }
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_source_stat(source, &stat) == 0, zip_source_open(source) == 0 else { return nil }
        defer { zip_source_close(source) }
        var bytes = [UInt8](repeating: 0, count: Int(stat.size))
        let read = bytes.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress, UInt64($0.count)) }
        return read == Int64(bytes.count) ? bytes : nil
    }
}

/// A camt file's bytes as UTF-8 text: the encoding its XML declaration names unless the bytes
/// show otherwise or the caller forces one (`--encoding`).
///
/// Valid UTF-8 is read as UTF-8 (with a note when the declaration names a single-byte
/// encoding: multi-byte UTF-8 sequences do not occur in Latin-1 text by chance). Other bytes are
/// read in the declared single-byte encoding, else as Windows-1252 with a warning.
struct CAMTText {
    var utf8: [UInt8]
    var encoding: TextEncoding
    var notes: [Diagnostic]

    static func decode(_ bytes: [UInt8], options: ReadOptions, file: String) -> Result<CAMTText, Diagnostic> {
        let start = SourcePosition(offset: 0, line: 1, column: 1)
        do {
            if let forced = options.encoding {
                let d = try TextDecoder.decode(bytes, forced: forced)
                return .success(CAMTText(utf8: d.utf8, encoding: d.encoding, notes: []))
            }
            let guessed = try TextDecoder.decode(bytes)
            let declaredName = declaredEncoding(guessed.hadByteOrderMark && guessed.encoding == .utf8 ? Array(bytes.dropFirst(3)) : bytes)
            let declared = declaredName.flatMap { TextEncoding(name: $0) }
            switch guessed.encoding {
            case .utf8:
                var notes: [Diagnostic] = []
                if let declared, declared != .utf8, declared != .utf16LE, declared != .utf16BE, guessed.utf8.contains(where: { $0 >= 0x80 }) {
                    notes.append(Diagnostic(.note, code: "camt.encoding",
                        "the XML declaration names \(declaredName ?? "") but the text is UTF-8; it was read as UTF-8", file: file, position: start))
                }
                return .success(CAMTText(utf8: guessed.utf8, encoding: .utf8, notes: notes))
            case .utf16LE, .utf16BE:
                return .success(CAMTText(utf8: guessed.utf8, encoding: guessed.encoding, notes: []))
            default:
                if let declared, declared != .utf8, declared != .utf16LE, declared != .utf16BE {
                    let d = try TextDecoder.decode(bytes, forced: declared)
                    return .success(CAMTText(utf8: d.utf8, encoding: declared, notes: []))
                }
                let said = declaredName.map { "the XML declaration names \($0), but " } ?? ""
                return .success(CAMTText(utf8: guessed.utf8, encoding: guessed.encoding, notes: [
                    .warning("camt.encoding", "\(said)the text is not valid UTF-8; it was read as \(guessed.encoding.rawValue)",
                             file: file, at: start)]))
            }
        } catch {
            return .failure(.error("camt.encoding", "the file cannot be read as text: \(error.reason)", file: file,
                                   at: SourcePosition(offset: error.offset, line: 1, column: 1)))
        }
    }

    /// The `encoding="…"` of an XML declaration at the start of `bytes`, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(256)
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstIndex(of: 0x3E) else { return nil }
        let declaration = String(decoding: head[head.startIndex..<end], as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[range.upperBound...].drop(while: { $0 == " " || $0 == "=" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix(while: { $0 != quote })
        return value.isEmpty ? nil : String(value)
    }
}

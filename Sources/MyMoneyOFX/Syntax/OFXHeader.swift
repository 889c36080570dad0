/// The header in front of an OFX body: OFX 1.x `KEY:VALUE` lines (`OFXHEADER:100`, spec §2.2)
/// or OFX 2.x's `<?xml …?>` and `<?OFX …?>` declarations.
///
/// Tolerates what banks write: a byte order mark or blank lines first, spaces after the colons,
/// no blank line before `<OFX>`, no line breaks at all (the known key names delimit the values),
/// and bodies with no header (`<OFX>` first).
struct OFXHeader: Sendable {
    enum Style: Sendable { case sgml, xml, none }

    var style: Style
    /// Fields in file order, keys upper-case (`VERSION`, `CHARSET`, `ENCODING`, …).
    var fields: [(key: String, value: String)]
    /// The XML declaration's `encoding`, for 2.x headers.
    var xmlEncoding: String?
    /// Byte offset where the body (`<OFX>` or the first markup after the header) starts.
    var bodyStart: Int
    /// Whether unknown text before `<OFX>` was skipped.
    var skippedPrefix = false

    func value(_ key: String) -> String? { fields.first(where: { $0.key == key })?.value }

    var version: Int? { value("VERSION").flatMap { Int($0.trimmingSpaces) } }

    static let knownKeys = ["OFXHEADER", "DATA", "VERSION", "SECURITY", "ENCODING", "CHARSET",
                            "COMPRESSION", "OLDFILEUID", "NEWFILEUID"]

    /// Skips a byte order mark, whitespace and blank lines; returns where the content starts.
    static func contentStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var k = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { k = 3 }
        while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
        return k
    }

    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at k: Int, _ literal: String, caseInsensitive: Bool = true) -> Bool {
        let lit = Array(literal.utf8)
        guard k + lit.count <= bytes.count else { return false }
        for (j, c) in lit.enumerated() {
            var b = bytes[k + j]
            if caseInsensitive, b >= 0x61, b <= 0x7A { b -= 0x20 }
            var u = c
            if caseInsensitive, u >= 0x61, u <= 0x7A { u -= 0x20 }
            if b != u { return false }
        }
        return true
    }

    /// Reads the header, or nil when the bytes start with neither a header nor `<OFX>`.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> OFXHeader? {
        let start = contentStart(bytes)
        if hasPrefix(bytes, at: start, "OFXHEADER") { return readSGML(bytes, from: start) }
        if hasPrefix(bytes, at: start, "<?xml") || hasPrefix(bytes, at: start, "<?OFX") { return readXML(bytes, from: start) }
        if hasPrefix(bytes, at: start, "<OFX>") || hasPrefix(bytes, at: start, "<OFX ") {
            return OFXHeader(style: .none, fields: [], xmlEncoding: nil, bodyStart: start)
        }
        // Something unknown first (libofx's `<START>` pseudo-header, a line of prose): the body is
        // the first `<OFX>` within the first 64 KB.
        let limit = min(bytes.count, 64 * 1024)
        var k = start
        while k + 5 <= limit {
            if bytes[k] == 0x3C, hasPrefix(bytes, at: k, "<OFX>") {
                return OFXHeader(style: .none, fields: [], xmlEncoding: nil, bodyStart: k, skippedPrefix: true)
            }
            k += 1
        }
        return nil
    }

    private static func readSGML(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> OFXHeader {
        var fields: [(String, String)] = []
        var k = start
        func isKeyByte(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
        func knownKey(at j: Int) -> Bool {
            // Every known key starts with an upper-case letter: test that before comparing names.
            guard bytes[j] >= 0x41, bytes[j] <= 0x5A else { return false }
            return knownKeys.contains { hasPrefix(bytes, at: j, $0 + ":") }
        }
        while k < bytes.count {
            while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
            guard k < bytes.count, isKeyByte(bytes[k]) else { break }
            var j = k
            while j < bytes.count, isKeyByte(bytes[j]) { j += 1 }
            guard j < bytes.count, bytes[j] == 0x3A else { break }
            let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[k..<j]), as: UTF8.self).uppercased()
            j += 1
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            let valueStart = j
            // Values are short; the bound keeps a header-like prefix of a huge garbage file cheap.
            while j < bytes.count, j - valueStart < 256, bytes[j] != 0x0A, bytes[j] != 0x0D, bytes[j] != 0x3C, !knownKey(at: j) { j += 1 }
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<j]), as: UTF8.self).trimmingSpaces
            fields.append((key, value))
            k = j
            if fields.count > 32 { break }
        }
        while k < bytes.count, bytes[k] != 0x3C { k += 1 }
        return OFXHeader(style: .sgml, fields: fields, xmlEncoding: nil, bodyStart: k)
    }

    private static func readXML(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> OFXHeader {
        var fields: [(String, String)] = []
        var encoding: String?
        var k = start
        // Read the leading processing instructions (`<?xml …?>`, `<?OFX …?>`) in any order.
        while hasPrefix(bytes, at: k, "<?") {
            var end = k + 2
            while end + 1 < bytes.count, !(bytes[end] == 0x3F && bytes[end + 1] == 0x3E) { end += 1 }
            guard end + 1 < bytes.count else { break }
            let body = String(decoding: UnsafeBufferPointer(rebasing: bytes[(k + 2)..<end]), as: UTF8.self)
            let attributes = parseAttributes(body)
            if body.uppercased().hasPrefix("OFX") {
                for (key, value) in attributes { fields.append((key.uppercased(), value)) }
            } else if body.lowercased().hasPrefix("xml") {
                encoding = attributes.first(where: { $0.0.lowercased() == "encoding" })?.1
            }
            k = end + 2
            while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
        }
        return OFXHeader(style: .xml, fields: fields, xmlEncoding: encoding, bodyStart: k)
    }

    /// `name="value"` pairs (single or double quotes) of a processing instruction.
    static func parseAttributes(_ text: String) -> [(String, String)] {
        var result: [(String, String)] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        while i < chars.count {
            while i < chars.count, !(chars[i].properties.isAlphabetic) { i += 1 }
            var name = ""
            while i < chars.count, chars[i].properties.isAlphabetic || chars[i] == "_" || chars[i] == "-" { name.unicodeScalars.append(chars[i]); i += 1 }
            while i < chars.count, chars[i] == " " { i += 1 }
            guard i < chars.count, chars[i] == "=" else { continue }
            i += 1
            while i < chars.count, chars[i] == " " { i += 1 }
            guard i < chars.count, chars[i] == "\"" || chars[i] == "'" else { continue }
            let quote = chars[i]
            i += 1
            var value = ""
            while i < chars.count, chars[i] != quote { value.unicodeScalars.append(chars[i]); i += 1 }
            i += 1
            result.append((name, value))
        }
        return result
    }

    /// The text encoding the header declares (before the bytes are checked).
    var declaredEncoding: TextEncoding? {
        switch style {
        case .xml:
            return xmlEncoding.flatMap { TextEncoding(name: $0) } ?? .utf8
        case .none:
            return nil
        case .sgml:
            let encoding = value("ENCODING")?.uppercased() ?? "USASCII"
            if encoding == "UTF-8" || encoding == "UTF8" || encoding == "UNICODE" { return .utf8 }
            let charset = value("CHARSET")?.uppercased() ?? "1252"
            switch charset {
            case "1252", "CP1252", "WINDOWS-1252", "NONE", "": return .windows1252
            case "ISO-8859-1", "8859-1", "ISO8859-1", "LATIN1", "LATIN-1": return .latin1
            default: return TextEncoding(name: charset) ?? .windows1252
            }
        }
    }
}

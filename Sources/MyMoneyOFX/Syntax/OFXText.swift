import Foundation

/// Text clean-up for OFX values.
enum OFXText {
    /// Decodes the predefined entities and numeric references left in a value after XML decoding:
    /// banks that escape twice send `&amp;lt;` for `<` (format notes §3).
    static func decodeEscapedEntities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        var rest = Substring(s)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[amp...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else { out += "&"; rest = rest[rest.index(after: amp)...]; continue }
            let name = after[after.index(after: amp)..<semi]
            var replacement: String?
            switch name {
            case "amp": replacement = "&"
            case "lt": replacement = "<"
            case "gt": replacement = ">"
            case "quot": replacement = "\""
            case "apos": replacement = "'"
            default:
                if name.hasPrefix("#") {
                    let digits = name.dropFirst()
                    let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                    if let v = value, v >= 0x20, let scalar = Unicode.Scalar(v) { replacement = String(Character(scalar)) }
                }
            }
            if let replacement {
                out += replacement
                rest = rest[rest.index(after: semi)...]
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        out += rest
        return out
    }
}

/// Turns byte offsets and line numbers into line:column positions by scanning forward from the
/// last answer. Readers ask in file order, so a whole file costs one scan and no table of line
/// starts is kept (memory does not grow with the file); asking backwards rescans from the start.
struct LineCursor {
    let text: UnsafeBufferPointer<UInt8>
    private var offset = 0      // newlines before this offset are counted
    private var line = 1        // the line holding `offset`
    private var lineStart = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    private mutating func reset() { offset = 0; line = 1; lineStart = 0 }

    private func newline(from k: Int, before end: Int) -> Int? {
        guard let base = text.baseAddress, k < end, let p = memchr(base + k, 0x0A, end - k) else { return nil }
        return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
    }

    /// The 1-based line:column (in bytes) of a byte offset.
    mutating func position(ofOffset target: Int) -> SourcePosition {
        let target = max(0, min(target, text.count))
        if target < lineStart { reset() }
        if target >= offset {
            while let at = newline(from: offset, before: target) {
                line += 1
                lineStart = at + 1
                offset = at + 1
            }
            offset = target
        }
        return SourcePosition(offset: target, line: line, column: target - lineStart + 1)
    }

    /// The position of the tag whose `<` is at `at`; later searches for tags start after it.
    mutating func position(ofTagAt at: Int) -> SourcePosition {
        let found = position(ofOffset: at)
        offset = max(offset, at + 1)
        return found
    }

    /// The position of the next `<name` at or after the last position found (XML bodies: elements
    /// arrive in document order, so each start tag is the next occurrence of its name).
    mutating func position(ofNextTag name: UnsafePointer<UInt8>) -> SourcePosition? {
        guard let base = text.baseAddress else { return nil }
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        var k = offset
        while k + length + 1 < text.count, let p = memchr(base + k, 0x3C, text.count - k) {
            let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            if at + length + 1 < text.count, text[at + 1] == name.pointee, memcmp(base + at + 1, name, length) == 0 {
                let after = text[at + 1 + length]
                if after == 0x3E || after == 0x20 || after == 0x2F || after == 0x09 || after == 0x0A || after == 0x0D {
                    let found = position(ofOffset: at)
                    offset = at + 1
                    return found
                }
            }
            k = at + 1
        }
        return nil
    }

    /// The position of `<name` on a 1-based line (the line's start when it is not found).
    mutating func position(line target: Int, tag name: UnsafePointer<UInt8>?) -> SourcePosition? {
        guard target >= 1 else { return nil }
        if target < line { reset() }
        while line < target {
            guard let at = newline(from: max(offset, lineStart), before: text.count) else { return nil }
            line += 1
            lineStart = at + 1
            offset = at + 1
        }
        let start = lineStart
        if let name, let base = text.baseAddress {
            let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
            let end = min(text.count, start + 4096)
            var k = start
            while k + length < end, text[k] != 0x0A {
                if text[k] == 0x3C, memcmp(base + k + 1, name, length) == 0 {
                    return SourcePosition(offset: k, line: target, column: k - start + 1)
                }
                k += 1
            }
        }
        return SourcePosition(offset: start, line: target, column: 1)
    }
}

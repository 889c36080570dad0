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
/// starts is kept (memory does not grow with the file).
///
/// Offsets are in the whole text; the bytes come from a ``TextWindow``. Before the window drops
/// bytes, ``advance(to:)`` counts their lines, so later answers never need them. Asking
/// backwards rescans from the start, which only a window holding the whole text can do (readers
/// never ask behind the place they have reached; a window that cannot rescan answers with the
/// line it is on).
struct LineCursor {
    let window: TextWindow
    private var offset = 0      // newlines before this offset are counted
    private var line = 1        // the line holding `offset`
    private var lineStart = 0

    init(_ window: TextWindow) { self.window = window }

    /// A cursor over text held in memory (which must outlive it).
    init(_ text: UnsafeBufferPointer<UInt8>) { self.window = TextWindow(memory: text) }

    /// The end of the text the window has reached.
    private var end: Int { window.base + window.bytes.count }

    private mutating func reset() {
        guard window.base == 0 else { return }
        offset = 0; line = 1; lineStart = 0
    }

    /// The offset of the first line feed in `k..<limit` (offsets in the text, clipped to the window).
    private func newline(from k: Int, before limit: Int) -> Int? {
        let bytes = window.bytes
        let from = max(k, window.base) - window.base
        let to = min(limit, end) - window.base
        guard let base = bytes.baseAddress, from < to, let p = memchr(base + from, 0x0A, to - from) else { return nil }
        return window.base + base.distance(to: p.assumingMemoryBound(to: UInt8.self))
    }

    /// Counts the lines up to `target`: the bytes before it are no longer needed.
    mutating func advance(to target: Int) {
        guard target > offset else { return }
        while let at = newline(from: offset, before: target) {
            line += 1
            lineStart = at + 1
            offset = at + 1
        }
        offset = target
    }

    /// The 1-based line:column (in bytes) of a byte offset.
    mutating func position(ofOffset target: Int) -> SourcePosition {
        let target = max(0, min(target, end))
        if target < lineStart { reset() }
        if target >= offset { advance(to: target) }
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
        let text = window.bytes
        guard let base = text.baseAddress else { return nil }
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        var k = max(offset, window.base) - window.base
        while k + length + 1 < text.count, let p = memchr(base + k, 0x3C, text.count - k) {
            let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            if at + length + 1 < text.count, text[at + 1] == name.pointee, memcmp(base + at + 1, name, length) == 0 {
                let after = text[at + 1 + length]
                if after == 0x3E || after == 0x20 || after == 0x2F || after == 0x09 || after == 0x0A || after == 0x0D {
                    let found = position(ofOffset: window.base + at)
                    offset = window.base + at + 1
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
            guard let at = newline(from: max(offset, lineStart), before: end) else { return nil }
            line += 1
            lineStart = at + 1
            offset = at + 1
        }
        let start = lineStart
        let text = window.bytes
        if let name, let base = text.baseAddress, start >= window.base {
            let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
            let limit = min(text.count, start - window.base + 4096)
            var k = start - window.base
            while k + length < limit, text[k] != 0x0A {
                if text[k] == 0x3C, memcmp(base + k + 1, name, length) == 0 {
                    return SourcePosition(offset: window.base + k, line: target, column: k + window.base - start + 1)
                }
                k += 1
            }
        }
        return SourcePosition(offset: start, line: target, column: 1)
    }
}

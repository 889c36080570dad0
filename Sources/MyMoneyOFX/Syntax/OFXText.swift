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

/// Line starts of a text, to turn byte offsets into line:column positions.
struct LineTable: Sendable {
    private(set) var starts: [Int] = [0]

    init(_ text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress, text.count > 0 else { return }
        var k = 0
        starts.reserveCapacity(text.count / 40 + 1)
        while k < text.count, let p = memchr(base + k, 0x0A, text.count - k) {
            let at = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            starts.append(at + 1)
            k = at + 1
        }
    }

    /// The 1-based line:column (in bytes) of a byte offset.
    func position(ofOffset offset: Int) -> SourcePosition {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return SourcePosition(offset: offset, line: lo + 1, column: offset - starts[lo] + 1)
    }

    /// The position of a byte offset, searching forward from line index `cursor` when the offset
    /// lies after it (offsets usually arrive in increasing order), by bisection otherwise.
    func position(ofOffset offset: Int, after cursor: inout Int) -> SourcePosition {
        var line = cursor
        guard line < starts.count, starts[line] <= offset else {
            let p = position(ofOffset: offset)
            cursor = p.line - 1
            return p
        }
        var steps = 0
        while line + 1 < starts.count, starts[line + 1] <= offset {
            line += 1
            steps += 1
            if steps > 64 { let p = position(ofOffset: offset); cursor = p.line - 1; return p }
        }
        cursor = line
        return SourcePosition(offset: offset, line: line + 1, column: offset - starts[line] + 1)
    }

    /// The position of `<name` on a 1-based line (the line's start when it is not found).
    func position(line: Int, tag name: UnsafePointer<UInt8>?, in text: UnsafeBufferPointer<UInt8>) -> SourcePosition? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] : text.count
        if let name {
            let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
            var k = start
            while k + length < min(end, start + 4096) {
                if text[k] == 0x3C, memcmp(text.baseAddress! + k + 1, name, length) == 0 {
                    return SourcePosition(offset: k, line: line, column: k - start + 1)
                }
                k += 1
            }
        }
        return SourcePosition(offset: start, line: line, column: 1)
    }
}

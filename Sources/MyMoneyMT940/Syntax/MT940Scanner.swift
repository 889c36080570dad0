import Foundation

/// Splits MT940/MT942 text into fields and message ends, tolerating what banks wrap around them.
///
/// A field starts with `:TAG:` at the start of a line; the lines up to the next tag continue it.
/// Tolerated: a SWIFT envelope (`{1:…}{2:…}{4:` before, `-}` or `-}{5:}` after), control
/// characters around a message (SOH, ETX), junk lines outside fields (`ABNANL2A`, `940 00`,
/// Rabobank's `:940:`), blank lines, CRLF or LF, a missing final line break, a tag split over two
/// lines (`:` then `86:…`, Sparkasse), and tag-like text inside free text (`:26:37 Fo` in a
/// wrapped `:86:`). A line of `-` (also `-}`, `-XXX`) ends a message. A line that starts like a
/// tag but is none while a field other than free text is open is an error (`mt940.tag`).
struct MT940Scanner {
    let text: UnsafeBufferPointer<UInt8>
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sawField = false

    init(text: UnsafeBufferPointer<UInt8>, file: String) {
        self.text = text
        self.file = file
    }

    /// Calls `field` for each field once it is complete, and `messageEnd` at each end of message.
    ///
    /// - Complexity: O(n) in the text's length (`memchr` per line).
    mutating func scan(field emit: (MT940Field) -> Void, messageEnd: () -> Void) {
        guard let base = text.baseAddress else { return }
        let n = text.count
        var open: MT940Field?
        var lineNumber = 0
        var start = 0
        var pendingColon: (start: Int, line: Int)?   // a line holding only ":" (a split tag)
        while start < n {
            lineNumber += 1
            let end: Int
            if let hit = memchr(base + start, 0x0A, n - start) {
                end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            } else {
                end = n
            }
            var stop = end
            while stop > start, base[stop - 1] == 0x0D { stop -= 1 }
            var first = start
            while first < stop, base[first] < 0x20, base[first] != 0x09 { first += 1 }   // SOH and other controls
            defer { start = end + 1 }
            if first == stop || isBlank(first, stop) {
                continue
            }
            // An envelope: what follows `{4:` on the same line is content.
            if base[first] == 0x7B {
                guard let body = find("{4:", from: first, to: stop) else { continue }
                first = body + 3
                if first >= stop { continue }
            }
            if base[first] == 0x2D, endsMessage(first + 1, stop) {
                if let f = open { emit(f); open = nil }
                pendingColon = nil
                messageEnd()
                continue
            }
            if base[first] == 0x3A {
                if stop - first == 1 {
                    pendingColon = (start, lineNumber)
                    continue
                }
                if let (tag, name, contentStart) = tagAt(first, stop) {
                    if tag == .other, let f = open, f.tag.holdsFreeText {
                        open!.contentEnd = stop
                        continue
                    }
                    if let f = open { emit(f) }
                    sawField = true
                    open = MT940Field(tag: tag, name: name,
                                      lineStart: start, line: lineNumber, contentStart: contentStart, contentEnd: stop,
                                      firstLineEnd: stop)
                    pendingColon = nil
                    continue
                }
                if let f = open, !f.tag.holdsFreeText {
                    let shown = String(decoding: UnsafeBufferPointer(rebasing: text[first..<min(stop, first + 12)]), as: UTF8.self)
                    diagnostics.append(.error("mt940.tag", "\"\(shown)\" is not a field tag: expected :NN: or :NNX: (two digits and an optional letter) at the start of a line",
                                              file: file, at: SourcePosition(offset: first, line: lineNumber, column: first - start + 1)))
                    continue
                }
                if open == nil { continue }   // junk before the first field (Rabobank's `:940:`)
            }
            if let colon = pendingColon, let (tag, name, contentStart) = tagAt(first, stop, colonless: true) {
                // `:` on one line and `86:…` on the next: one tag.
                if let f = open { emit(f) }
                sawField = true
                open = MT940Field(tag: tag, name: name,
                                  lineStart: colon.start, line: colon.line, contentStart: contentStart, contentEnd: stop,
                                  firstLineEnd: stop)
                pendingColon = nil
                continue
            }
            pendingColon = nil
            if open != nil { open!.contentEnd = stop }
        }
        if let f = open { emit(f) }
    }

    /// Whether only spaces and control characters lie in `[from, to)`.
    private func isBlank(_ from: Int, _ to: Int) -> Bool {
        var k = from
        while k < to { if text[k] > 0x20 { return false }; k += 1 }
        return true
    }

    /// Whether the rest of a line after `-` ends a message: nothing, `}` (`-}`, `-}{5:}`), or up
    /// to three letters and control characters (`-XXX`, `-` + ETX).
    private func endsMessage(_ from: Int, _ to: Int) -> Bool {
        if from >= to || text[from] == 0x7D { return true }
        guard to - from <= 3 else { return false }
        for k in from..<to {
            let b = text[k]
            guard b < 0x20 || (b >= 0x41 && b <= 0x5A) || b == 0x20 else { return false }
        }
        return true
    }

    /// The tag at `from` (`:TAG:` or, with `colonless`, `TAG:`), its written name and where its content starts.
    private func tagAt(_ from: Int, _ to: Int, colonless: Bool = false) -> (MT940Tag, String?, Int)? {
        let nameStart = colonless ? from : from + 1
        var k = nameStart
        while k < to, k - nameStart <= 3, text[k] != 0x3A { k += 1 }
        guard k < to, text[k] == 0x3A, k > nameStart else { return nil }
        let name = UnsafeBufferPointer(rebasing: text[nameStart..<k])
        guard let tag = MT940Tag.parse(name) else { return nil }
        // The written name is kept only for tags this reader does not map (no string per field).
        return (tag, tag == .other || tag == .nonSwift ? String(decoding: name, as: UTF8.self) : nil, k + 1)
    }

    private func find(_ needle: StaticString, from: Int, to: Int) -> Int? {
        let m = needle.utf8CodeUnitCount
        guard to - from >= m else { return nil }
        let p = needle.utf8Start
        var k = from
        while k + m <= to {
            if text[k] == p[0], memcmp(text.baseAddress! + k, p, m) == 0 { return k }
            k += 1
        }
        return nil
    }
}

/// Text runs and CDATA: handed to the builder as an XML parser reads their escaped form.
extension SGMLBodyReader {
    mutating func text(run start: Int) {
        guard let end = memchrIndex(0x3C, from: start) ?? (more ? nil : text.count) else {
            needsMore = true   // the run goes on after the window: read it whole
            return
        }
        i = end
        textContent(start, end, cdata: false)
    }

    mutating func textContent(_ start: Int, _ end: Int, cdata: Bool) {
        var blank = true
        var k = start
        while k < end {
            if !isSpace(text[k]) { blank = false; break }
            k += 1
        }
        if blank && !cdata {
            if !stack.isEmpty { appendEscaped(start, end) }
            return
        }
        guard var top = stack.last else {
            if !blank { problem(.warning, "ofx.syntax", "text outside <OFX> is ignored", at: start) }
            return
        }
        switch top.kind {
        case .undecided:
            top.kind = .leaf
            stack[stack.count - 1] = top
        case .leaf:
            break
        case .aggregate:
            // Text where only tags belong: keep it out of the element tree.
            problem(.warning, "ofx.syntax", "text between tags is ignored", at: start)
            return
        }
        appendEscaped(start, end, cdata: cdata)
    }

    /// Hands text to the builder as an XML parser would read its escaped form: a valid entity
    /// or character reference decoded (not inside CDATA), any other `&` literal, control
    /// characters as spaces, `CR LF` and `CR` as `LF`. Runs without such bytes go over uncopied.
    private mutating func appendEscaped(_ start: Int, _ end: Int, cdata: Bool = false) {
        var runStart = start
        var k = start
        while k < end {
            let b = text[k]
            if b >= 0x20 ? (b != 0x26 || cdata) : (b == 0x09 || b == 0x0A) {
                k += 1
                continue
            }
            // b is '&' (outside CDATA), CR or another control character.
            if k > runStart { builder.pointee.text(UnsafeBufferPointer(rebasing: text[runStart..<k])) }
            if b == 0x26 {
                if let (scalar, length) = reference(at: k, end: end) {
                    builder.pointee.text(scalar: scalar)
                    k += length
                } else {
                    builder.pointee.text(byte: 0x26)
                    k += 1
                }
            } else if b == 0x0D {
                if !(k + 1 < end && text[k + 1] == 0x0A) { builder.pointee.text(byte: 0x0A) }   // CR LF: the LF follows
                k += 1
            } else {
                builder.pointee.text(byte: 0x20)
                k += 1
            }
            runStart = k
        }
        if end > runStart { builder.pointee.text(UnsafeBufferPointer(rebasing: text[runStart..<end])) }
    }

    /// The character a predefined entity or a character reference to a legal XML character at
    /// `at` stands for, and the reference's length (through its `;`); nil when there is none.
    private func reference(at: Int, end: Int) -> (UInt32, Int)? {
        guard validReference(at: at, end: end) else { return nil }
        var k = at + 1
        if text[k] == 0x23 {   // &#
            k += 1
            var hex = false
            if text[k] == 0x78 || text[k] == 0x58 { hex = true; k += 1 }
            var value: UInt32 = 0
            while text[k] != 0x3B {
                let b = text[k]
                let d = b <= 0x39 ? UInt32(b - 0x30) : UInt32((b | 0x20) - 0x61 + 10)
                value = value * (hex ? 16 : 10) + d
                k += 1
            }
            return (value, k + 1 - at)
        }
        let first = text[k], second = text[k + 1]
        let scalar: UInt32
        switch (first, second) {
        case (0x61, 0x6D): scalar = 0x26   // amp
        case (0x6C, _): scalar = 0x3C      // lt
        case (0x67, _): scalar = 0x3E      // gt
        case (0x71, _): scalar = 0x22      // quot
        default: scalar = 0x27             // apos
        }
        while text[k] != 0x3B { k += 1 }
        return (scalar, k + 1 - at)
    }

    /// Whether a predefined entity or a character reference to a legal XML character starts at `at`.
    private func validReference(at: Int, end: Int) -> Bool {
        var k = at + 1
        let limit = min(end, at + 12)
        guard k < limit else { return false }
        if text[k] == 0x23 {   // &#
            k += 1
            var hex = false
            if k < limit, text[k] == 0x78 || text[k] == 0x58 { hex = true; k += 1 }
            var value: UInt32 = 0
            var digits = 0
            while k < limit, text[k] != 0x3B {
                let b = text[k]
                let d: UInt32
                if b >= 0x30 && b <= 0x39 { d = UInt32(b - 0x30) }
                else if hex, (b | 0x20) >= 0x61, (b | 0x20) <= 0x66 { d = UInt32((b | 0x20) - 0x61 + 10) }
                else { return false }
                value = value * (hex ? 16 : 10) + d
                digits += 1
                if digits > 7 { return false }
                k += 1
            }
            guard k < limit, digits > 0 else { return false }
            return value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
                || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
        }
        var n = 0
        while k < limit, text[k] != 0x3B { k += 1; n += 1 }
        guard k < limit else { return false }
        let s = at + 1
        func eq(_ lit: [UInt8]) -> Bool { n == lit.count && lit.indices.allSatisfy { text[s + $0] == lit[$0] } }
        return eq([0x61, 0x6D, 0x70]) || eq([0x6C, 0x74]) || eq([0x67, 0x74])
            || eq([0x71, 0x75, 0x6F, 0x74]) || eq([0x61, 0x70, 0x6F, 0x73])
    }
}

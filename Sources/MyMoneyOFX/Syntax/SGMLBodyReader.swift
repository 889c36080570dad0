import Foundation

/// Reads an OFX 1.x SGML body (leaf elements without end tags, stray closers, raw `&`) in one
/// pass over the bytes and hands the elements it implies straight to the statement builder:
/// the same element starts, text and element ends that an XML parser would report for the
/// body written as well-formed XML (SGML is not XML, so no XML parser is involved; XML bodies
/// go through libxml2, see ``OFXXMLReader``).
///
/// Rules (format notes §3): a tag followed by text is a leaf and is closed before the next tag;
/// a tag followed directly by a tag is an aggregate — unless it is a known leaf, or an unknown
/// name never closed anywhere later, which are empty leaves; `</X>` closes back to the nearest
/// open `X`; a closer with no opener is ignored for leaves and an error for aggregates.
/// Text is handed over as XML would read it: the predefined entities (`&amp;`) and character
/// references are decoded, any other `&` stays literal, control characters become spaces, and
/// line breaks (`CR LF`, `CR`) become `LF`; values keep their inner newlines. Comments and
/// processing instructions are dropped, CDATA is literal text, and any other markup declaration
/// (`<!DOCTYPE`, `<!ENTITY`) stops the pass: no DTD is ever read, no entity ever defined.
///
/// Names are never turned into Strings (only an unknown name the builder keeps); no memory
/// grows with the body except the stack of open elements (at most ``maximumDepth``).
///
/// - Complexity: O(n) in the body, plus at most one forward search per unknown tag name.
struct SGMLBodyReader {
    /// A problem found while reading, at a byte offset of the original text.
    struct Problem: Sendable {
        var severity: Diagnostic.Severity
        var code: String
        var message: String
        var offset: Int
    }

    private enum Kind { case undecided, aggregate, leaf }
    private struct Open {
        var start: Int
        var length: Int
        var tag: OFXTag
        var kind: Kind
    }

    static let maximumDepth = 128

    private let text: UnsafeBufferPointer<UInt8>
    private let table = OFXTagTable.shared
    private var i: Int
    private var stack: [Open] = []
    private var sawRoot = false
    private var rootClosed = false
    private(set) var finished = false
    /// Set when the pass stopped at something it cannot read safely.
    private(set) var stopped = false
    private(set) var problems: [Problem] = []
    private var closedLater: [[UInt8]: Int] = [:]   // unknown name → offset of a later `</NAME`, or -1
    /// Receives the elements. A pointer (valid for the reader's life) rather than a stored
    /// value: the reader stays small, so calls on it never copy the whole builder.
    private let builder: UnsafeMutablePointer<OFXStatementBuilder>
    private var lines: LineCursor
    private struct CachedName { var w0: UInt64; var w1: UInt64; var length: Int; var tag: OFXTag }
    private var nameCache = [CachedName](repeating: CachedName(w0: 0, w1: 0, length: -1, tag: .unknown), count: 64)

    init(text: UnsafeBufferPointer<UInt8>, start: Int, builder: UnsafeMutablePointer<OFXStatementBuilder>) {
        self.text = text
        self.i = min(max(0, start), text.count)
        self.builder = builder
        lines = LineCursor(text)
        stack.reserveCapacity(16)
    }

    /// Hears how far reading has come (a byte offset), about every megabyte.
    var progress: ((Int) -> Void)?

    /// Reads the whole body into the builder.
    mutating func run() {
        var next = i + (1 << 20)
        while !finished {
            step()
            if i >= next, let progress {
                progress(i)
                next = i + (1 << 20)
            }
        }
    }

    // MARK: - Output (to the builder)

    private mutating func begin(_ open: Open, at tagStart: Int) {
        let position = open.tag.carriesPosition ? lines.position(ofOffset: tagStart) : nil
        builder.pointee.begin(open.tag, name: name(open.start, open.length), position: position)
    }

    // MARK: - Tokens

    private mutating func problem(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at offset: Int) {
        if problems.count < 100 { problems.append(Problem(severity: severity, code: code, message: message, offset: offset)) }
    }

    private mutating func stop(_ code: String, _ message: String, at offset: Int) {
        problem(.error, code, message, at: offset)
        stopped = true
        finished = true
    }

    /// Processes one token (a text run or a piece of markup).
    private mutating func step() {
        guard i < text.count else { finish(); return }
        if text[i] != 0x3C { text(run: i); return }
        guard i + 1 < text.count else { stop("ofx.truncated", "the file ends inside a tag", at: i); return }
        let next = text[i + 1]
        if next == 0x21 { markupDeclaration(); return }      // <!
        if next == 0x3F { processingInstruction(); return }   // <?
        if next == 0x2F { closer(); return }                  // </
        opener()
    }

    // Name bytes as bit sets: bytes 0–63 and 64–127.
    private static let nameStartHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE   // A–Z _ a–z
    private static let nameByteLow: UInt64 = 0x07FF_6000_0000_0000     // - . 0–9 :

    @inline(__always)
    private func isNameStart(_ b: UInt8) -> Bool {
        b >= 64 && b < 128 && (SGMLBodyReader.nameStartHigh >> UInt64(b & 63)) & 1 == 1
    }
    @inline(__always)
    private func isNameByte(_ b: UInt8) -> Bool {
        b < 64 ? (SGMLBodyReader.nameByteLow >> UInt64(b)) & 1 == 1 : isNameStart(b)
    }

    /// The tag for a name as written: a small cache keyed by the name's bytes (names of up to
    /// 16 bytes, the usual case, are two machine words), the table for the rest.
    @inline(__always)
    private mutating func tag(_ start: Int, _ length: Int) -> OFXTag {
        guard length <= 16, start + 16 <= text.count, let base = text.baseAddress else {
            return table.tag(name(start, length))
        }
        let raw = UnsafeRawPointer(base + start)
        var w0 = raw.loadUnaligned(as: UInt64.self)
        var w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if length < 8 { w0 &= (1 << UInt64(length * 8)) &- 1; w1 = 0 }
        else if length < 16 { w1 &= (1 << UInt64((length - 8) * 8)) &- 1 }
        let slot = Int(truncatingIfNeeded: ((w0 ^ (w1 &* 31) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        let entry = nameCache[slot]
        if entry.w0 == w0 && entry.w1 == w1 && entry.length == length { return entry.tag }
        let found = table.tag(name(start, length))
        nameCache[slot] = CachedName(w0: w0, w1: w1, length: length, tag: found)
        return found
    }
    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private func name(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[start..<(start + length)])
    }

    private func describeName(_ start: Int, _ length: Int) -> String {
        String(decoding: name(start, length), as: UTF8.self)
    }

    /// Reads a tag name at `j`; returns its length (0 when there is none).
    private func nameLength(at j: Int) -> Int {
        guard j < text.count, isNameStart(text[j]) else { return 0 }
        var k = j + 1
        while k < text.count, isNameByte(text[k]) { k += 1 }
        return k - j
    }

    private mutating func opener() {
        let tagStart = i
        let nameStart = i + 1
        let length = nameLength(at: nameStart)
        guard length > 0 else {
            stop("ofx.syntax", "\"<\" is not followed by a tag name", at: tagStart); return
        }
        var k = nameStart + length
        while k < text.count, isSpace(text[k]) { k += 1 }
        var selfClosing = false
        if k < text.count, text[k] == 0x2F { selfClosing = true; k += 1 }
        guard k < text.count else { stop("ofx.truncated", "the file ends inside the tag <\(describeName(nameStart, length))", at: tagStart); return }
        guard text[k] == 0x3E else {
            stop("ofx.syntax", "malformed tag <\(describeName(nameStart, length)): expected \">\" after the name", at: tagStart); return
        }
        i = k + 1
        if rootClosed {
            problem(.warning, "ofx.syntax", "content after </OFX> is ignored", at: tagStart)
            i = text.count
            return
        }
        let tag = tag(nameStart, length)
        if !sawRoot {
            guard tag == .OFX else {
                stop("ofx.structure", "the body starts with <\(describeName(nameStart, length))>, expected <OFX>", at: tagStart); return
            }
            sawRoot = true
        }
        // The element before this tag: a leaf with text ends here; an undecided one is now an
        // aggregate, or an empty leaf.
        settleBeforeTag()
        if rootClosed {
            // Text right inside <OFX> made it a leaf, and this tag closed it: the rest is lost.
            stop("ofx.structure", "text directly inside <OFX> ended it early: <\(describeName(nameStart, length))> and everything after it cannot be read",
                 at: tagStart)
            return
        }
        if stack.count >= SGMLBodyReader.maximumDepth {
            stop("ofx.depth", "elements are nested deeper than \(SGMLBodyReader.maximumDepth) levels", at: tagStart); return
        }
        let open = Open(start: nameStart, length: length, tag: tag, kind: .undecided)
        begin(open, at: tagStart)
        if selfClosing {
            builder.pointee.end()
            return
        }
        stack.append(open)
    }

    private mutating func settleBeforeTag() {
        guard var top = stack.last else { return }
        switch top.kind {
        case .leaf:
            closeTop()
        case .undecided:
            let tag = top.tag
            if tag.isLeaf || (tag == .unknown && !isClosedLater(top)) {
                closeTop()
            } else {
                top.kind = .aggregate
                stack[stack.count - 1] = top
            }
        case .aggregate:
            break
        }
    }

    /// Whether `</NAME` of an unknown tag appears after the current position (ofxparse's rule).
    private mutating func isClosedLater(_ open: Open) -> Bool {
        let key = Array(name(open.start, open.length)).map { ($0 >= 0x61 && $0 <= 0x7A) ? $0 - 0x20 : $0 }
        if let known = closedLater[key] {
            if known < 0 { return false }
            if known >= i { return true }
        }
        if closedLater.count > 256 { return false }
        let found = findCloser(key, from: i)
        closedLater[key] = found ?? -1
        return found != nil
    }

    private func findCloser(_ upper: [UInt8], from: Int) -> Int? {
        var j = from
        let n = text.count
        while j + 2 + upper.count <= n {
            guard let p = memchrIndex(0x3C, from: j) else { return nil }
            if p + 2 + upper.count <= n, text[p + 1] == 0x2F {
                var same = true
                for (k, u) in upper.enumerated() {
                    let b = text[p + 2 + k]
                    if ((b >= 0x61 && b <= 0x7A) ? b - 0x20 : b) != u { same = false; break }
                }
                if same, p + 2 + upper.count < n, !isNameByte(text[p + 2 + upper.count]) { return p }
            }
            j = p + 1
        }
        return nil
    }

    private func memchrIndex(_ byte: UInt8, from: Int) -> Int? {
        guard from < text.count, let base = text.baseAddress else { return nil }
        guard let p = memchr(base + from, Int32(byte), text.count - from) else { return nil }
        return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
    }

    private mutating func closeTop() {
        guard stack.popLast() != nil else { return }
        builder.pointee.end()
        if stack.isEmpty { rootClosed = true }
    }

    /// Whether an open element has this name (ASCII case-insensitive).
    private func sameName(_ open: Open, _ start: Int, _ length: Int) -> Bool {
        guard open.length == length else { return false }
        for k in 0..<length {
            let a = text[open.start + k], b = text[start + k]
            if ((a >= 0x61 && a <= 0x7A) ? a - 0x20 : a) != ((b >= 0x61 && b <= 0x7A) ? b - 0x20 : b) { return false }
        }
        return true
    }

    private mutating func closer() {
        let tagStart = i
        let nameStart = i + 2
        let length = nameLength(at: nameStart)
        guard length > 0 else { stop("ofx.syntax", "\"</\" is not followed by a tag name", at: tagStart); return }
        var k = nameStart + length
        while k < text.count, isSpace(text[k]) { k += 1 }
        guard k < text.count else { stop("ofx.truncated", "the file ends inside the tag </\(describeName(nameStart, length))", at: tagStart); return }
        guard text[k] == 0x3E else {
            stop("ofx.syntax", "malformed closing tag </\(describeName(nameStart, length))", at: tagStart); return
        }
        i = k + 1
        if let top = stack.last, top.kind != .aggregate {
            if sameName(top, nameStart, length) { closeTop(); return }
            closeTop()   // a leaf (or empty element) ends at any closing tag
        }
        guard let index = stack.lastIndex(where: { sameName($0, nameStart, length) }) else {
            if table.tag(name(nameStart, length)).isAggregate {
                problem(.error, "ofx.structure",
                        "closing tag </\(describeName(nameStart, length))> has no matching opening tag", at: tagStart)
            }
            return   // a stray closer of a leaf that was already closed
        }
        while stack.count > index + 1 { closeTop() }
        closeTop()
    }

    private mutating func markupDeclaration() {
        if hasPrefix("<!--") {
            guard let end = find("-->", from: i + 4) else { stop("ofx.truncated", "a comment is never closed", at: i); return }
            i = end + 3
            return
        }
        if hasPrefix("<![CDATA[") {
            guard let end = find("]]>", from: i + 9) else { stop("ofx.truncated", "a CDATA section is never closed", at: i); return }
            let start = i + 9
            i = end + 3
            textContent(start, end, cdata: true)
            return
        }
        stop("ofx.security.doctype",
             "the file contains a document type or entity declaration, which OFX statements never need; it is refused for safety",
             at: i)
    }

    private mutating func processingInstruction() {
        guard let end = find("?>", from: i + 2) else { stop("ofx.truncated", "a processing instruction is never closed", at: i); return }
        i = end + 2
    }

    private func hasPrefix(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= text.count else { return false }
        let p = s.utf8Start
        for k in 0..<n where text[i + k] != p[k] { return false }
        return true
    }

    private func find(_ s: StaticString, from: Int) -> Int? {
        let n = s.utf8CodeUnitCount
        let p = s.utf8Start
        var j = from
        while let c = memchrIndex(p[0], from: j) {
            if c + n > text.count { return nil }
            var same = true
            for k in 1..<n where text[c + k] != p[k] { same = false; break }
            if same { return c }
            j = c + 1
        }
        return nil
    }

    // MARK: - Text

    private mutating func text(run start: Int) {
        let end = memchrIndex(0x3C, from: start) ?? text.count
        i = end
        textContent(start, end, cdata: false)
    }

    private mutating func textContent(_ start: Int, _ end: Int, cdata: Bool) {
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

    private mutating func finish() {
        guard !finished else { return }
        finished = true
        if !sawRoot {
            problem(.error, "ofx.structure", "the body holds no <OFX> element", at: min(i, text.count))
            stopped = true
            return
        }
        if !stack.isEmpty {
            let open = stack.filter { $0.kind == .aggregate }.map { "<\(describeName($0.start, $0.length))>" }
            if !open.isEmpty {
                problem(.error, "ofx.truncated",
                        "the file ends before \(open.reversed().joined(separator: ", ")) \(open.count == 1 ? "is" : "are") closed: it looks truncated",
                        at: text.count)
            }
            while !stack.isEmpty { closeTop() }
        }
    }
}

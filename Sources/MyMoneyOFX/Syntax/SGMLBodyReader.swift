import Foundation
@_spi(Speed) import MyMoneyCore

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
/// The text comes through a ``TextWindow``: all of it in memory, or a file a chunk at a time.
/// A token (a tag, a text run, a comment) that reaches the window's end is read again once the
/// window holds more, so the elements, their text and every position are the same whatever the
/// window's size (the differential tests read with windows of 64 bytes). Names are never turned
/// into Strings (only an unknown name the builder keeps); no memory grows with the body except
/// the stack of open elements (at most ``maximumDepth``).
///
/// - Complexity: O(n) in the body, plus at most one forward search per unknown tag name.
struct SGMLBodyReader {
    /// A problem found while reading, at its place in the original text.
    struct Problem: Sendable {
        var severity: Diagnostic.Severity
        var code: String
        var message: String
        var position: SourcePosition
    }

    enum Kind { case undecided, aggregate, leaf }
    struct Open {
        var name: SGMLName
        var tag: OFXTag
        var kind: Kind
    }

    static let maximumDepth = 128

    let window: TextWindow
    /// The window's bytes and the offset of their first byte in the text; `i` indexes `text`.
    var text: UnsafeBufferPointer<UInt8>
    var base: Int
    var i: Int
    let table = OFXTagTable.shared
    var stack: [Open] = []
    /// The bytes after the 16th of open names longer than that, by their place on the stack.
    var longNameRests: [[UInt8]] = []
    var sawRoot = false
    var rootClosed = false
    private(set) var finished = false
    /// Set when the pass stopped at something it cannot read safely.
    private(set) var stopped = false
    private(set) var problems: [Problem] = []
    /// Set by a token that reached the window's end before its own end (it is read again).
    var needsMore = false
    var closedLater: [[UInt8]: Int] = [:]   // unknown name → offset (in the text) of a later `</NAME`, or -1
    /// Receives the elements. A pointer (valid for the reader's life) rather than a stored
    /// value: the reader stays small, so calls on it never copy the whole builder.
    let builder: UnsafeMutablePointer<OFXStatementBuilder>
    var lines: LineCursor
    /// Element names (up to 16 bytes) → tags, by their bytes.
    let names = SmallKeyCache<OFXTag>(slots: 256, longest: 16)

    /// A reader of the body from offset `start` of the window's text.
    init(window: TextWindow, start: Int, builder: UnsafeMutablePointer<OFXStatementBuilder>) {
        self.window = window
        text = window.bytes
        base = window.base
        i = max(0, start) - window.base
        self.builder = builder
        lines = LineCursor(window)
        stack.reserveCapacity(16)
    }

    /// Whether more text may come after the window.
    var more: Bool { !window.atEnd }

    /// Reads the whole body into the builder.
    mutating func run() {
        // A body that starts past the first window: move on to it.
        let start = base + i
        while start > base + text.count && more { moveWindow(keepingFrom: base + text.count) }
        i = min(start - base, text.count)
        while !finished {
            step()
            if needsMore {
                needsMore = false
                moveWindow(keepingFrom: base + i)
            }
        }
    }

    /// Moves the window on, keeping the text from offset `keep` (the token being read).
    mutating func moveWindow(keepingFrom keep: Int) {
        lines.advance(to: keep)   // lines before `keep` are counted before their bytes go
        window.refill(keepingFrom: keep)
        text = window.bytes
        base = window.base
        i = keep - base
    }

    // MARK: - Output (to the builder)

    mutating func begin(_ open: Open, at tagStart: Int) {
        let position = open.tag.carriesPosition ? lines.position(ofOffset: base + tagStart) : nil
        builder.pointee.begin(open.tag, name: name(tagStart + 1, open.name.count), position: position)
    }

    // MARK: - Tokens

    /// Records a problem at `offset` of the window.
    mutating func problem(_ severity: Diagnostic.Severity, _ code: String, _ message: String, at offset: Int) {
        if problems.count < 100 {
            problems.append(Problem(severity: severity, code: code, message: message, position: lines.position(ofOffset: base + offset)))
        }
    }

    mutating func stop(_ code: String, _ message: String, at offset: Int) {
        problem(.error, code, message, at: offset)
        stopped = true
        finished = true
    }

    /// Processes one token (a text run or a piece of markup), or asks for more text.
    private mutating func step() {
        guard i < text.count else {
            if more { needsMore = true } else { finish() }
            return
        }
        if text[i] != 0x3C { text(run: i); return }
        guard i + 1 < text.count else {
            if more { needsMore = true } else { stop("ofx.truncated", "the file ends inside a tag", at: i) }
            return
        }
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
    static func isNameStart(_ b: UInt8) -> Bool {
        b >= 64 && b < 128 && (SGMLBodyReader.nameStartHigh >> UInt64(b & 63)) & 1 == 1
    }
    @inline(__always)
    static func isNameByte(_ b: UInt8) -> Bool {
        b < 64 ? (SGMLBodyReader.nameByteLow >> UInt64(b)) & 1 == 1 : isNameStart(b)
    }

    /// The tag for a name as written: names of up to 16 bytes are cached by their two words
    /// (which the kept name holds already), the table answers the rest.
    @inline(__always)
    private func tag(_ kept: SGMLName, _ start: Int, _ length: Int) -> OFXTag {
        guard length <= 16 else { return table.tag(name(start, length)) }
        let (a, b) = kept.shortWords
        if let known = names.value(shortWords: a, b, count: length) { return known }
        let found = table.tag(name(start, length))
        names.store(found, shortWords: a, b, count: length)
        return found
    }
    func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    func name(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[start..<(start + length)])
    }

    private func describeName(_ start: Int, _ length: Int) -> String {
        String(decoding: name(start, length), as: UTF8.self)
    }

    /// Reads a tag name at `j`; returns its length (0 when there is none) and whether it reaches
    /// the window's end.
    private func nameLength(at j: Int) -> Int {
        guard j < text.count, SGMLBodyReader.isNameStart(text[j]) else { return 0 }
        var k = j + 1
        while k < text.count, SGMLBodyReader.isNameByte(text[k]) { k += 1 }
        return k - j
    }

    private mutating func opener() {
        let tagStart = i
        let nameStart = i + 1
        let length = nameLength(at: nameStart)
        guard length > 0 else {
            if nameStart >= text.count && more { needsMore = true; return }
            stop("ofx.syntax", "\"<\" is not followed by a tag name", at: tagStart); return
        }
        var k = nameStart + length
        while k < text.count, isSpace(text[k]) { k += 1 }
        var selfClosing = false
        if k < text.count, text[k] == 0x2F { selfClosing = true; k += 1 }
        guard k < text.count else {
            if more { needsMore = true; return }
            stop("ofx.truncated", "the file ends inside the tag <\(describeName(nameStart, length))", at: tagStart); return
        }
        guard text[k] == 0x3E else {
            stop("ofx.syntax", "malformed tag <\(describeName(nameStart, length)): expected \">\" after the name", at: tagStart); return
        }
        i = k + 1
        if rootClosed {
            problem(.warning, "ofx.syntax", "content after </OFX> is ignored", at: tagStart)
            // Nothing after it is read: the pass ends here, wherever the window is.
            finished = true
            return
        }
        let kept = SGMLName(name(nameStart, length))
        let tag = tag(kept, nameStart, length)
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
        let open = Open(name: kept, tag: tag, kind: .undecided)
        begin(open, at: tagStart)
        if selfClosing {
            builder.pointee.end()
            return
        }
        if length > SGMLName.kept {
            while longNameRests.count <= stack.count { longNameRests.append([]) }
            longNameRests[stack.count] = Array(name(nameStart + SGMLName.kept, length - SGMLName.kept))
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
            if tag.isLeaf || (tag == .unknown && !isClosedLater(stack.count - 1)) {
                closeTop()
            } else {
                top.kind = .aggregate
                stack[stack.count - 1] = top
            }
        case .aggregate:
            break
        }
    }

    /// The name of the open element at `index` of the stack, as written.
    func openName(_ index: Int) -> [UInt8] {
        let name = stack[index].name
        return name.count > SGMLName.kept ? name.keptBytes + longNameRests[index] : name.keptBytes
    }

    /// Whether the open element at `index` of the stack has the name `written` (ASCII case-insensitively).
    func openName(_ index: Int, is written: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = stack[index].name
        guard name.matchesKeptBytes(written) else { return false }
        guard name.count > SGMLName.kept else { return true }
        let rest = longNameRests[index]
        for k in 0..<rest.count {
            let a = rest[k], b = written[SGMLName.kept + k]
            if ((a >= 0x61 && a <= 0x7A) ? a - 0x20 : a) != ((b >= 0x61 && b <= 0x7A) ? b - 0x20 : b) { return false }
        }
        return true
    }

    /// Whether `</NAME` of the unknown tag open at `index` appears after the current position (ofxparse's rule).
    private mutating func isClosedLater(_ index: Int) -> Bool {
        let key = openName(index).map { ($0 >= 0x61 && $0 <= 0x7A) ? $0 - 0x20 : $0 }
        if let known = closedLater[key] {
            if known < 0 { return false }
            if known >= base + i { return true }
        }
        if closedLater.count > 256 { return false }
        let found = findCloser(key, from: i)
        closedLater[key] = found ?? -1
        return found != nil
    }

    /// The offset (in the text) of the first `</NAME` at or after `from` (in the window), looked
    /// for in the window, then in the rest of the text.
    private func findCloser(_ upper: [UInt8], from: Int) -> Int? {
        if let p = SGMLBodyReader.findCloser(upper, in: text, from: from) { return base + p }
        guard more else { return nil }
        // A closer cut by the window's end is found again at the start of the text after it.
        let overlap = upper.count + 3
        let resume = max(from, text.count - overlap)
        return window.scanAhead(from: base + resume, overlap: overlap) { piece, at in
            SGMLBodyReader.findCloser(upper, in: piece, from: 0).map { at + $0 }
        }
    }

    /// The index of the first `</NAME` (case-insensitive, followed by a byte that ends a name)
    /// at or after `from` in `text`.
    static func findCloser(_ upper: [UInt8], in text: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var j = from
        let n = text.count
        guard let base = text.baseAddress else { return nil }
        while j + 2 + upper.count <= n {
            guard let found = memchr(base + j, 0x3C, n - j) else { return nil }
            let p = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
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

    func memchrIndex(_ byte: UInt8, from: Int) -> Int? {
        guard from < text.count, let base = text.baseAddress else { return nil }
        guard let p = memchr(base + from, Int32(byte), text.count - from) else { return nil }
        return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
    }

    mutating func closeTop() {
        guard stack.popLast() != nil else { return }
        builder.pointee.end()
        if stack.isEmpty { rootClosed = true }
    }

    private mutating func closer() {
        let tagStart = i
        let nameStart = i + 2
        let length = nameLength(at: nameStart)
        guard length > 0 else {
            if nameStart >= text.count && more { needsMore = true; return }
            stop("ofx.syntax", "\"</\" is not followed by a tag name", at: tagStart); return
        }
        var k = nameStart + length
        while k < text.count, isSpace(text[k]) { k += 1 }
        guard k < text.count else {
            if more { needsMore = true; return }
            stop("ofx.truncated", "the file ends inside the tag </\(describeName(nameStart, length))", at: tagStart); return
        }
        guard text[k] == 0x3E else {
            stop("ofx.syntax", "malformed closing tag </\(describeName(nameStart, length))", at: tagStart); return
        }
        i = k + 1
        let written = name(nameStart, length)
        if let top = stack.last, top.kind != .aggregate {
            if openName(stack.count - 1, is: written) { closeTop(); return }
            closeTop()   // a leaf (or empty element) ends at any closing tag
        }
        var index = stack.count - 1
        while index >= 0 && !openName(index, is: written) { index -= 1 }
        guard index >= 0 else {
            if table.tag(written).isAggregate {
                problem(.error, "ofx.structure",
                        "closing tag </\(describeName(nameStart, length))> has no matching opening tag", at: tagStart)
            }
            return   // a stray closer of a leaf that was already closed
        }
        while stack.count > index + 1 { closeTop() }
        closeTop()
    }

    private mutating func markupDeclaration() {
        if i + 9 > text.count && more { needsMore = true; return }   // room to tell a comment, CDATA and the rest apart
        if hasPrefix("<!--") {
            guard let end = find("-->", from: i + 4) else {
                if more { needsMore = true; return }
                stop("ofx.truncated", "a comment is never closed", at: i); return
            }
            i = end + 3
            return
        }
        if hasPrefix("<![CDATA[") {
            guard let end = find("]]>", from: i + 9) else {
                if more { needsMore = true; return }
                stop("ofx.truncated", "a CDATA section is never closed", at: i); return
            }
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
        guard let end = find("?>", from: i + 2) else {
            if more { needsMore = true; return }
            stop("ofx.truncated", "a processing instruction is never closed", at: i); return
        }
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

    private mutating func finish() {
        guard !finished else { return }
        finished = true
        if !sawRoot {
            problem(.error, "ofx.structure", "the body holds no <OFX> element", at: min(i, text.count))
            stopped = true
            return
        }
        if !stack.isEmpty {
            let open = stack.indices.filter { stack[$0].kind == .aggregate }.map { "<\(String(decoding: openName($0), as: UTF8.self))>" }
            if !open.isEmpty {
                problem(.error, "ofx.truncated",
                        "the file ends before \(open.reversed().joined(separator: ", ")) \(open.count == 1 ? "is" : "are") closed: it looks truncated",
                        at: text.count)
            }
            while !stack.isEmpty { closeTop() }
        }
    }
}

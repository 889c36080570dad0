import Foundation
internal import MyMoneyLibXML2

/// libxml2's SAX parser over OFX XML, hardened for untrusted input (PLATFORM.md): no
/// network, no DTD loading, no entity substitution, no huge-input mode, an external entity
/// loader that refuses everything, any document type declaration refused outright (the parser
/// is stopped at it), no entity ever looked up (an undeclared `&name;` is a syntax error), and
/// elements nested deeper than ``maximumDepth`` refused.
///
/// libxml2 pulls the text in small chunks through a read callback (from a ``TextWindow``: text
/// in memory, or a file read a chunk at a time) and its events go straight to the statement
/// builder (element names are interned by libxml2 and mapped to tags by pointer), so no tree is
/// built and neither libxml2's memory nor the window's grows with the file. The SAX1
/// callbacks are used (a handler not marked SAX2): OFX has no namespaces, and libxml2 does
/// about 7 % less work per element without them (callgrind, 50,000 transactions).
///
/// A resource with a lifetime: `final`, one reader per read call, not `Sendable`.
final class OFXXMLReader {
    /// Why reading stopped early.
    enum Failure {
        /// The document declares a DTD or entities: refused.
        case security(String)
        /// Elements nested deeper than the limit: refused (where libxml2 stopped, when known).
        case depth(SourcePosition?)
        /// libxml2 found the XML malformed: its message, and where (when it says).
        case syntax(message: String, position: SourcePosition?)
    }

    static let maximumDepth = 128

    static let parseOptions: Int32 = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue
        // The bytes handed over are already UTF-8: a declared `encoding="ISO-8859-1"` must not
        // make libxml2 decode them a second time.
        | XML_PARSE_IGNORE_ENC.rawValue)
    // Not `XML_PARSE_SAX1`: some libxml2 versions answer it by putting their own tree-building
    // callbacks in the handler. A handler not marked SAX2 (`initialized = 1`) selects SAX1 anyway.

    /// Installs the refusing external entity loader once per process.
    static let hardened: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    static let doctypeRefusal = "the file declares a document type (<!DOCTYPE>), which OFX statements never need; it is refused for safety"

    /// What the SAX callbacks work on, reached through libxml2's user-data pointer (a raw
    /// allocation rather than a class, so the hot callbacks pay no exclusivity checks).
    struct State {
        var builder: OFXStatementBuilder
        var cache = NameCache()
        var lines: LineCursor
        var depth = 0
        var failure: Failure?
        /// The line libxml2 stood on when the nesting went too deep.
        var depthLine = 0
        var context: xmlParserCtxtPtr?
        /// The offset (in the text) of the next byte to hand to libxml2.
        var handed = 0

        /// Copies the next bytes of the text (at most `capacity`) to libxml2's `destination`;
        /// 0 at the end. When the window is used up it moves on, keeping the 64 KB before where
        /// libxml2 stands (a start tag's `<` is looked for there) and counting the lines it drops.
        mutating func fill(_ destination: UnsafeMutablePointer<UInt8>, _ capacity: Int) -> Int {
            let window = lines.window
            var available = window.base + window.bytes.count - handed
            if available <= 0 {
                guard !window.atEnd else { return 0 }
                let consumed = context.map { Int(xmlByteConsumed($0)) } ?? handed
                let keep = max(window.base, min(handed, consumed - 65_536))
                lines.advance(to: keep)
                window.refill(keepingFrom: keep)
                available = window.base + window.bytes.count - handed
                guard available > 0 else { return 0 }
            }
            let n = min(capacity, available)
            guard let base = window.bytes.baseAddress else { return 0 }
            destination.update(from: base + (handed - window.base), count: n)
            handed += n
            return n
        }

        /// An element starts; `name` is its spelling, NUL-terminated: libxml2's interned one
        /// (cached by pointer) unless `interned` is false. A prefixed `p:NAME` is simply an
        /// unknown name.
        mutating func start(_ name: UnsafePointer<UInt8>, interned: Bool = true) {
            depth += 1
            if depth > OFXXMLReader.maximumDepth {
                depthLine = context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0
                failure = .depth(nil)
                if let context { xmlStopParser(context) }
                return
            }
            let tag = interned ? cache.tag(name) : OFXTagTable.shared.tag(
                UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
            let position = tag.carriesPosition ? startTagPosition(name) : nil
            if tag == .unknown {
                let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                builder.begin(tag, name: UnsafeBufferPointer(start: name, count: length), position: position)
            } else {
                builder.begin(tag, name: UnsafeBufferPointer(start: nil, count: 0), position: position)
            }
        }

        /// Where the start tag being reported begins in the text: libxml2 stands inside it
        /// (its byte count is exact, the text being UTF-8 already), so the tag's `<` is the
        /// nearest one before; checked against the name, else found by searching forward.
        mutating func startTagPosition(_ name: UnsafePointer<UInt8>) -> SourcePosition? {
            let text = lines.window.bytes
            let start = lines.window.base
            if let context, let base = text.baseAddress {
                let consumed = Int(xmlByteConsumed(context)) - start
                var k = min(consumed, text.count - 1)
                let limit = max(0, k - 4096)
                while k > limit, base[k] != 0x3C { k -= 1 }
                if k >= 0, k < text.count, base[k] == 0x3C {
                    let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    if k + 1 + length < text.count, memcmp(base + k + 1, name, length) == 0 {
                        return lines.position(ofTagAt: start + k)
                    }
                }
            }
            return lines.position(ofNextTag: name)
        }

        mutating func end() {
            depth -= 1
            builder.end()
        }

        mutating func refuse(_ message: String) {
            if failure == nil { failure = .security(message) }
            if let context { xmlStopParser(context) }
        }
    }

    private let window: TextWindow

    /// A reader of the window's text from its start; positions (of transactions, balances,
    /// statements) are offsets in that text.
    init(window: TextWindow) {
        self.window = window
        _ = OFXXMLReader.hardened
    }

    static func handler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = 1   // SAX1: names as written, no namespace work
        sax.startElement = { context, name, _ in
            guard let context, let name else { return }
            context.assumingMemoryBound(to: State.self).pointee.start(name)
        }
        sax.endElement = { context, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: State.self).pointee.end()
        }
        // The same through the SAX2 callbacks, should a libxml2 version use those regardless.
        sax.startElementNs = { context, localname, prefix, _, _, _, _, _, _ in
            guard let context, let localname else { return }
            let state = context.assumingMemoryBound(to: State.self)
            guard let prefix else { state.pointee.start(localname); return }
            var written = Array((String(cString: prefix) + ":" + String(cString: localname)).utf8)
            written.append(0)
            written.withUnsafeBufferPointer { if let base = $0.baseAddress { state.pointee.start(base, interned: false) } }
        }
        sax.endElementNs = { context, _, _, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: State.self).pointee.end()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            context.assumingMemoryBound(to: State.self).pointee.builder.text(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.internalSubset = { context, _, _, _ in
            context?.assumingMemoryBound(to: State.self).pointee.refuse(OFXXMLReader.doctypeRefusal)
        }
        sax.externalSubset = { context, _, _, _ in
            context?.assumingMemoryBound(to: State.self).pointee.refuse(OFXXMLReader.doctypeRefusal)
        }
        sax.entityDecl = { context, _, _, _, _, _ in
            context?.assumingMemoryBound(to: State.self).pointee.refuse(
                "the file uses custom entities, which OFX statements never need; it is refused for safety")
        }
        sax.getEntity = { _, _ in nil }   // no entity other than the predefined five exists
        return sax
    }

    /// Parses the window's text (UTF-8) and feeds every element start, text and end to
    /// `builder`; returns why it stopped early, if it did. libxml2 asks for a few KB at a time
    /// and drops what it has parsed. (Its pull parser over such a callback measured faster than
    /// its push parser and than reading a whole buffer in place.)
    func read(into builder: inout OFXStatementBuilder) -> Failure? {
        run(into: &builder) { state in
            var sax = OFXXMLReader.handler()
            return xmlCreateIOParserCtxt(&sax, UnsafeMutableRawPointer(state), { source, buffer, length in
                guard let source, let buffer, length > 0 else { return 0 }
                let n = source.assumingMemoryBound(to: State.self).pointee.fill(
                    UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self), Int(length))
                return Int32(clamping: n)
            }, { _ in 0 }, UnsafeMutableRawPointer(state), XML_CHAR_ENCODING_UTF8)
        } parse: { context in
            xmlParseDocument(context)
        }
    }

    /// Makes a parser context (with the SAX handler and `state` as its user data), parses, and
    /// says why parsing stopped early, if it did.
    private func run(into builder: inout OFXStatementBuilder,
                     makeContext: (UnsafeMutablePointer<State>) -> xmlParserCtxtPtr?,
                     parse: (xmlParserCtxtPtr) -> Void) -> Failure? {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(builder: builder, lines: LineCursor(window)))
        defer { state.deinitialize(count: 1); state.deallocate() }
        guard let context = makeContext(state) else {
            return .syntax(message: "libxml2 could not start a parser", position: nil)
        }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, OFXXMLReader.parseOptions)
        state.pointee.context = context
        parse(context)
        var failure: Failure?
        if case .depth = state.pointee.failure {
            let line = state.pointee.depthLine
            failure = .depth(line > 0 ? state.pointee.lines.position(line: line, tag: nil) : nil)
        } else if let f = state.pointee.failure {
            failure = f
        } else if context.pointee.wellFormed == 0 {
            failure = OFXXMLReader.lastFailure(context, lines: &state.pointee.lines)
        }
        state.pointee.context = nil
        swap(&builder, &state.pointee.builder)
        return failure
    }

    /// libxml2's last error, placed at its line and column (counted by `lines`).
    private static func lastFailure(_ context: xmlParserCtxtPtr, lines: inout LineCursor) -> Failure {
        guard let error = xmlCtxtGetLastError(UnsafeMutableRawPointer(context)) else {
            return .syntax(message: "libxml2 stopped without a message", position: nil)
        }
        let message = error.pointee.message.map { String(cString: $0).trimmingSpaces } ?? "unknown error"
        let line = Int(error.pointee.line), column = Int(error.pointee.int2)
        let position = line > 0 ? lines.position(line: line, tag: nil).map {
            SourcePosition(offset: $0.offset + max(0, column - 1), line: line, column: max(1, column)) } : nil
        return .syntax(message: message, position: position)
    }
}

/// Element names → tags, cached by libxml2's interned name pointers (a parser's dictionary
/// hands out one pointer per distinct name), so most lookups are a pointer comparison.
struct NameCache {
    private var keys = [UnsafeRawPointer?](repeating: nil, count: 1024)
    private var values = [OFXTag](repeating: .unknown, count: 1024)
    private let table = OFXTagTable.shared

    mutating func tag(_ name: UnsafePointer<UInt8>) -> OFXTag {
        let raw = UnsafeRawPointer(name)
        var slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: raw)) &* 0x9E37_79B9_7F4A_7C15) >> 54)
        for _ in 0..<8 {
            if keys[slot] == raw { return values[slot] }
            if keys[slot] == nil { break }
            slot = (slot + 1) & 1023
        }
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        let tag = table.tag(UnsafeBufferPointer(start: name, count: length))
        if keys[slot] == nil {
            keys[slot] = raw
            values[slot] = tag
        }
        return tag
    }
}

import Foundation
internal import MyMoneyLibXML2

/// libxml2's SAX2 parser over camt XML, hardened for untrusted input exactly as the OFX reader
/// is (PLATFORM.md): no network (`XML_PARSE_NONET`), no DTD loading, no entity substitution, no
/// huge-input mode, an external entity loader that refuses everything, any document type or
/// entity declaration refused outright (the parser is stopped at it), no entity ever looked up
/// (an undeclared `&name;` is a syntax error), and elements nested deeper than ``maximumDepth``
/// refused.
///
/// libxml2 pulls the text a few KB at a time through a read callback and its events go straight
/// to the ``CAMTDocumentBuilder``: element local names are interned by libxml2 and mapped to
/// ``CAMTElement`` by pointer, text is handed over only for the leaves the builder reads, and no
/// tree is built, so memory does not grow with the file. SAX2 is used because camt documents
/// carry a namespace (and sometimes a prefix); the local name is what is matched.
///
/// A resource with a lifetime: `final`, one parser per read, not `Sendable`.
final class CAMTXMLParser {
    /// Why parsing stopped early.
    enum Failure: Equatable {
        /// A document type or entity declaration: refused.
        case security(String)
        /// Elements nested deeper than the limit: refused; the 1-based line.
        case depth(line: Int)
        /// libxml2 found the XML malformed: its message, line and column.
        case syntax(message: String, line: Int, column: Int)
        /// The builder stopped reading (not a camt document).
        case stopped
    }

    static let maximumDepth = 128

    static let parseOptions: Int32 = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue
        // The bytes handed over are UTF-8 already: a declared `encoding="ISO-8859-1"` must not
        // make libxml2 decode them a second time.
        | XML_PARSE_IGNORE_ENC.rawValue)

    /// Installs the refusing external entity loader once per process.
    static let hardened: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    static let doctypeRefusal = "the file declares a document type (<!DOCTYPE>), which camt statements never need; it is refused for safety"
    static let entityRefusal = "the file declares entities (<!ENTITY>), which camt statements never need; it is refused for safety"

    /// What the SAX callbacks work on, reached through libxml2's user-data pointer.
    struct State {
        var builder: CAMTDocumentBuilder
        var names = CAMTNameCache()
        var depth = 0
        var failure: Failure?
        /// libxml2's first error: it names the cause, later ones its consequences.
        var firstError: Failure?
        var context: xmlParserCtxtPtr?

        mutating func start(_ localName: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?,
                            attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
            depth += 1
            if depth > CAMTXMLParser.maximumDepth {
                failure = .depth(line: context.map { Int(xmlSAX2GetLineNumber(UnsafeMutableRawPointer($0))) } ?? 0)
                stop()
                return
            }
            let element = names.element(localName)
            var currency: UnsafeBufferPointer<UInt8>?
            if element == .Amt || element == .InstdAmt || element == .TxAmt, let attributes {
                // Five pointers per attribute: local name, prefix, URI, value start, value end.
                for k in 0..<attributeCount {
                    guard let name = attributes[5 * k], name[0] == 0x43, name[1] == 0x63, name[2] == 0x79, name[3] == 0,
                          let start = attributes[5 * k + 3], let end = attributes[5 * k + 4] else { continue }
                    currency = UnsafeBufferPointer(start: start, count: end - start)
                }
            }
            if depth == 1 {
                builder.document(element: element, localName: localName, namespace: namespace)
            }
            // libxml2 has read up to the end of this start tag: positions are found back from there.
            let context = self.context
            builder.begin(element, currency: currency, consumed: { context.map { Int(xmlByteConsumed($0)) } ?? 0 })
            if builder.stopRequested { failure = .stopped; stop() }
        }

        mutating func end() {
            depth -= 1
            builder.end()
            if builder.stopRequested, failure == nil { failure = .stopped; stop() }
        }

        mutating func refuse(_ message: String) {
            if failure == nil { failure = .security(message) }
            stop()
        }

        func stop() {
            if let context { xmlStopParser(context) }
        }
    }

    private let original: UnsafeBufferPointer<UInt8>

    /// A parser whose positions point into `original`, the UTF-8 text being parsed; `original`
    /// must outlive the parser.
    init(original text: UnsafeBufferPointer<UInt8>) {
        original = text
        _ = CAMTXMLParser.hardened
    }

    static func handler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = XML_SAX2_MAGIC
        sax.startElementNs = { context, localname, _, uri, _, _, attributeCount, _, attributes in
            guard let context, let localname else { return }
            context.assumingMemoryBound(to: State.self).pointee.start(
                localname, namespace: uri, attributeCount: Int(attributeCount),
                attributes: UnsafeMutableRawPointer(attributes)?.assumingMemoryBound(to: UnsafePointer<UInt8>?.self))
        }
        sax.endElementNs = { context, _, _, _ in
            guard let context else { return }
            context.assumingMemoryBound(to: State.self).pointee.end()
        }
        let characters: charactersSAXFunc = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            context.assumingMemoryBound(to: State.self).pointee.builder.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        sax.characters = characters
        sax.cdataBlock = characters
        sax.ignorableWhitespace = { _, _, _ in }
        sax.internalSubset = { context, _, _, _ in
            context?.assumingMemoryBound(to: State.self).pointee.refuse(CAMTXMLParser.doctypeRefusal)
        }
        sax.externalSubset = { context, _, _, _ in
            context?.assumingMemoryBound(to: State.self).pointee.refuse(CAMTXMLParser.doctypeRefusal)
        }
        sax.entityDecl = { context, _, _, _, _, _ in
            context?.assumingMemoryBound(to: State.self).pointee.refuse(CAMTXMLParser.entityRefusal)
        }
        sax.getEntity = { _, _ in nil }   // no entity other than the predefined five exists
        sax.serror = { context, error in
            guard let context, let error else { return }
            let state = context.assumingMemoryBound(to: State.self)
            guard state.pointee.firstError == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
            state.pointee.firstError = .syntax(message: message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
        }
        return sax
    }

    /// Parses `original` and feeds its events to `builder`; `progress` hears how far libxml2 has
    /// read (a byte offset) now and then. Returns why parsing stopped early, if it did.
    func read(into builder: inout CAMTDocumentBuilder, progress: ((Int) -> Void)? = nil) -> Failure? {
        var offset = 0
        let text = original
        let fill: (UnsafeMutablePointer<UInt8>, Int) -> Int = { destination, capacity in
            let n = min(capacity, text.count - offset)
            guard n > 0, let base = text.baseAddress else { return 0 }
            destination.update(from: base + offset, count: n)
            offset += n
            progress?(offset)
            return n
        }
        return withoutActuallyEscaping(fill) { fill in
            var source = InputSource(fill: fill)
            return withUnsafeMutablePointer(to: &source) { source in
                run(into: &builder) { state in
                    var sax = CAMTXMLParser.handler()
                    return xmlCreateIOParserCtxt(&sax, UnsafeMutableRawPointer(state), { source, buffer, length in
                        guard let source, let buffer, length > 0 else { return 0 }
                        let n = source.assumingMemoryBound(to: InputSource.self).pointee.fill(
                            UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self), Int(length))
                        return Int32(clamping: n)
                    }, { _ in 0 }, UnsafeMutableRawPointer(source), XML_CHAR_ENCODING_UTF8)
                }
            }
        }
    }

    /// Where libxml2's input callback gets its bytes.
    private struct InputSource {
        let fill: (UnsafeMutablePointer<UInt8>, Int) -> Int
    }

    private func run(into builder: inout CAMTDocumentBuilder,
                     makeContext: (UnsafeMutablePointer<State>) -> xmlParserCtxtPtr?) -> Failure? {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State(builder: builder))
        defer { state.deinitialize(count: 1); state.deallocate() }
        guard let context = makeContext(state) else {
            return .syntax(message: "libxml2 could not start a parser", line: 0, column: 0)
        }
        defer { xmlFreeParserCtxt(context) }
        xmlCtxtUseOptions(context, CAMTXMLParser.parseOptions)
        state.pointee.context = context
        xmlParseDocument(context)
        var failure = state.pointee.failure
        if failure == nil, context.pointee.wellFormed == 0 {
            failure = state.pointee.firstError ?? CAMTXMLParser.lastFailure(context)
        }
        state.pointee.context = nil
        swap(&builder, &state.pointee.builder)
        return failure
    }

    private static func lastFailure(_ context: xmlParserCtxtPtr) -> Failure {
        guard let error = xmlCtxtGetLastError(UnsafeMutableRawPointer(context)) else {
            return .syntax(message: "libxml2 stopped without a message", line: 0, column: 0)
        }
        let message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "unknown error"
        return .syntax(message: message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
    }
}

/// Element local names → ``CAMTElement``, cached by libxml2's interned name pointers (a parser's
/// dictionary hands out one pointer per distinct name), so most lookups compare one pointer. The
/// plain twin is ``CAMTElement/named(_:)``, which a miss falls back to.
struct CAMTNameCache {
    private var keys = [UnsafeRawPointer?](repeating: nil, count: 512)
    private var values = [CAMTElement](repeating: .other, count: 512)

    /// The element `name` (NUL-terminated) stands for.
    ///
    /// - Complexity: O(1) for a pointer seen before; O(n) in the name's length otherwise.
    mutating func element(_ name: UnsafePointer<UInt8>) -> CAMTElement {
        let raw = UnsafeRawPointer(name)
        var slot = Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: raw)) &* 0x9E37_79B9_7F4A_7C15) >> 55)
        for _ in 0..<8 {
            if keys[slot] == raw { return values[slot] }
            if keys[slot] == nil { break }
            slot = (slot + 1) & 511
        }
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        let element = CAMTElement.named(UnsafeBufferPointer(start: name, count: length))
        if keys[slot] == nil {
            keys[slot] = raw
            values[slot] = element
        }
        return element
    }
}

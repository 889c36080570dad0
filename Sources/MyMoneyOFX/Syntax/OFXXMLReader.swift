import Foundation
internal import MyMoneyLibXML2

/// libxml2's `xmlTextReader` over OFX XML, hardened for untrusted input (PLATFORM.md):
/// no network, no DTD loading, no entity substitution, no huge-input mode, an external entity
/// loader that refuses everything, and any document type declaration refused outright.
///
/// A resource with a lifetime: `final`, frees the reader in `deinit`, not `Sendable` (one
/// reader belongs to one read call).
final class OFXXMLReader {
    /// Why reading stopped early.
    enum Failure {
        /// The document declares a DTD or entities: refused.
        case security(String)
        /// libxml2 found the XML malformed; its message, line and column.
        case syntax(message: String, line: Int, column: Int)
    }

    static let parseOptions: Int32 = Int32(bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
        | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue
        // The bytes handed over are already UTF-8: a declared `encoding="ISO-8859-1"` must not
        // make libxml2 decode them a second time.
        | XML_PARSE_IGNORE_ENC.rawValue)

    /// Installs the refusing external entity loader once per process.
    static let hardened: Bool = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
        return true
    }()

    private let reader: xmlTextReaderPtr
    /// Positions of transactions and balances: each start tag is the next occurrence of its name
    /// in the original text, since elements arrive in document order (libxml2's own line numbers
    /// stop at 65,535 in reader mode, and SGML normalization shifts columns).
    private var lines: LineCursor

    /// A reader over UTF-8 bytes in memory; `bytes` must outlive the reader.
    init?(memory bytes: UnsafeBufferPointer<UInt8>, original text: UnsafeBufferPointer<UInt8>) {
        lines = LineCursor(text)
        _ = OFXXMLReader.hardened
        guard let base = bytes.baseAddress, bytes.count < Int(Int32.max),
              let r = base.withMemoryRebound(to: CChar.self, capacity: bytes.count, {
                  xmlReaderForMemory($0, Int32(bytes.count), "ofx", "UTF-8", OFXXMLReader.parseOptions)
              }) else { return nil }
        reader = r
    }

    /// A reader pulling normalized XML from an SGML body as libxml2 asks for it.
    init?(streaming input: SGMLInput, original text: UnsafeBufferPointer<UInt8>) {
        lines = LineCursor(text)
        _ = OFXXMLReader.hardened
        let context = Unmanaged.passUnretained(input).toOpaque()
        guard let r = xmlReaderForIO({ context, buffer, length in
            guard let context, let buffer, length > 0 else { return 0 }
            let input = Unmanaged<SGMLInput>.fromOpaque(context).takeUnretainedValue()
            return Int32(input.normalizer.read(into: UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
                                               capacity: Int(length)))
        }, { _ in 0 }, context, "ofx", "UTF-8", OFXXMLReader.parseOptions) else { return nil }
        reader = r
    }

    deinit { xmlFreeTextReader(reader) }

    /// Feeds every element, text and end to `builder`; returns why it stopped early, if it did.
    func run(into builder: inout OFXStatementBuilder) -> Failure? {
        xmlResetLastError()
        var cache = NameCache()
        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { return nil }
            if status < 0 { return lastFailure() }
            switch xmlTextReaderNodeType(reader) {
            case 1:   // element
                guard let name = xmlTextReaderConstName(reader) else { continue }
                let tag = cache.tag(name)
                var position: SourcePosition?
                if tag.carriesPosition { position = lines.position(ofNextTag: name) }
                builder.begin(tag, name: name, position: position)
                if xmlTextReaderIsEmptyElement(reader) == 1 { builder.end() }
            case 3, 4:   // text, CDATA
                if let value = xmlTextReaderConstValue(reader) {
                    builder.text(UnsafeBufferPointer(start: value, count: strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))))
                }
            case 15:  // end element
                builder.end()
            case 10:  // document type
                return .security("the file declares a document type (<!DOCTYPE>), which OFX statements never need; it is refused for safety")
            case 5, 6:  // entity reference or declaration
                return .security("the file uses custom entities, which OFX statements never need; it is refused for safety")
            default:
                continue
            }
        }
    }

    private func lastFailure() -> Failure {
        guard let error = xmlGetLastError() else { return .syntax(message: "libxml2 stopped without a message", line: 0, column: 0) }
        let message = error.pointee.message.map { String(cString: $0).trimmingSpaces } ?? "unknown error"
        return .syntax(message: message, line: Int(error.pointee.line), column: Int(error.pointee.int2))
    }
}

/// The SGML normalizer as libxml2's input stream. A class so libxml2's callback can reach it
/// through an opaque pointer; lives only for one read call.
final class SGMLInput {
    var normalizer: SGMLNormalizer
    init(_ normalizer: SGMLNormalizer) { self.normalizer = normalizer }
    deinit { normalizer.release() }
}

/// Element names → tags, cached by libxml2's interned name pointers (a reader's dictionary
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

import Foundation

/// Reads OFX 1.x (SGML) and 2.x (XML) statements, and Quicken's QFX (OFX 1.02 with `INTU.*`
/// tags), into normalized `Statement`s: bank, credit card and the cash side of investment
/// statements, one `Statement` per statement aggregate in the file.
///
/// Lenient by default: a transaction that cannot be read (no posting date, an amount that is
/// not a number) is reported as a warning with its file:line:column and skipped, the rest is
/// kept; callers enforce `--strict` with ``ReadResult/isUsable(strict:)``. A file that is not
/// OFX, is truncated, is structurally broken or declares a DTD yields an error.
///
/// Format: `qfx` when the file carries `INTU.BID` or its name ends in `.qfx`, `ofx` otherwise.
///
/// ```swift
/// let result = OFXReader().read(bytes, file: "visa.qfx", options: ReadOptions())
/// for statement in result.statements { print(statement.account.id ?? "?", statement.transactions.count) }
/// ```
public struct OFXReader: StatementReader {
    public init() {}

    public var format: String { "ofx" }

    /// 100 for an `OFXHEADER` header or an XML header with `<?OFX`, 90 for a body starting with
    /// `<OFX>` (or an XML declaration followed by `<OFX>`), 0 otherwise; the name never decides.
    public func recognition(of head: [UInt8], fileName: String) -> Int {
        head.withUnsafeBufferPointer { bytes -> Int in
            let start = OFXHeader.contentStart(bytes)
            if OFXHeader.hasPrefix(bytes, at: start, "OFXHEADER") { return 100 }
            if OFXHeader.hasPrefix(bytes, at: start, "<OFX>") { return 90 }
            if OFXHeader.hasPrefix(bytes, at: start, "<?OFX") { return 100 }
            if OFXHeader.hasPrefix(bytes, at: start, "<?xml") {
                let text = String(decoding: bytes.prefix(4096), as: UTF8.self).uppercased()
                if text.contains("<?OFX") { return 100 }
                if text.contains("<OFX>") { return 90 }
            }
            return 0
        }
    }

    public func read(_ bytes: [UInt8], file: String, options: ReadOptions) -> ReadResult {
        // 1. Header, on the raw bytes (it is ASCII), after a byte order mark.
        let hadBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let raw = hadBOM ? Array(bytes[3...]) : bytes
        let header: OFXHeader
        switch raw.withUnsafeBufferPointer({ readHeader($0, file: file) }) {
        case .success(let h): header = h
        case .failure(let d): return ReadResult(diagnostics: [d])
        }

        // 2. Decoding: the declared charset unless the bytes prove otherwise.
        var diagnostics: [Diagnostic] = []
        let decoded: (text: [UInt8], encoding: TextEncoding)
        switch decode(raw, header: header, options: options, file: file) {
        case .success(let d): decoded = d.0; diagnostics += d.1
        case .failure(let d): return ReadResult(diagnostics: diagnostics + [d])
        }
        let source = SourceFile(name: file, text: decoded.text)

        // 3. The body.
        var builder = OFXStatementBuilder(file: file, options: options, sizeHint: decoded.text.count)
        decoded.text.withUnsafeBufferPointer { text in
            readBody(TextWindow(memory: text), head: text, header: header, file: file, builder: &builder, diagnostics: &diagnostics)
        }

        // 4. The statements.
        var result = statements(builder, header: header, encoding: decoded.encoding, file: file, diagnostics: diagnostics)
        result.source = source
        return result
    }

    /// The header, or the error that says the bytes are not OFX this reader can read.
    func readHeader(_ raw: UnsafeBufferPointer<UInt8>, file: String) -> Result<OFXHeader, Diagnostic> {
        guard let header = OFXHeader.read(raw) else {
            let firstLine = raw.prefix(60).split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).first ?? []
            let head = String(decoding: firstLine.map { $0 < 0x20 ? 0x20 : $0 }, as: UTF8.self).trimmingSpaces
            return .failure(.error("ofx.not-ofx",
                "this is not an OFX file: expected \"OFXHEADER:100\", \"<?xml\" or \"<OFX>\" at the start, found \"\(head.prefix(30))\"",
                file: file, at: SourcePosition(offset: 0, line: 1, column: 1)))
        }
        if let problem = versionProblem(header) {
            return .failure(.error("ofx.header.version", problem, file: file, at: SourcePosition(offset: 0, line: 1, column: 1)))
        }
        return .success(header)
    }

    /// Reads the body of decoded UTF-8 text into `builder`: the text comes through `window`
    /// (read from its start), `head` holds its first bytes (64 KB, or all of it, for the quick
    /// refusal of a DTD before any parsing).
    func readBody(_ window: TextWindow, head: UnsafeBufferPointer<UInt8>, header: OFXHeader, file: String,
                  builder: inout OFXStatementBuilder, diagnostics: inout [Diagnostic]) {
        if header.skippedPrefix {
            diagnostics.append(.warning("ofx.header", "the file does not start with an OFX header; the text before <OFX> is ignored",
                                        file: file, at: SourcePosition(offset: 0, line: 1, column: 1)))
        }
        if header.style == .sgml || header.skippedPrefix {
            diagnostics += readSGML(window, start: header.bodyStart, builder: &builder, file: file)
            return
        }
        if let refusal = prologueDeclaration(head, file: file) {
            diagnostics.append(refusal)
            return
        }
        var xmlBuilder = builder
        let failure = OFXXMLReader(window: window).read(into: &xmlBuilder)
        switch failure {
        case nil:
            builder = xmlBuilder
        case .security(let message):
            diagnostics.append(.error("ofx.security.doctype", message, file: file))
        case .depth(let position):
            diagnostics.append(.error("ofx.depth", "elements are nested deeper than \(OFXXMLReader.maximumDepth) levels",
                                      file: file, at: position))
        case .syntax(let message, let position):
            // Not well-formed XML: OFX 2 headers in front of SGML bodies and raw `&` are common.
            diagnostics.append(Diagnostic(.note, code: "ofx.sgml-body",
                "the body is not well-formed XML; it was read as OFX 1.x SGML", file: file,
                position: position, notes: ["libxml2: \(message)"]))
            // Streaming has handed out the transactions read so far: the SGML pass, which reads the
            // same well-formed start alike, does not hand them out again.
            builder.alreadyDelivered = xmlBuilder.delivered
            builder.alreadyEnded = xmlBuilder.ended
            window.restart()
            diagnostics += readSGML(window, start: 0, builder: &builder, file: file)
        }
    }

    /// The finished statements, stamped with their source, and the diagnostics.
    func statements(_ finished: OFXStatementBuilder, header: OFXHeader, encoding: TextEncoding, file: String,
                    diagnostics previous: [Diagnostic]) -> ReadResult {
        var builder = finished
        builder.finish()
        var diagnostics = previous + builder.diagnostics
        var statements = builder.statements
        for i in statements.indices {
            stamp(&statements[i], header: header, encoding: encoding, file: file, hasIntuitBankId: builder.hasIntuitBankId)
        }
        if statements.isEmpty && !diagnostics.containsErrors {
            diagnostics.append(.warning("ofx.no-statement", "the file holds no bank, credit card or investment statement: nothing to import",
                                        file: file))
        }
        return ReadResult(statements: statements, diagnostics: diagnostics)
    }

    /// A finished statement's source (`qfx` when the file carries `INTU.BID` or is named
    /// `.qfx`) and the header's fields in front of its own.
    func stamp(_ statement: inout Statement, header: OFXHeader, encoding: TextEncoding, file: String, hasIntuitBankId: Bool) {
        let isQFX = hasIntuitBankId || file.lowercased().hasSuffix(".qfx")
        statement.source = StatementSource(file: file, format: isQFX ? "qfx" : "ofx", encoding: encoding.rawValue)
        statement.extra = header.fields.map { StatementField("header.\($0.key)", $0.value) } + statement.extra
    }

    // MARK: - Steps

    private func versionProblem(_ header: OFXHeader) -> String? {
        guard let text = header.value("VERSION"), !text.isEmpty else { return nil }
        guard let version = Int(text) else { return "the header's VERSION \"\(text)\" is not a number" }
        switch header.style {
        case .sgml where !(100...199).contains(version):
            return "the header declares OFX VERSION \(text), which is not an OFX 1.x version (102, 103, 151, 160)"
        case .xml where !(200...299).contains(version):
            return "the header declares OFX VERSION \(text), which is not an OFX 2.x version (200 to 230)"
        default:
            return nil
        }
    }

    private func decode(_ raw: [UInt8], header: OFXHeader, options: ReadOptions, file: String)
        -> Result<(([UInt8], TextEncoding), [Diagnostic]), Diagnostic> {
        let nulOffset: Int? = raw.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, let p = memchr(base, 0, b.count) else { return nil }
            return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
        }
        if let nul = nulOffset {
            let position = raw.withUnsafeBufferPointer { bytes in var lines = LineCursor(bytes); return lines.position(ofOffset: nul) }
            return .failure(.error("ofx.encoding", "the file holds binary data (a NUL byte), not OFX text", file: file, at: position))
        }
        let ascii = OFXReader.isASCII(raw)
        let choice = encoding(header: header, options: options, ascii: ascii, validUTF8: ascii || TextDecoder.isValidUTF8(raw), file: file)
        var notes = choice.notes
        let chosen = choice.encoding
        if !choice.needsTranscoding { return .success(((raw, chosen), notes)) }
        do {
            return .success(((try TextDecoder.transcode(raw, from: chosen), chosen), notes))
        } catch {
            do {
                let text = try TextDecoder.transcode(raw, from: .windows1252)
                notes.append(.warning("ofx.header.charset", "the text is not valid \(chosen.rawValue) (\(error.reason)); it was read as Windows-1252",
                                      file: file))
                return .success(((text, .windows1252), notes))
            } catch {
                return .failure(.error("ofx.encoding", "the text cannot be decoded: \(error.reason)", file: file))
            }
        }
    }

    /// The encoding to read the text in, the notes that explain it, and whether the bytes must be
    /// transcoded to UTF-8 first.
    func encoding(header: OFXHeader, options: ReadOptions, ascii: Bool, validUTF8: Bool, file: String)
        -> (encoding: TextEncoding, notes: [Diagnostic], needsTranscoding: Bool) {
        var notes: [Diagnostic] = []
        let declared = header.declaredEncoding
        let multibyte = validUTF8 && !ascii
        let chosen: TextEncoding
        if let forced = options.encoding {
            chosen = forced
        } else if header.style != .sgml && validUTF8 {
            chosen = .utf8   // OFX 2 mandates UTF-8; files still declare us-ascii or even utf-16
        } else if multibyte {
            chosen = .utf8
            if let declared, declared != .utf8 {
                notes.append(Diagnostic(.note, code: "ofx.header.charset",
                    "the header declares \(declared.rawValue) but the text is UTF-8; it was read as UTF-8", file: file))
            }
        } else if let declared {
            if declared == .utf8 && !validUTF8 {
                chosen = .windows1252
                notes.append(.warning("ofx.header.charset",
                    "the header declares UTF-8 but the text is not valid UTF-8; it was read as Windows-1252", file: file))
            } else {
                chosen = declared
            }
        } else {
            chosen = validUTF8 ? .utf8 : .windows1252
        }
        // ASCII reads the same in every encoding a header can declare except UTF-16.
        let asIs = (chosen == .utf8 && validUTF8) || (ascii && chosen != .utf16LE && chosen != .utf16BE)
        return (chosen, notes, !asIs)
    }

    /// Whether every byte is below 0x80 (eight bytes at a time).
    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isASCII($0) }
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        let n = raw.count
        while i + 8 <= n {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < n { if raw[i] >= 0x80 { return false }; i += 1 }
        return true
    }

    /// A DTD or entity declaration before the body: refused before libxml2 sees it.
    private func prologueDeclaration(_ text: UnsafeBufferPointer<UInt8>, file: String) -> Diagnostic? {
        let limit = min(text.count, 64 * 1024)
        var k = 0
        while k + 9 <= limit {
            if text[k] == 0x3C, text[k + 1] == 0x21 {
                let word = String(decoding: UnsafeBufferPointer(rebasing: text[(k + 2)..<min(limit, k + 9)]), as: UTF8.self).uppercased()
                if word.hasPrefix("DOCTYPE") || word.hasPrefix("ENTITY") {
                    return .error("ofx.security.doctype",
                        "the file declares a document type or entities (<!\(word.hasPrefix("DOCTYPE") ? "DOCTYPE" : "ENTITY")>), which OFX statements never need; it is refused for safety",
                        file: file, at: { var c = LineCursor(text); return c.position(ofOffset: k) }())
                }
            }
            if text[k] == 0x3C, k + 4 < limit, (text[k + 1] | 0x20) == 0x6F, (text[k + 2] | 0x20) == 0x66, (text[k + 3] | 0x20) == 0x78 {
                return nil   // <OFX: the body starts
            }
            k += 1
        }
        return nil
    }

    private func readSGML(_ window: TextWindow, start: Int, builder: inout OFXStatementBuilder, file: String) -> [Diagnostic] {
        let problems = withUnsafeMutablePointer(to: &builder) { pointer in
            var body = SGMLBodyReader(window: window, start: start, builder: pointer)
            body.run()
            return body.problems
        }
        return problems.map { Diagnostic($0.severity, code: $0.code, $0.message, file: file, position: $0.position) }
    }
}

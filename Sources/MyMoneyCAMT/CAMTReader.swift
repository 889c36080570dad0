import Foundation

/// Reads ISO 20022 bank-to-customer cash management messages: camt.053 statements, camt.052
/// reports and camt.054 notifications (schema versions .001.02 to .001.08 and later, matched by
/// local name, whatever the namespace prefix), one `Statement` per `Stmt`, `Rpt` or `Ntfctn`.
///
/// Booked entries (`Sts` `BOOK`) become transactions; pending ones are left out with a note.
/// Statements whose opening balance plus their booked entries does not give their closing
/// balance are an error (`camt.balance`) unless ``ReadOptions/acceptBrokenBalances`` is set.
/// The XML is parsed by libxml2 with the OFX reader's hardening (no network, no DTD, no
/// entities, bounded depth) as a stream of events, never as a tree. What is read from where is
/// written down in `docs/camt.md`.
///
/// ```swift
/// let result = CAMTReader().read(bytes, file: "konto.xml", options: ReadOptions())
/// for statement in result.statements { print(statement.account.id ?? "?", statement.transactions.count) }
/// ```
public struct CAMTReader: StatementReader {
    public init() {}

    /// The longest text kept of one element (64 KB); longer text is cut there, with a warning.
    public static let maximumTextBytes = CAMTDocumentBuilder.maximumTextBytes

    /// `camt`; each statement's `source.format` names its message: `camt.053`, `camt.052`, `camt.054`.
    public var format: String { "camt" }

    /// 100 for a `Document` in a `urn:iso:std:iso:20022:tech:xsd:camt.05…` namespace, 95 for a
    /// camt message element (`BkToCstmrStmt`, `BkToCstmrAcctRpt`, `BkToCstmrDbtCdtNtfctn`)
    /// without it, 0 otherwise; the name never decides.
    public func recognition(of head: [UInt8], fileName: String) -> Int {
        let prefix = head.prefix(8192)
        guard prefix.contains(0x3C) else { return 0 }
        let text = String(decoding: prefix, as: UTF8.self)
        let hasRoot = text.contains("BkToCstmrStmt") || text.contains("BkToCstmrAcctRpt") || text.contains("BkToCstmrDbtCdtNtfctn")
        if text.contains("urn:iso:std:iso:20022:tech:xsd:camt.05") && (hasRoot || text.contains("Document")) { return 100 }
        return hasRoot ? 95 : 0
    }

    public func read(_ bytes: [UInt8], file: String, options: ReadOptions) -> ReadResult {
        let decoded: CAMTText
        switch CAMTText.decode(bytes, options: options, file: file) {
        case .success(let d): decoded = d
        case .failure(let d): return ReadResult(diagnostics: [d])
        }
        var result = decoded.utf8.withUnsafeBufferPointer { text in
            parse(text, encoding: decoded.encoding, file: file, options: options, sink: nil, progress: nil)
        }
        result.diagnostics = decoded.notes + result.diagnostics
        result.source = SourceFile(name: file, text: decoded.utf8)
        return result
    }

    /// Parses UTF-8 `text` into statements (their transactions handed to `sink` when given).
    func parse(_ text: UnsafeBufferPointer<UInt8>, encoding: TextEncoding, file: String, options: ReadOptions,
               sink: ((StatementTransaction, StatementAccount) -> Void)?, progress: ((Int) -> Void)?) -> ReadResult {
        var builder = CAMTDocumentBuilder(file: file, options: options, text: text)
        builder.sink = sink
        let failure = CAMTXMLParser(original: text).read(into: &builder, progress: progress)
        var diagnostics = builder.diagnostics
        switch failure {
        case nil, .stopped?:
            break
        case .security(let message)?:
            diagnostics.append(.error("camt.security", message, file: file, at: CAMTReader.position(ofDeclarationIn: text)))
        case .depth(let line)?:
            diagnostics.append(.error("camt.depth", "elements are nested deeper than \(CAMTXMLParser.maximumDepth) levels; the file is refused",
                                      file: file, at: line > 0 ? CAMTReader.position(line: line, column: 1, in: text) : nil))
        case .syntax(let message, let line, let column)?:
            diagnostics.append(.error("camt.xml", "the file is not well-formed XML, so it cannot be read as camt", file: file,
                                      at: line > 0 ? CAMTReader.position(line: line, column: column, in: text) : nil,
                                      notes: ["libxml2: \(message)"]))
        }
        var statements = builder.statements
        for i in statements.indices { statements[i].source.encoding = encoding.rawValue }
        if statements.isEmpty, !diagnostics.containsErrors {
            let name = builder.message?.name ?? "camt"
            diagnostics.append(.error("camt.no-statement", "the \(name) message holds no statement, report or notification (<Stmt>, <Rpt>, <Ntfctn>): nothing to read",
                                      file: file, at: SourcePosition(offset: 0, line: 1, column: 1)))
        }
        return ReadResult(statements: statements, diagnostics: diagnostics)
    }

    /// Where a 1-based line and byte column lie in `text`.
    static func position(line: Int, column: Int, in text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var current = 1, start = 0, k = 0
        while k < text.count, current < line {
            if text[k] == 0x0A { current += 1; start = k + 1 }
            k += 1
        }
        let col = max(1, column)
        return SourcePosition(offset: min(text.count, start + col - 1), line: current, column: col)
    }

    /// The position of the first `<!` (the declaration refused), or the start.
    static func position(ofDeclarationIn text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var counter = CAMTLineCounter(text)
        let limit = min(text.count, 1 << 20)
        var k = 0
        while k + 1 < limit {
            if text[k] == 0x3C, text[k + 1] == 0x21 { return counter.position(of: k) }
            k += 1
        }
        return SourcePosition(offset: 0, line: 1, column: 1)
    }
}

/// Reads SWIFT MT940 customer statements and MT942 interim reports into normalized `Statement`s,
/// one per message (`:20:` … `-`).
///
/// Every `:61:` becomes a transaction described by the `:86:` fields after it (German `?NN`
/// subfields and SEPA keywords, Dutch `/KEY/` pairs, or free text); `:60F:`/`:60M:` is the
/// opening balance, `:62F:`/`:62M:` the closing, `:64:`/`:65:` available balances. Statements
/// whose balances do not chain are an error (`mt940.balance`) unless
/// ``ReadOptions/acceptBrokenBalances`` is set. Text is decoded as UTF-8 when it is valid UTF-8,
/// else as Windows-1252 (or Windows-1250 for Central European text), unless
/// ``ReadOptions/encoding`` says otherwise. What is read from where is written down in
/// `docs/mt940.md`.
///
/// ```swift
/// let result = MT940Reader().read(bytes, file: "umsaetze.sta", options: ReadOptions())
/// ```
public struct MT940Reader: StatementReader {
    public init() {}

    /// `mt940`; statements of MT942 reports carry `mt942` as their `source.format`.
    public var format: String { "mt940" }

    /// How many of the fields `:20:`, `:25:`, `:28C:`/`:28:`, `:60F:`, `:61:`, `:62F:`, `:86:` start
    /// a line of `head`: 100 with `:20:` and two others, 90 with three or more without `:20:`,
    /// 60 with one or two (a fragment), 0 with none. The name never decides.
    public func recognition(of head: [UInt8], fileName: String) -> Int {
        var found = Set<String>()
        var lineStart = true
        var i = 0
        let n = min(head.count, 8192)
        while i < n {
            let b = head[i]
            if lineStart, b == 0x3A {
                var k = i + 1
                while k < n, k - i <= 4, head[k] != 0x3A { k += 1 }
                if k < n, head[k] == 0x3A {
                    let name = String(decoding: head[(i + 1)..<k], as: UTF8.self)
                    if ["20", "25", "28C", "28", "60F", "60M", "61", "62F", "62M", "86"].contains(name) { found.insert(name) }
                }
            }
            if b == 0x0A {
                lineStart = true
            } else if lineStart, b == 0x7B, let body = envelopeBodyStart(head, from: i, limit: n) {
                i = body   // `{1:…}{2:…}{4:` then the body: a line starts there
                continue
            } else if !(lineStart && b < 0x20) {
                lineStart = false   // control characters (SOH) before a tag keep the line's start
            }
            i += 1
        }
        if found.contains("20") && found.count >= 3 { return 100 }
        if found.count >= 3 { return 90 }
        return found.isEmpty ? 0 : 60
    }

    /// The text with every control character but tab, CR and LF (SOH, ETX around mBank's
    /// messages, stray bytes, DEL) turned into a space, so none reaches a payee or memo (nor a
    /// terminal); the same array when there is none.
    ///
    /// - Complexity: O(n), eight bytes at a time where there is none.
    static func neutralizingControls(_ text: [UInt8]) -> [UInt8] {
        @inline(__always) func isControl(_ b: UInt8) -> Bool { (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D) || b == 0x7F }
        guard text.contains(where: isControl) else { return text }
        var out = text
        for i in out.indices where isControl(out[i]) { out[i] = 0x20 }
        return out
    }

    /// After `{1:…}{2:…}{4:` at `from`, where the body starts.
    private func envelopeBodyStart(_ head: [UInt8], from: Int, limit: Int) -> Int? {
        var k = from
        while k + 2 < limit, head[k] != 0x0A {
            if head[k] == 0x7B, head[k + 1] == 0x34, head[k + 2] == 0x3A { return k + 3 }
            k += 1
        }
        return nil
    }

    public func read(_ bytes: [UInt8], file: String, options: ReadOptions) -> ReadResult {
        let decoded: DecodedText
        do {
            decoded = try TextDecoder.decode(bytes, forced: options.encoding)
        } catch {
            return ReadResult(diagnostics: [.error("mt940.encoding", "the file cannot be read as text: \(error.reason)", file: file,
                                                   at: SourcePosition(offset: error.offset, line: 1, column: 1))])
        }
        let utf8 = MT940Reader.neutralizingControls(decoded.utf8)
        let source = SourceFile(name: file, text: utf8)
        var result = utf8.withUnsafeBufferPointer { text -> ReadResult in
            var scanner = MT940Scanner(text: text, file: file)
            var builder = MT940StatementBuilder(text: text, file: file, options: options)
            scanner.scan(field: { builder.take($0) }, messageEnd: { builder.endMessage() })
            builder.finish()
            var diagnostics = scanner.diagnostics + builder.diagnostics
            diagnostics.sort { ($0.position?.offset ?? 0) < ($1.position?.offset ?? 0) }
            if !scanner.sawField {
                diagnostics.append(.error("mt940.not-mt940",
                    text.isEmpty ? "the file is empty" : "this is not an MT940 file: no line starts with a field tag such as :20:, :25: or :61:",
                    file: file, at: SourcePosition(offset: 0, line: 1, column: 1)))
                return ReadResult(diagnostics: diagnostics)
            }
            var statements = builder.statements
            for i in statements.indices { statements[i].source.encoding = decoded.encoding.rawValue }
            return ReadResult(statements: statements, diagnostics: diagnostics)
        }
        result.source = source
        return result
    }
}

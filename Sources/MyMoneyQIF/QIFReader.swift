/// Reads QIF (Quicken Interchange Format) files as Quicken, GnuCash, MS Money and banks write them.
///
/// One ``Statement`` per account: accounts named by `!Account` blocks, or one unnamed statement
/// per register type for transactions before any `!Account` (its name then comes from an
/// `Opening Balance` record's `L[Account]` when there is one). Day/month order and decimal mark
/// are decided once per file from all its dates and amounts. QIF has no currency: statements have
/// `ReadOptions.currency` or none.
///
/// Categories, classes, securities and account records are returned by ``readDocument(_:file:options:)``;
/// category and class names are also listed in each statement's `extra` (`qif.category`, `qif.class`).
public struct QIFReader: StatementReader {
    public let format = "qif"

    public init() {}

    /// Certain (95) when the first line that is not blank, a `#` comment or a lone `^` is an
    /// `!Type:`, `!Account`, `!Option:` or `!Clear:` header; 40 for any other `!` line; 0 otherwise.
    /// A `.qif` name adds 5 to a content match.
    public func recognition(of head: [UInt8], fileName: String) -> Int {
        // UTF-16 with a byte order mark: look at the low bytes of its ASCII characters.
        if head.count >= 4, (head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF) {
            let low = head[0] == 0xFF ? 2 : 3
            return recognition(of: stride(from: low, to: head.count, by: 2).map { head[$0] }, fileName: fileName)
        }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var score = 0
        var lineStart = true
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let b = bytes[index]
            if b == 0x0A || b == 0x0D { lineStart = true; index += 1; continue }
            if b == 0x20 || b == 0x09 { index += 1; continue }
            guard lineStart else { index += 1; continue }
            if b == 0x5E || b == 0x23 { // ^ or # comment: skip the line
                lineStart = false; index += 1; continue
            }
            guard b == 0x21 else { return 0 }
            let end = bytes[index...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.endIndex
            let word = String(decoding: bytes[(index + 1)..<end], as: UTF8.self).lowercased()
            if word.hasPrefix("type") || word.hasPrefix("account") || word.hasPrefix("option") || word.hasPrefix("clear") {
                score = 95
            } else {
                score = 40
            }
            break
        }
        if score > 0 && fileName.lowercased().hasSuffix(".qif") { score += 5 }
        return score
    }

    public func read(_ bytes: [UInt8], file: String, options: ReadOptions) -> ReadResult {
        readDocument(bytes, file: file, options: options).result
    }

    /// Reads the statements and the lists of a QIF file. Never throws: problems become diagnostics
    /// with file and line. An empty file, a file that is not QIF, undecodable text and dates whose
    /// day/month order the file cannot settle give an error and no statements.
    public func readDocument(_ bytes: [UInt8], file: String, options: ReadOptions = ReadOptions()) -> QIFDocument {
        readDocument(bytes, file: file, options: options, firstStatement: nil)
    }

    /// Reads a QIF file handing the transactions of its first statement to `firstStatement` as
    /// they are read, instead of holding them: for a file of one account (what banks export),
    /// memory then does not grow with the number of transactions.
    ///
    /// What a caller must know: the result is ``read(_:file:options:)``'s, except that its first
    /// statement has no transactions (they went to `firstStatement`, in order); the other
    /// statements (accounts after the first, which a QIF file may interleave with it) are held
    /// whole as usual. A file with errors may have handed out transactions before the error was
    /// found (the date order, for one, is settled before any transaction is read): check the
    /// diagnostics before trusting them. The plain twin is ``read(_:file:options:)``
    /// (`QIFStatementStreamTests`).
    public func read(_ bytes: [UInt8], file: String, options: ReadOptions,
                     firstStatement: (StatementTransaction) -> Void) -> ReadResult {
        withoutActuallyEscaping(firstStatement) { sink in
            readDocument(bytes, file: file, options: options, firstStatement: sink).result
        }
    }

    private func readDocument(_ bytes: [UInt8], file: String, options: ReadOptions,
                              firstStatement: ((StatementTransaction) -> Void)?) -> QIFDocument {
        let decoded: (utf8: [UInt8], encoding: TextEncoding)
        do {
            if options.encoding == nil && QIFText.isPlainASCII(bytes) {
                // Most QIF files are plain ASCII: nothing to decode, and one fast check instead of Core's three passes.
                decoded = (bytes, .utf8)
            } else {
                let text = try TextDecoder.decode(bytes, forced: options.encoding)
                decoded = (text.utf8, text.encoding)
            }
        } catch {
            // The line and column of the offending byte, counted in the raw bytes.
            let offset = max(0, min(error.offset, bytes.count))
            var line = 1, lineStart = 0
            for i in 0..<offset where bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
            return QIFDocument(result: ReadResult(diagnostics: [.error("qif.encoding",
                "cannot read the file as text: \(error.reason)", file: file,
                at: SourcePosition(offset: offset, line: line, column: offset - lineStart + 1))]))
        }
        let sourceFile = SourceFile(name: file, text: decoded.utf8)
        let source = StatementSource(file: file, format: format, encoding: decoded.encoding.rawValue)
        return decoded.utf8.withUnsafeBufferPointer { text in
            read(QIFText(text), sourceFile: sourceFile, source: source, options: options, firstStatement: firstStatement)
        }
    }

    private func read(_ text: QIFText, sourceFile: SourceFile, source: StatementSource,
                      options: ReadOptions, firstStatement: ((StatementTransaction) -> Void)?) -> QIFDocument {
        let file = source.file
        var diagnostics: [Diagnostic] = []
        let evidence = QIFFileEvidence.scan(text)
        func failed(_ diagnostic: Diagnostic) -> QIFDocument {
            QIFDocument(result: ReadResult(diagnostics: [diagnostic], source: sourceFile))
        }
        guard let firstLine = evidence.firstLine else {
            return failed(.error("qif.empty", "the file is empty; expected a QIF header such as !Type:Bank", file: file,
                                 at: SourcePosition(offset: 0, line: 1, column: 1)))
        }
        guard text.byte(at: firstLine.start) == 0x21 else {
            let shown = text.shown(firstLine, limit: 40)
            return failed(.error("qif.header.missing",
                "this is not a QIF file: expected a header such as !Type:Bank or !Account, found \"\(shown)\"",
                file: file, at: SourcePosition(offset: firstLine.start, line: firstLine.number,
                                               column: firstLine.start - firstLine.lineStart + 1)))
        }

        // Day/month order, decided once for the file.
        var dayOrder: DayOrder?
        var orderSettled = true
        if let given = options.dayOrder {
            dayOrder = given
        } else {
            switch evidence.dates.decide() {
            case .order(let order):
                dayOrder = order
            case .ambiguous(let orders, let examples):
                orderSettled = false
                let shown = examples.prefix(3).map { "\"\($0.text)\" (line \($0.line))" }.joined(separator: ", ")
                diagnostics.append(.error("qif.date.order",
                    "cannot tell the day/month order of this file's dates: \(shown) could be read \(orders.map(QIFReader.describe).joined(separator: " or "))",
                    file: file, at: examples.first?.position,
                    notes: ["settle it with --date-order " + orders.map(\.rawValue).joined(separator: "|") + " (ReadOptions.dayOrder)"]))
            case .contradictory(let examples):
                orderSettled = false
                let shown = examples.map { "\"\($0.1.text)\" (line \($0.1.line)) cannot be \(QIFReader.describe($0.0))" }.joined(separator: "; ")
                diagnostics.append(.error("qif.date.order",
                    "the dates of this file fit no single day/month order: \(shown)",
                    file: file, at: examples.first?.1.position,
                    notes: ["choose one with --date-order ymd|dmy|mdy (ReadOptions.dayOrder); dates that do not fit it are reported"]))
            }
        }
        // The decimal mark, decided once for the file.
        let amounts = evidence.amounts
        if amounts.isMixed, let point = amounts.pointExample, let comma = amounts.commaExample {
            let chosen = amounts.decimalMark == 0x2C ? "comma" : "point"
            diagnostics.append(.warning("qif.amount.format",
                "amounts mix decimal marks: \"\(point.text)\" (line \(point.line)) has a decimal point, \"\(comma.text)\" (line \(comma.line)) a decimal comma; reading them with a decimal \(chosen), the more common one",
                file: file, at: amounts.decimalMark == 0x2C ? point.position : comma.position))
        }

        var parser = QIFParser(content: text, file: file, options: options, dayOrder: dayOrder, decimalMark: amounts.decimalMark)
        parser.blockDateCounts = evidence.blockDateCounts
        parser.firstStatementSink = firstStatement
        parser.run()
        // Building the statements can warn too (qif.balance.overflow): collect the diagnostics after it.
        let statements = orderSettled ? parser.statements(source: source) : []
        diagnostics.append(contentsOf: parser.diagnostics)
        return QIFDocument(result: ReadResult(statements: statements, diagnostics: diagnostics, source: sourceFile),
                           categories: parser.categories, classes: parser.classes, securities: parser.securities,
                           accounts: parser.accounts, dayOrder: dayOrder,
                           decimalMark: amounts.decimalMark == 0x2C ? "," : ".")
    }

    /// `day/month/year` and the like, for messages.
    static func describe(_ order: DayOrder) -> String {
        switch order {
        case .yearMonthDay: return "year/month/day"
        case .dayMonthYear: return "day/month/year"
        case .monthDayYear: return "month/day/year"
        }
    }
}

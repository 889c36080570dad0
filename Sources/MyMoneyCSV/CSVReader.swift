import Foundation

/// Reads bank CSV exports into statements.
///
/// Everything is decided once per file: encoding, delimiter, where the table starts and ends,
/// which column holds what, the decimal mark and the day order. A bank profile (given in
/// ``ReadOptions/profile``, or detected by header signature among ``profiles``) pins any of
/// these; the rest is inferred. See `docs/csv.md`.
///
/// ```swift
/// let reader = CSVReader(profiles: try CSVProfileLibrary(directory: rulesURL).profiles)
/// let result = reader.read(bytes, file: "girokonto.csv", options: ReadOptions())
/// ```
public struct CSVReader: StatementReader {
    public let format = "csv"
    /// Profiles to detect by header signature (or header-less column count), in priority order.
    public var profiles: [CSVProfile]
    /// The largest field and the largest line accepted.
    public var maximumFieldBytes: Int

    public init(profiles: [CSVProfile] = [], maximumFieldBytes: Int = 1 << 20) {
        self.profiles = profiles
        self.maximumFieldBytes = maximumFieldBytes
    }

    /// A modest score for delimited text, 0 for XML, OFX, QIF and binary data.
    public func recognition(of head: [UInt8], fileName: String) -> Int {
        var start = 0
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < head.count, head[start] == 0x20 || head[start] == 0x09 || head[start] == 0x0A || head[start] == 0x0D { start += 1 }
        guard start < head.count else { return 0 }
        let rest = head[start...]
        if rest.first == 0x3C { return 0 } // <?xml, <OFX>
        let prefix = String(decoding: rest.prefix(16), as: UTF8.self).uppercased()
        if prefix.hasPrefix("OFXHEADER") || prefix.hasPrefix("!TYPE") || prefix.hasPrefix("!ACCOUNT") || prefix.hasPrefix("!OPTION")
            || prefix.hasPrefix("!CLEAR") || prefix.hasPrefix("{") || prefix.hasPrefix("%PDF") || prefix.hasPrefix(":20:") {
            return 0
        }
        guard let decoded = try? TextDecoder.decode(head) else { return 0 }
        if BinaryCheck.looksBinary(decoded.utf8) { return 0 }
        let text = decoded.utf8
        // Markers of the other formats anywhere in the head: OFX (SGML or XML), QIF, MT940.
        let upper = String(decoding: text.prefix(4096), as: UTF8.self).uppercased()
        for marker in ["OFXHEADER", "<OFX>", "<?OFX", "\n!TYPE:", "\n!ACCOUNT", "\n!OPTION:", "\n^\n", "\n^\r\n",
                       "{1:F01", "<?XML"] where upper.contains(marker) {
            return 0
        }
        if CSVReader.hasSwiftTagLine(text.prefix(4096)) { return 0 }
        return text.withUnsafeBufferPointer { buffer -> Int in
            let delimiter = CSVDialect.sniff(buffer)
            let (table, _) = CSVTokenizer(delimiter: delimiter, rowLimit: 60).tokenize(buffer)
            var histogram: [Int: Int] = [:]
            for row in 0..<table.rowCount where table.fieldCount(row) >= 2 { histogram[table.fieldCount(row), default: 0] += 1 }
            let best = histogram.values.max() ?? 0
            guard best > 0 else { return 0 } // no line splits into fields: not delimited text
            var score = best >= 2 ? 40 : 20
            let resolver = LayoutResolver(table: table, text: buffer, file: fileName)
            if (0..<min(table.rowCount, 60)).contains(where: resolver.isHeaderLike) { score += 20 }
            if fileName.lowercased().hasSuffix(".csv") || fileName.lowercased().hasSuffix(".tsv") { score += 5 }
            return min(score, 70)
        }
    }

    public func read(_ bytes: [UInt8], file: String, options: ReadOptions) -> ReadResult {
        var session = CSVReadSession(reader: self, file: file, options: options)
        return session.run(bytes)
    }

    /// Reads with a profile the caller already holds (`--profile ing-nl` naming a shipped profile);
    /// it wins over `options.profile` and over detection, like a profile given as text.
    public func read(_ bytes: [UInt8], file: String, options: ReadOptions, profile: CSVProfile) -> ReadResult {
        var session = CSVReadSession(reader: self, file: file, options: options)
        session.givenProfile = profile
        return session.run(bytes)
    }

    /// Reads like ``read(_:file:options:)`` (with `profile` like ``read(_:file:options:profile:)``)
    /// and hands the statements on: each transaction to `transaction`, then its statement,
    /// without transactions, to `statementEnd`, only when the file is usable (no errors; no
    /// warnings either under ``ReadOptions/strict``). A file in statement order is read in two
    /// passes and its transactions are never held (``CSVStatementStream``); any other is read
    /// whole and handed on after.
    ///
    /// What a caller must know: nothing is handed on before every diagnostic is known, so an
    /// unusable file hands on nothing. The result holds the statements without their
    /// transactions, and the whole read's diagnostics and source; the plain twin is
    /// ``read(_:file:options:)`` (`CSVStatementStreamTests`). The statements handed on and in
    /// the result hold their running balances as ``StatementBalance``s (about 100 bytes each);
    /// ``read(_:file:options:profile:transaction:compactStatementEnd:)`` keeps them apart in 24.
    public func read(_ bytes: [UInt8], file: String, options: ReadOptions, profile: CSVProfile? = nil,
                     transaction: (StatementTransaction) -> Void, statementEnd: (Statement) -> Void) -> ReadResult {
        readStreaming(bytes, file: file, options: options, profile: profile, transaction: transaction, statementEnd: statementEnd).result
    }

    /// ``read(_:file:options:profile:transaction:statementEnd:)`` with a statement that took the
    /// two passes handed on without its running balances, which come beside it, compact, to be
    /// written in their place (``CompactRunningBalances/index``; empty for a statement read
    /// whole, whose `balances` hold them). The result's statements leave them out too.
    public func read(_ bytes: [UInt8], file: String, options: ReadOptions, profile: CSVProfile? = nil,
                     transaction: (StatementTransaction) -> Void,
                     compactStatementEnd: (Statement, CompactRunningBalances) -> Void) -> ReadResult {
        readCompact(bytes, file: file, options: options, profile: profile, transaction: transaction, statementEnd: compactStatementEnd).result
    }

    /// ``read(_:file:options:profile:transaction:compactStatementEnd:)`` of a file mapped into
    /// memory, with neither the file nor its token table held whole: its fields are tokenized
    /// `rowsPerWindow` rows at a time, as often as a step of the read goes over them (three
    /// times, and once more for the rows' offsets), and the mapping's pages are given back
    /// behind each window. A file this does not apply to (not UTF-8, an encoding chosen with
    /// `--encoding` or by a profile, a NUL byte, a table the tokenizer stops in) is copied into
    /// memory and read as ``read(_:file:options:profile:transaction:compactStatementEnd:)`` reads it.
    ///
    /// What a caller must know: the same statements, transactions, running balances and
    /// diagnostics as the read of the file's bytes (`CSVWindowedReadTests`); the result carries
    /// the `source` text only when a diagnostic points into it. A file that changes while it is
    /// read (``MappedFile/hasChanged``, checked before the statements are handed on and after)
    /// is an error, `csv.file.changed`: found before, nothing is handed on; found after the
    /// second pass, what was handed on must be taken back, as for any file found unusable.
    public func read(mapped: MappedFile, file: String, options: ReadOptions, profile: CSVProfile? = nil, rowsPerWindow: Int = 8192,
                     transaction: (StatementTransaction) -> Void,
                     compactStatementEnd: (Statement, CompactRunningBalances) -> Void) -> ReadResult {
        readWindowed(mapped: mapped, file: file, options: options, profile: profile, rowsPerWindow: rowsPerWindow,
                     transaction: transaction, compactStatementEnd: compactStatementEnd).result
    }

    /// ``read(mapped:file:options:profile:rowsPerWindow:transaction:compactStatementEnd:)``, saying
    /// whether the file was read a window at a time (true) or copied into memory (for tests).
    func readWindowed(mapped: MappedFile, file: String, options: ReadOptions, profile: CSVProfile?, rowsPerWindow: Int,
                      transaction: (StatementTransaction) -> Void,
                      compactStatementEnd: (Statement, CompactRunningBalances) -> Void) -> (result: ReadResult, windowed: Bool) {
        let windowed: ReadResult? = withoutActuallyEscaping(transaction) { transaction in
            withoutActuallyEscaping(compactStatementEnd) { statementEnd in
                var session = CSVReadSession(reader: self, file: file, options: options)
                session.givenProfile = profile
                session.sink = CSVStatementSink(transaction: transaction, statementEnd: statementEnd)
                return session.run(mapped: mapped, rowsPerWindow: rowsPerWindow)
            }
        }
        if let windowed { return (windowed, true) }
        let bytes = CSVReader.copy(of: mapped)
        if mapped.hasChanged { return (ReadResult(diagnostics: [CSVReadSession.changedFile(file)]), false) }
        return (read(bytes, file: file, options: options, profile: profile,
                     transaction: transaction, compactStatementEnd: compactStatementEnd), false)
    }

    /// The mapped bytes in an array, the mapping's pages given back behind the copy (so the file
    /// is resident once, not twice).
    static func copy(of mapped: MappedFile) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(mapped.count)
        let all = mapped.bytes, chunk = 8 << 20
        var k = 0
        while k < all.count {
            let end = min(all.count, k + chunk)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: all[k..<end]))
            mapped.release(k..<end)
            k = end
        }
        return bytes
    }

    /// ``read(_:file:options:profile:transaction:statementEnd:)``, saying whether the file took
    /// the two passes (true) or was read whole (for tests).
    func readStreaming(_ bytes: [UInt8], file: String, options: ReadOptions, profile: CSVProfile? = nil,
                       transaction: (StatementTransaction) -> Void,
                       statementEnd: (Statement) -> Void) -> (result: ReadResult, streamed: Bool) {
        var (result, running) = readCompact(bytes, file: file, options: options, profile: profile, transaction: transaction) { s, r in
            statementEnd(r.inserted(into: s))
        }
        if let running, !result.statements.isEmpty { result.statements[0] = running.inserted(into: result.statements[0]) }
        return (result, running != nil)
    }

    /// The compact read, and the running balances a statement that took the two passes left
    /// out (nil when the file was read whole).
    func readCompact(_ bytes: [UInt8], file: String, options: ReadOptions, profile: CSVProfile?,
                     transaction: (StatementTransaction) -> Void,
                     statementEnd: (Statement, CompactRunningBalances) -> Void) -> (result: ReadResult, running: CompactRunningBalances?) {
        withoutActuallyEscaping(transaction) { transaction in
            withoutActuallyEscaping(statementEnd) { statementEnd in
                var session = CSVReadSession(reader: self, file: file, options: options)
                session.givenProfile = profile
                session.sink = CSVStatementSink(transaction: transaction, statementEnd: statementEnd)
                let result = session.run(bytes)
                return (result, session.plannedStream?.runningBalances)
            }
        }
    }

    /// The layout inferred (or taken from a profile) for a file, as a profile a user can save and edit.
    ///
    /// Used by `mymoney parse --print-profile FILE`. Nil when no table could be found; the
    /// diagnostics say why.
    public func inferProfile(_ bytes: [UInt8], file: String, options: ReadOptions = ReadOptions()) -> (profile: CSVProfile?, diagnostics: [Diagnostic]) {
        var session = CSVReadSession(reader: self, file: file, options: options)
        let result = session.run(bytes)
        return (session.inferredProfile, result.diagnostics)
    }
}

extension CSVReader {
    /// Whether a line starts with an MT940 field tag (`:20:`, `:61:`, `:62F:`).
    static func hasSwiftTagLine(_ bytes: ArraySlice<UInt8>) -> Bool {
        var lineStart = true
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if lineStart, b == 0x3A, i + 3 < bytes.endIndex, bytes[i + 1] &- 0x30 < 10, bytes[i + 2] &- 0x30 < 10,
               bytes[i + 3] == 0x3A || (i + 4 < bytes.endIndex && bytes[i + 3] >= 0x41 && bytes[i + 3] <= 0x5A && bytes[i + 4] == 0x3A) {
                return true
            }
            lineStart = b == 0x0A || b == 0x0D
            i += 1
        }
        return false
    }
}

/// Control characters other than tab and line breaks mark data that is not text.
enum BinaryCheck {
    static func looksBinary(_ text: some Collection<UInt8>) -> Bool {
        let head = text.prefix(4096)
        var controls = 0
        for b in head where (b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D && b != 0x0C) || b == 0x7F { controls += 1 }
        return controls >= 2 || (controls == 1 && head.count < 256)
    }
}

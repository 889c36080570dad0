/// One run of the CSV reader over one file: decode, tokenize, resolve the layout, decide the
/// number and date conventions, read the rows, assemble statements.
struct CSVReadSession {
    let reader: CSVReader
    let file: String
    let options: ReadOptions
    var diagnostics: [Diagnostic] = []
    /// The layout used, as a profile (for `--print-profile`).
    var inferredProfile: CSVProfile?
    /// A profile value the caller chose (instead of profile text).
    var givenProfile: CSVProfile?
    /// Where a streamed read hands its statements (see ``CSVReader/read(_:file:options:profile:transaction:statementEnd:)``).
    var sink: CSVStatementSink?
    /// The second pass of a file that streams (``CSVStatementStream``).
    var plannedStream: CSVStatementStream?

    init(reader: CSVReader, file: String, options: ReadOptions) {
        self.reader = reader
        self.file = file
        self.options = options
    }

    /// The profile the caller gave (as a value or as text), nil for none; `readable` is false
    /// when its text does not read (the diagnostics say why).
    mutating func userProfile() -> (profile: CSVProfile?, readable: Bool) {
        if let givenProfile { return (givenProfile, true) }
        guard let given = options.profile else { return (nil, true) }
        let (profile, problems) = CSVProfile.parse(given.text, file: given.name)
        diagnostics.append(contentsOf: problems)
        return (profile, profile != nil)
    }

    mutating func run(_ bytes: [UInt8]) -> ReadResult {
        // A profile the caller gave.
        let (userProfile, readable) = userProfile()
        guard readable else { return ReadResult(diagnostics: diagnostics) }
        // Text.
        let decoded: DecodedText
        do {
            decoded = try TextDecoder.decode(bytes, forced: options.encoding ?? userProfile?.encoding)
        } catch {
            let isBinary = error.reason.contains("NUL")
            diagnostics.append(.error(isBinary ? "csv.binary" : "csv.encoding",
                                      isBinary ? "this is binary data, not a CSV text file: a NUL byte at byte \(error.offset)"
                                               : "cannot read the bytes as text: \(error.reason) at byte \(error.offset)",
                                      file: file, notes: isBinary ? [] : ["choose the encoding with --encoding (utf-8, windows-1252, windows-1250, iso-8859-2, shift_jis, gb18030, big5, euc-kr, …)"]))
            return ReadResult(diagnostics: diagnostics)
        }
        var text = decoded.utf8
        var encoding = decoded.encoding
        if BinaryCheck.looksBinary(text) {
            diagnostics.append(.error("csv.binary", "this is binary data, not a CSV text file (control characters in the first 4 KiB)", file: file))
            return ReadResult(diagnostics: diagnostics)
        }
        var source = SourceFile(name: file, text: text)
        var profile = userProfile
        var delimiter = profile?.delimiter ?? text.withUnsafeBufferPointer { CSVDialect.sniff($0) }
        var table = tokenize(text, delimiter: delimiter)
        if table == nil { return ReadResult(diagnostics: diagnostics, source: source) }
        // A close call between legacy encodings: the one under which a header reads wins.
        if !decoded.alternatives.isEmpty, !hasHeader(table!, text) {
            for alternative in decoded.alternatives {
                guard let again = try? TextDecoder.transcode(bytes, from: alternative) else { continue }
                let d = profile?.delimiter ?? CSVDialect.sniff(again)
                guard let t = tokenize(again, delimiter: d, quiet: true), hasHeader(t, again) else { continue }
                text = again; encoding = alternative; delimiter = d; table = t
                source = SourceFile(name: file, text: text)
                break
            }
        }

        // A shipped profile, by header signature or header-less shape.
        if profile == nil, let detected = text.withUnsafeBufferPointer({ detect(in: table!, text: $0) }) {
            profile = detected
            if let wanted = detected.encoding, wanted != encoding, options.encoding == nil, !decoded.hadByteOrderMark,
               encoding == .windows1252, let again = try? TextDecoder.decode(bytes, forced: wanted) {
                text = again.utf8; encoding = wanted
                source = SourceFile(name: file, text: text)
                table = tokenize(text, delimiter: delimiter)
                if table == nil { return ReadResult(diagnostics: diagnostics, source: source) }
            }
            if let d = detected.delimiter, d != delimiter {
                delimiter = d
                table = tokenize(text, delimiter: delimiter)
                if table == nil { return ReadResult(diagnostics: diagnostics, source: source) }
            }
        }
        let statements = text.withUnsafeBufferPointer { buffer in
            read(table: table!, text: buffer, profile: profile, explicit: userProfile != nil, delimiter: delimiter, encoding: encoding)
        }
        if options.strict {
            for i in diagnostics.indices where diagnostics[i].severity == .warning { diagnostics[i].severity = .error }
        }
        let handed = text.withUnsafeBufferPointer { hand(statements, table: table, text: $0) }
        return ReadResult(statements: handed, diagnostics: diagnostics, source: source)
    }

    /// Whether one of the first 60 rows reads as a header.
    func hasHeader(_ table: CSVTable, _ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { buffer in
            let resolver = LayoutResolver(table: table, text: buffer, file: file)
            return (0..<min(table.rowCount, 60)).contains(where: resolver.isHeaderLike)
        }
    }

    mutating func tokenize(_ text: [UInt8], delimiter: UInt8, quiet: Bool = false) -> CSVTable? {
        let (table, failure) = text.withUnsafeBufferPointer {
            CSVTokenizer(delimiter: delimiter, maximumFieldBytes: reader.maximumFieldBytes).tokenize($0)
        }
        if quiet { return failure == nil ? table : nil }
        if let failure {
            diagnostics.append(.error(failure.code, failure.message, file: file,
                                      at: SourcePosition(offset: failure.offset, line: failure.line,
                                                         column: failure.offset - failure.lineStart + 1)))
            return nil
        }
        return table
    }

    /// The first shipped profile whose header signature starts a row, else a header-less profile
    /// whose column count and date column fit the first rows.
    func detect(in table: CSVTable, text: UnsafeBufferPointer<UInt8>) -> CSVProfile? {
        let resolver = LayoutResolver(table: table, text: text, file: file)
        var best: (profile: CSVProfile, length: Int)?
        for profile in reader.profiles where profile.hasHeader && !profile.match.isEmpty {
            if resolver.row(matching: profile.match) != nil, profile.match.count > (best?.length ?? 0) {
                best = (profile, profile.match.count)
            }
        }
        if let best { return best.profile }
        for profile in reader.profiles where !profile.hasHeader {
            guard let count = profile.columnCount, case .index(let dateIndex)? = profile.column(.date) else { continue }
            let start = profile.skipRows ?? 0
            let rows = start..<min(table.rowCount, start + 5)
            guard !rows.isEmpty, rows.allSatisfy({ table.fieldCount($0) == count }) else { continue }
            let allDates = rows.allSatisfy { row in
                table.span(row, dateIndex).map { CSVTable.withBytes($0, in: text, CellKind.isDate) } ?? false
            }
            // Its amount column must hold amounts on those rows too: a date first and the right
            // width alone also fit other banks (TD Canada: date, description, out, in, balance).
            var allAmounts = true
            if case .index(let amountIndex)? = profile.column(.amount) {
                allAmounts = rows.allSatisfy { row in
                    table.span(row, amountIndex).map { span in
                        CSVTable.withBytes(span, in: text) { bytes in
                            (try? Amount.parse(bytes, format: .point)) != nil || (try? Amount.parse(bytes, format: .comma)) != nil
                        }
                    } ?? false
                }
            }
            if allDates && allAmounts && !(0..<min(table.rowCount, 60)).contains(where: resolver.isHeaderLike) { return profile }
        }
        return nil
    }
}

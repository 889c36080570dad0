/// A large file read from its mapping a window of rows at a time (``CSVFieldWindow``): neither
/// the file nor its token table is held whole.
extension CSVReadSession {
    /// Reads a mapped file as ``run(_:)`` reads its bytes, or nil when this way does not apply
    /// and the file must be read into memory (and this session dropped): an encoding chosen by
    /// the caller or a profile, text that is not UTF-8 (with or without its byte order mark),
    /// a NUL byte, a file that looks binary or that the tokenizer stops on. Those are read by
    /// ``run(_:)``, which says what is wrong with them.
    ///
    /// What a caller must know: the result's `source` holds the text only when a diagnostic
    /// points into it (the copy is made then, after the statements were handed on); a file
    /// without such diagnostics has none.
    mutating func run(mapped: MappedFile, rowsPerWindow: Int) -> ReadResult? {
        guard let (statements, text) = statements(mapped: mapped, rowsPerWindow: rowsPerWindow) else { return nil }
        // The table and the running balances are gone by now: the copy of the text is the peak's only addition.
        plannedStream = nil
        mapped.release(0..<mapped.count)
        let source = diagnostics.contains { $0.position != nil } ? SourceFile(name: file, text: Array(text)) : nil
        return ReadResult(statements: statements, diagnostics: diagnostics, source: source)
    }

    /// The statements handed on (without their transactions) and the text, or nil (see ``run(mapped:rowsPerWindow:)``).
    private mutating func statements(mapped: MappedFile, rowsPerWindow: Int) -> ([Statement], UnsafeBufferPointer<UInt8>)? {
        let (userProfile, readable) = userProfile()
        guard readable, options.encoding == nil, userProfile?.encoding == nil else { return nil }
        let all = mapped.bytes
        let bom = all.count >= 3 && all[0] == 0xEF && all[1] == 0xBB && all[2] == 0xBF ? 3 : 0
        guard mapped.isUTF8WithoutNUL(from: bom) else { return nil }
        mapped.rewind()
        let text = UnsafeBufferPointer(rebasing: all[bom...])
        guard !BinaryCheck.looksBinary(text) else { return nil }
        var profile = userProfile
        var delimiter = profile?.delimiter ?? CSVDialect.sniff(text)
        guard var table = windowedTable(text, delimiter: delimiter, mapped: mapped, bom: bom, rowsPerWindow: rowsPerWindow) else { return nil }
        // A shipped profile, by header signature or header-less shape (the text is UTF-8: no other encoding to try).
        if profile == nil, let detected = detect(in: table, text: text) {
            profile = detected
            if let d = detected.delimiter, d != delimiter {
                delimiter = d
                guard let again = windowedTable(text, delimiter: delimiter, mapped: mapped, bom: bom, rowsPerWindow: rowsPerWindow) else { return nil }
                table = again
            }
        }
        let statements = read(table: table, text: text, profile: profile, explicit: userProfile != nil, delimiter: delimiter, encoding: .utf8)
        if options.strict {
            for i in diagnostics.indices where diagnostics[i].severity == .warning { diagnostics[i].severity = .error }
        }
        // Checked before the statements are handed on, and again after the second pass read the
        // file once more (then what was handed on is taken back by the caller: the file is unusable).
        noteIfChanged(mapped)
        let handed = hand(statements, table: table, text: text)
        noteIfChanged(mapped)
        return (handed, text)
    }

    /// An error when the mapped file changed since it was mapped (``MappedFile/hasChanged``):
    /// what was read of it may mix old and new bytes.
    mutating func noteIfChanged(_ mapped: MappedFile) {
        guard !diagnostics.contains(where: { $0.code == CSVReadSession.fileChanged }), mapped.hasChanged else { return }
        diagnostics.append(CSVReadSession.changedFile(file))
    }

    static let fileChanged = "csv.file.changed"

    /// The error of a file that changed while it was read.
    static func changedFile(_ file: String) -> Diagnostic {
        .error(fileChanged, "the file changed while it was read (another program wrote to it or replaced it): what was read cannot be trusted",
               file: file, notes: ["read it again once it is no longer being written"])
    }

    /// The file's rows (``CSVTokenizer/index(_:passed:)``) with their fields in a window; nil
    /// when the tokenizer stops early.
    private func windowedTable(_ text: UnsafeBufferPointer<UInt8>, delimiter: UInt8, mapped: MappedFile, bom: Int,
                               rowsPerWindow: Int) -> CSVTable? {
        let tokenizer = CSVTokenizer(delimiter: delimiter, maximumFieldBytes: reader.maximumFieldBytes)
        mapped.rewind()
        var (table, failure) = tokenizer.index(text) { mapped.release(upTo: $0 + bom) }
        mapped.release(0..<mapped.count)
        guard failure == nil else { return nil }
        table.window = CSVFieldWindow(table: table, text: text, tokenizer: tokenizer, rowsPerWindow: rowsPerWindow) { bytes in
            mapped.release((bytes.lowerBound + bom)..<(bytes.upperBound + bom))
        }
        return table
    }
}

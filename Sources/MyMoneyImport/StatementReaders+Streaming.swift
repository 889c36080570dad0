import Foundation
import MyMoneyCSV
import MyMoneyOFX
import MyMoneyQIF

extension StatementReaders {
    /// What ``stream(_:format:options:into:)`` read: the file's diagnostics and source text (its
    /// statements without their transactions), and whether its statements were written as they
    /// were read (before the diagnostics were known) or only once the file was found usable.
    public struct StreamedFile: Sendable {
        public var result: ReadResult
        /// Whether the file may be used (see ``ReadResult/isUsable(strict:)``).
        public var isUsable: Bool
        /// Whether statements were written before ``isUsable`` was known: when the file is not
        /// usable, what was written of it must be taken back (or, when it is out already, the
        /// output marked incomplete). When false, an unusable file wrote nothing.
        public var wroteAsRead: Bool
    }

    /// Reads the file at `path` (or standard input for `-`) and writes its statements into
    /// `output`, as ``read(_:format:options:)`` reads them: an OFX file from the disk and a QIF
    /// file's first statement as a stream (their transactions are written as they are read and
    /// never held: ``OFXReader/read(fileAt:file:options:transaction:statementEnd:)``,
    /// ``QIFReader/read(_:file:options:firstStatement:)``, also from standard input), a CSV file
    /// in statement order made into transactions as they are written, never held, once it is
    /// known to be usable (``CSVReader/read(_:file:options:profile:transaction:statementEnd:)``;
    /// not for an output that ``StatementStreamOutput/prefersWholeStatements``), every other
    /// file read whole and written only when it is usable.
    ///
    /// What a caller must know: a streamed file's statements are written before its diagnostics
    /// are known (see ``StreamedFile/wroteAsRead``); the diagnostics and the usability are the
    /// whole read's (`ParseStreamingTests` holds the two to each other on the corpus and the samples).
    ///
    /// - Throws: ``InputError`` when the file cannot be read at all, as ``StatementFiles/load(_:)``.
    public func stream(_ path: String, format: String?, options: ReadOptions,
                       into output: inout some StatementStreamOutput) throws(InputError) -> StreamedFile {
        if path == "-" {
            // Standard input is read into memory first; a QIF text is still handed on as it is read.
            let input = try StatementFiles.load(path)
            let chosen = format.flatMap(reader(named:)) ?? recognize(input)
            if let qif = chosen as? QIFReader {
                return stream(input, qif, options: options, into: &output)
            }
            if let csv = chosen as? CSVReader, !output.prefersWholeStatements { return stream(input, csv, options: options, into: &output) }
            return whole(input, format: format, options: options, into: &output)
        }
        guard let head = StatementReaders.head(of: path) else { return whole(try StatementFiles.load(path), format: format, options: options, into: &output) }
        let chosen = format.flatMap(reader(named:)) ?? recognize(StatementInput(name: path, bytes: head))
        if let ofx = chosen as? OFXReader {
            var (result, leftOpen) = handingStatements(to: &output) { transaction, statementEnd in
                ofx.read(fileAt: path, file: path, options: options, transaction: transaction, statementEnd: statementEnd)
            }
            if leftOpen && !result.diagnostics.containsErrors {
                // Transactions of a statement that never ended, in a file read without error (the
                // reader closes what a text leaves open, so this is not expected): the whole read
                // would keep none of them, so the file must not pass as usable.
                result.diagnostics.append(.error("ofx.statement.unfinished", "the file ends inside a statement", file: path))
            }
            return StreamedFile(result: result, isUsable: result.isUsable(strict: options.strict), wroteAsRead: true)
        }
        if let qif = chosen as? QIFReader {
            return stream(try StatementFiles.loadOnce(path), qif, options: options, into: &output)
        }
        if let csv = chosen as? CSVReader, !output.prefersWholeStatements {
            if let mapped = MappedFile(path: path), mapped.count >= StatementReaders.windowedCSVBytes {
                return stream(mapped, name: path, csv, options: options, into: &output)
            }
            return stream(try StatementFiles.loadOnce(path), csv, options: options, into: &output)
        }
        return whole(try StatementFiles.load(path), format: format, options: options, into: &output)
    }

    /// From this size on, ``stream(_:format:options:into:)`` reads a CSV file from its mapping
    /// a window of rows at a time (``CSVReader/read(mapped:file:options:profile:rowsPerWindow:transaction:compactStatementEnd:)``);
    /// a smaller file is read into memory (its table is small, and its result keeps its source
    /// text as the whole read's does).
    public static let windowedCSVBytes = 4 << 20

    /// A QIF text, its first statement handed on as it is read, the others after it.
    private func stream(_ input: StatementInput, _ qif: QIFReader, options: ReadOptions,
                        into output: inout some StatementStreamOutput) -> StreamedFile {
        var open = false
        let result = qif.read(input.bytes, file: input.name, options: options) { t in
            if !open { output.beginStatement(); open = true }
            output.add(t)
        }
        let usable = result.isUsable(strict: options.strict)
        if let first = result.statements.first {
            if !open { output.beginStatement() }
            output.endStatement(first)
            for s in result.statements.dropFirst() { output.write(s) }
        }
        return StreamedFile(result: result, isUsable: usable && (!open || !result.statements.isEmpty), wroteAsRead: true)
    }

    /// A CSV text, its statements written once it is known to be usable; a file in statement
    /// order is made into transactions a second time as they are written, never held, and its
    /// running balances are kept compact until they are written
    /// (``CSVReader/read(_:file:options:profile:transaction:compactStatementEnd:)``).
    private func stream(_ input: StatementInput, _ csv: CSVReader, options: ReadOptions,
                        into output: inout some StatementStreamOutput) -> StreamedFile {
        streamingCSV(into: &output, options: options) { transaction, statementEnd in
            csv.read(input.bytes, file: input.name, options: options, transaction: transaction, compactStatementEnd: statementEnd)
        }
    }

    /// A mapped CSV file, as ``stream(_:_:options:into:)`` streams its bytes.
    private func stream(_ mapped: MappedFile, name: String, _ csv: CSVReader, options: ReadOptions,
                        into output: inout some StatementStreamOutput) -> StreamedFile {
        streamingCSV(into: &output, options: options) { transaction, statementEnd in
            csv.read(mapped: mapped, file: name, options: options, transaction: transaction, compactStatementEnd: statementEnd)
        }
    }

    /// Runs a CSV read with its two hand-ons wired to `output`.
    private func streamingCSV(into output: inout some StatementStreamOutput, options: ReadOptions,
                              _ read: (_ transaction: (StatementTransaction) -> Void,
                                       _ statementEnd: (Statement, CompactRunningBalances) -> Void) -> ReadResult) -> StreamedFile {
        var open = false, wrote = false
        let result = read({ t in
            if !open { output.beginStatement(); open = true; wrote = true }
            output.add(t)
        }, { s, running in
            if !open { output.beginStatement(); wrote = true }
            output.endStatement(s, runningBalances: running)
            open = false
        })
        // Written, then found unusable: a mapped file that changed while it was read
        // (`csv.file.changed`, found after the second pass) is the one way.
        let usable = result.isUsable(strict: options.strict)
        return StreamedFile(result: result, isUsable: usable, wroteAsRead: wrote && !usable)
    }

    /// Runs `read` with a reader's two hand-ons wired to `output`: a statement is begun at its
    /// first transaction (or at its end, when it has none) and ended at its end. Also says whether
    /// the last statement was left open (transactions handed on, its end never).
    private func handingStatements<Result>(
        to output: inout some StatementStreamOutput,
        _ read: (_ transaction: (StatementTransaction) -> Void, _ statementEnd: (Statement) -> Void) -> Result
    ) -> (result: Result, leftOpen: Bool) {
        var open = false
        let result = read({ t in
            if !open { output.beginStatement(); open = true }
            output.add(t)
        }, { s in
            if !open { output.beginStatement() }
            output.endStatement(s)
            open = false
        })
        return (result, open)
    }

    /// The file read whole, its statements written when it is usable.
    private func whole(_ input: StatementInput, format: String?, options: ReadOptions,
                       into output: inout some StatementStreamOutput) -> StreamedFile {
        let result = read(input, format: format, options: options)
        let usable = result.isUsable(strict: options.strict)
        if usable { for s in result.statements { output.write(s) } }
        return StreamedFile(result: result, isUsable: usable, wroteAsRead: false)
    }

    /// The first 8 KiB of a plain file that can be read and is not too large to read (nil
    /// otherwise: ``StatementFiles/load(_:)`` then says why).
    static func head(of path: String) -> [UInt8]? {
        // The attributes of what a symbolic link points to (attributesOfItem does not follow one).
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, size <= StatementFiles.maximumFileSize,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 8192) else { return nil }
        return Array(data)
    }
}

/// The readers the toolkit knows, and choosing one by content.
public struct StatementReaders: Sendable {
    public var readers: [any StatementReader]

    public init(_ readers: [any StatementReader]) { self.readers = readers }

    /// The reader for a format name (`csv`, `ofx`, `qfx`, `qif`).
    public func reader(named format: String) -> (any StatementReader)? {
        let f = format.lowercased() == "qfx" ? "ofx" : format.lowercased()
        return readers.first { $0.format == f }
    }

    /// The reader most sure of `input` by its content (its name only breaks ties), or nil.
    public func recognize(_ input: StatementInput) -> (any StatementReader)? {
        let head = Array(input.bytes.prefix(8192))
        var best: (any StatementReader)?
        var bestScore = 0
        for reader in readers {
            let score = reader.recognition(of: head, fileName: input.name)
            if score > bestScore { best = reader; bestScore = score }
        }
        return best
    }

    /// Reads `input` with the given format, or the recognized one.
    ///
    /// An input no reader recognizes yields an error diagnostic (`input.unknown-format`). The
    /// result keeps the file's source text only when a diagnostic points into it
    /// (``ReadResult/droppingUnusedSource()``): the text of a clean file (a copy of the whole
    /// file) is not held through an import.
    public func read(_ input: StatementInput, format: String? = nil, options: ReadOptions) -> ReadResult {
        let chosen = format.flatMap(reader(named:)) ?? recognize(input)
        guard let reader = chosen else {
            if let format {
                return ReadResult(diagnostics: [.error("input.unknown-format", "unknown format \"\(format)\" (expected csv, ofx, qfx, qif, camt or mt940)", file: input.name)])
            }
            let why = input.bytes.isEmpty ? "the file is empty" :
                (input.bytes.prefix(4096).contains(0) ? "it looks like binary data" : "it is not CSV, OFX, QFX, QIF, camt.053 or MT940")
            return ReadResult(diagnostics: [.error("input.unknown-format", "cannot read this file as a statement: \(why)", file: input.name)])
        }
        return reader.read(input.bytes, file: input.name, options: options).droppingUnusedSource()
    }
}

extension ReadResult {
    /// The result without its source text when no diagnostic points into it (the text serves
    /// only to show the line a diagnostic of its file points at: ``DiagnosticRenderer``).
    public func droppingUnusedSource() -> ReadResult {
        guard let name = source?.name, !diagnostics.contains(where: { $0.position != nil && $0.file == name }) else { return self }
        var result = self
        result.source = nil
        return result
    }
}

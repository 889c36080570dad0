import Foundation

extension CAMTReader {
    /// Reads a camt file without holding it, or its transactions, in memory: each transaction is
    /// handed to `each` (with its statement's account) as soon as its entry has been read, and
    /// the result holds the statements without their transactions (account, period, balances,
    /// fields) and every diagnostic, the balance checks included. Memory stays about the same
    /// whatever the file's size.
    ///
    /// The file is mapped, not read, and pages already read are given back as reading moves on.
    /// A file that is not UTF-8 (or that `options` ask to read in another encoding) is read into
    /// memory as ``read(_:file:options:)`` does, then handed out the same way. The result carries
    /// no `source` text. `file` names the file in diagnostics and statements (its last path
    /// component when nil). A mapped file that changed while it was read
    /// (``MappedFile/hasChanged``) ends with the error `camt.file.changed`: its transactions
    /// were handed on before that was known, so a caller drops them as for any error.
    public func read(fileAt path: String, file name: String? = nil, options: ReadOptions,
                     each: (StatementTransaction, StatementAccount) -> Void) -> ReadResult {
        let file = name ?? (path as NSString).lastPathComponent
        guard let mapping = MappedFile(path: path) else {
            guard let data = FileManager.default.contents(atPath: path) else {
                return ReadResult(diagnostics: [.error("camt.file", "the file cannot be read: \(path)", file: file)])
            }
            return handOut(read(Array(data), file: file, options: options), each)
        }
        let bytes = mapping.bytes
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        let utf16 = bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
        let forcedOther = options.encoding.map { $0 != .utf8 } ?? false
        if utf16 || forcedOther || !mapping.isUTF8WithoutNUL(from: bom) {
            return handOut(read(Array(bytes), file: file, options: options), each)
        }
        mapping.rewind()
        let text = UnsafeBufferPointer(rebasing: bytes[bom...])
        var result = withoutActuallyEscaping(each) { each in
            parse(text, encoding: .utf8, file: file, options: options, sink: each,
                  progress: { mapping.release(upTo: $0 + bom) })
        }
        if mapping.hasChanged {
            result.diagnostics.append(.error("camt.file.changed",
                                             "the file changed while it was read (another program wrote to it or replaced it): what was read cannot be trusted",
                                             file: file, notes: ["read it again once it is no longer being written"]))
        }
        return result
    }

    /// Hands a whole result's transactions to `each` and keeps the rest.
    private func handOut(_ read: ReadResult, _ each: (StatementTransaction, StatementAccount) -> Void) -> ReadResult {
        var result = read
        for i in result.statements.indices {
            for t in result.statements[i].transactions { each(t, result.statements[i].account) }
            result.statements[i].transactions = []
        }
        result.source = nil
        return result
    }
}

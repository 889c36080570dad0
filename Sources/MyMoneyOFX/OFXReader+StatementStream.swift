extension OFXReader {
    /// Reads an OFX file statement by statement without holding it or its transactions: each
    /// transaction goes to `transaction` as it is read, and each statement, once it has ended, to
    /// `statementEnd`, without its transactions (they went to `transaction` just before) but
    /// with everything else the whole read gives it (source, account, period, balances, fields).
    ///
    /// What a caller must know: the transactions handed out between two `statementEnd` calls
    /// belong to the statement of the second call, in order. A statement that holds none is
    /// still handed to `statementEnd`. The result holds the same statements (without
    /// transactions) and every diagnostic; a file with errors may have handed out transactions
    /// (and statements) before the error was found, so check the diagnostics before trusting
    /// what was handed out. When a diagnostic has a position, the result carries the file's text
    /// (read again) to render it with its line, as the whole read does. Transactions handed out at the end of a text that is broken off
    /// belong to no statement (no `statementEnd` follows them); the result then has an error.
    /// The plain twin is ``read(_:file:options:)``: the same statements, transactions and
    /// diagnostics (`OFXStatementStreamTests`).
    ///
    /// - Complexity: one pass over the file; memory does not grow with the number of
    ///   transactions or statements.
    public func read(fileAt path: String, file name: String? = nil, options: ReadOptions,
                     transaction: (StatementTransaction) -> Void,
                     statementEnd: (Statement) -> Void) -> ReadResult {
        read(fileAt: path, file: name, options: options, chunk: 1 << 20, transaction: transaction, statementEnd: statementEnd)
    }

    /// ``read(fileAt:file:options:transaction:statementEnd:)`` reading `chunk` bytes at a time.
    func read(fileAt path: String, file name: String? = nil, options: ReadOptions, chunk: Int,
              transaction: (StatementTransaction) -> Void,
              statementEnd: (Statement) -> Void) -> ReadResult {
        withoutActuallyEscaping(statementEnd) { statementEnd in
            read(fileAt: path, file: name, options: options, chunk: chunk, each: { t, _ in transaction(t) }, ended: statementEnd)
        }
    }
}

import MyMoneyImport
internal import MyMoneySQLite

/// What the reconciler needs to know about how rows came in: the rows edited by hand, the
/// statement rows imports skipped as already stored, and other accounts' legs that may name an
/// account.
extension Ledger {
    /// One statement row an import skipped, to keep: the row as offered, why it was skipped and
    /// the stored transaction it was taken for.
    package struct SkippedStatementRow: Sendable, Hashable {
        package var row: LedgerTransaction
        package var reason: DuplicateReason
        package var existingId: Int64

        package init(row: LedgerTransaction, reason: DuplicateReason, existingId: Int64) {
            self.row = row
            self.reason = reason
            self.existingId = existingId
        }
    }

    /// Ids of `accountId`'s transactions with one of `fields` set by hand (`transactions edit`).
    ///
    /// - Complexity: reads only the rows edited by hand (a partial index holds them).
    package func transactionIdsEditedByHand(accountId: Int64, fields: Set<TransactionField>) throws(LedgerError) -> Set<Int64> {
        var ids = Set<Int64>()
        let rows = try db.statement("SELECT id, hand_fields FROM transactions WHERE account_id = ? AND hand_fields IS NOT NULL")
            .rows([.integer(accountId)]) { ($0.int64(0), $0.text(1)) }
        for (id, list) in rows where !Ledger.fields(list).isDisjoint(with: fields) { ids.insert(id) }
        return ids
    }

    /// Keeps statement rows batch `batchId` skipped as already stored (the caller picks which).
    package func recordSkippedStatementRows(_ rows: [SkippedStatementRow], batchId: Int64) throws(LedgerError) {
        guard !rows.isEmpty else { return }
        try atomically { () throws(LedgerError) in
            let insert = try db.statement("""
                INSERT INTO skipped_statement_rows (batch_id, account_id, day, amount_units, amount_scale, currency, payee, memo,
                                                    source_file_id, source_line, reason, existing_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            var names = NameCache()
            for s in rows {
                let r = s.row
                let sourceFileId = try r.sourceFile.map { (f) throws(LedgerError) in try names.sourceFile(f, in: self) }
                _ = try insert.run([.integer(batchId), .integer(r.accountId), .of(r.day), .integer(r.amount.units),
                                    .integer(Int64(r.amount.scale)), .text(r.currency.code), .of(r.originalPayee ?? r.payee),
                                    .of(r.memo), .of(sourceFileId), .of(r.sourceLine), .text(s.reason.rawValue), .integer(s.existingId)])
            }
        }
    }

    /// The statement rows kept of `accountId`'s imports that are not undone, dated `from` on (all
    /// when nil), leaving out batch `excludedBatchId`; by day, then the order they were kept. The
    /// rows have no id: they are not stored transactions.
    package func skippedStatementRows(accountId: Int64, from: Day? = nil, excludingBatch excludedBatchId: Int64? = nil) throws(LedgerError) -> [SkippedStatementRow] {
        var sql = """
            SELECT s.account_id, s.day, s.amount_units, s.amount_scale, s.currency, s.payee, s.memo, f.path, s.source_line,
                   s.reason, s.existing_id
            FROM skipped_statement_rows s JOIN import_batches b ON b.id = s.batch_id
            LEFT JOIN source_files f ON f.id = s.source_file_id
            WHERE s.account_id = ? AND b.undone_at IS NULL
            """
        var values: [SQLValue] = [.integer(accountId)]
        if let from { sql += " AND s.day >= ?"; values.append(.of(from)) }
        if let excludedBatchId { sql += " AND s.batch_id <> ?"; values.append(.integer(excludedBatchId)) }
        sql += " ORDER BY s.day, s.id"
        return try db.statement(sql).rows(values) { row throws(LedgerError) -> SkippedStatementRow in
            let t = LedgerTransaction(accountId: row.int64(0), day: Ledger.day(row.int64(1)),
                                      amount: try Ledger.storedAmount(row.int64(2), row.int64(3)),
                                      currency: try Ledger.storedCurrency(row.text(4)), originalPayee: row.optionalText(5),
                                      memo: row.optionalText(6), sourceFile: row.optionalText(7),
                                      sourceLine: row.optionalInt64(8).map { Int($0) })
            return SkippedStatementRow(row: t, reason: DuplicateReason(rawValue: row.text(9)) ?? .sameFingerprint,
                                       existingId: row.optionalInt64(10) ?? 0)
        }
    }

    /// Transactions of accounts other than `accountId`, in `currency`, dated `from` on (all when
    /// nil), that may name the account: those with a transfer hint, and those whose payee, memo or
    /// hint contain one of `needles` (letters and digits, compared without regard to ASCII case):
    /// a needle with a letter, with spaces and dashes taken out of the text; a needle of digits
    /// only, with anything between its digits (an account number written `DE89.3704.0044…` or
    /// `0532/0130 00` still passes, as the exact check reads every digit of the text in order).
    /// Nil `needles`: every such transaction.
    ///
    /// A first sieve: the caller checks each row's text exactly.
    package func transactionsPossiblyNaming(accountId: Int64, currency: Currency, from: Day?, needles: [String]?) throws(LedgerError) -> [LedgerTransaction] {
        var conditions = ["t.account_id <> ?", "t.currency = ?"]
        var values: [SQLValue] = [.integer(accountId), .text(currency.code)]
        if let from { conditions.append("t.day >= ?"); values.append(.of(from)) }
        if let needles {
            let text = "replace(replace(coalesce(t.payee, '') || '|' || coalesce(t.original_payee, '') || '|' || coalesce(t.memo, '') || '|' || coalesce(t.transfer_hint, ''), ' ', ''), '-', '')"
            let usable = needles.filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
            let likes = usable.map { _ in "\(text) LIKE ?" }
            conditions.append("(" + (["t.transfer_hint IS NOT NULL"] + likes).joined(separator: " OR ") + ")")
            values += usable.map { .text(Self.sievePattern(for: $0)) }
        }
        return try transactions(sql: conditions.joined(separator: " AND "), values, cached: false)
    }

    /// The LIKE pattern of one needle: `%word%`, or for digits only `%0%1%3%0%0%0%`, which any
    /// text whose digits, read in order, contain the needle matches (a looser sieve, never a
    /// tighter one than the exact check).
    package static func sievePattern(for needle: String) -> String {
        guard needle.allSatisfy(\.isNumber) else { return "%\(needle)%" }
        return "%" + needle.map { "\($0)%" }.joined()
    }
}

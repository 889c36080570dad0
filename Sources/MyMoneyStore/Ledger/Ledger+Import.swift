import MyMoneyImport
import Foundation

/// Importing statements in one SQL transaction, listing and undoing import batches.
extension Ledger {
    /// Rows written by one INSERT during an import.
    ///
    /// Each INSERT statement has costs of its own besides its rows (its statement journal and
    /// savepoint, the `sqlite_sequence` row of AUTOINCREMENT read and written, its cursors opened
    /// and closed): at 16 rows to an INSERT they were about a tenth of SQLite's time per row of a 1M
    /// import. 256 rows are 6,912 parameters (SQLite allows 32,766).
    package static let rowsPerInsert = 256

    /// Adds what is new in `statements`, skipping what the ledger already holds (see ``TransactionIdentity``).
    ///
    /// Everything happens in one SQL transaction: a failure anywhere (an unknown account, a transaction in
    /// the wrong currency, a full disk, a killed process) leaves the ledger as it was. A batch is recorded
    /// (when anything was added) so ``undoImport(batchId:)`` can take it back. Statements are handled in
    /// order, so a later statement of the same account sees what an earlier one added: two overlapping
    /// files imported together add each transaction once.
    ///
    /// - Parameters:
    ///   - files: recorded on the batch; defaults to the statements' source files.
    ///   - dryRun: computes the same report, then rolls everything back (ids in the report are nil).
    ///   - trustIds: bank ids are taken at their word: a statement of stored rows under new ids
    ///     (``ReissuedIdCheck``) is added, not skipped as `same_rows_new_ids`.
    ///   - indexes: how the indexes the import does not read are kept (``IndexUpkeep``): by
    ///     default a large import into an empty ledger builds them once after its INSERTs.
    ///   - progress: called with (rows handled, rows in all) every 1,000 rows and at the end.
    /// - Throws: ``LedgerError``; nothing is written then.
    @discardableResult
    package func importStatements(_ statements: [ImportStatement], files: [String]? = nil, dryRun: Bool = false,
                                 trustIds: Bool = false, indexes: IndexUpkeep = .automatic, batching: Bool = true,
                                 progress: ((Int, Int) -> Void)? = nil) throws(LedgerError) -> ImportReport {
        var remaining = statements.makeIterator()
        return try importStatements(files: files ?? Ledger.uniqueInOrder(statements.compactMap(\.sourceFile)),
                                    transactionCount: statements.reduce(0) { $0 + $1.transactions.count },
                                    dryRun: dryRun, trustIds: trustIds, indexes: indexes, batching: batching,
                                    progress: progress) { remaining.next() }
    }

    /// As ``importStatements(_:files:dryRun:trustIds:progress:)``, with the statements handed over one at a
    /// time by `next` (nil: no more), so they can still be in the making while earlier ones are
    /// stored. The report's statement indexes count the statements in the order `next` gave them.
    ///
    /// A statement may come in parts (``ImportStatement/continues``, the first part with the
    /// ``ImportStatement/identities`` of all its rows): its duplicates are decided once, for the
    /// whole statement, before its first row is written, exactly as when it comes whole; the
    /// report counts it as one statement.
    ///
    /// - Parameters:
    ///   - transactionCount: how many transactions the statements hold in all (for `progress`).
    ///   - batching: rows and their tag links go in by many to an INSERT; false writes them one by
    ///     one (the plain twin).
    ///   - rebuildingIndexes: false, inside a SQL transaction of the caller's, leaves the indexes
    ///     a bulk import dropped to the caller (``ImportReport/indexesToRebuild``), who builds them
    ///     with ``rebuildIndexes(_:)`` while other work runs on another core.
    @discardableResult
    package func importStatements(files: [String], transactionCount total: Int, dryRun: Bool = false,
                                 trustIds: Bool = false, indexes: IndexUpkeep = .automatic, batching: Bool = true,
                                 rebuildingIndexes: Bool = true, progress: ((Int, Int) -> Void)? = nil,
                                 next: () -> ImportStatement?) throws(LedgerError) -> ImportReport {
        // Left to the caller only inside its own SQL transaction (a failure before it rebuilds
        // them rolls the DROP back with everything else).
        let leftToCaller = !rebuildingIndexes && db.isInTransaction
        var report = try atomically(dryRun: dryRun) { () throws(LedgerError) -> ImportReport in
            var deferred = try DeferredIndexes(indexes, rowCount: total, db: db)
            var report = try storeStatements(files: files, total: total, dryRun: dryRun, trustIds: trustIds, batching: batching,
                                             progress: progress, next: next)
            if leftToCaller { report.indexesToRebuild = deferred.dropped.map(\.sql) } else { try deferred.rebuild(db: db) }
            return report
        }
        progress?(total, total)
        if dryRun {
            report.batchId = nil
            for a in report.accounts.indices {
                for i in report.accounts[a].added.indices { report.accounts[a].added[i].id = nil }
            }
        }
        return report
    }

    /// The body of ``importStatements(files:transactionCount:dryRun:trustIds:indexes:progress:next:)``,
    /// inside its SQL transaction.
    private func storeStatements(files fileList: [String], total: Int, dryRun: Bool, trustIds: Bool, batching: Bool,
                                 progress: ((Int, Int) -> Void)?, next: () -> ImportStatement?) throws(LedgerError) -> ImportReport {
        try db.statement("INSERT INTO import_batches (created_at, files) VALUES (?, ?)")
            .run([.text(Ledger.timestamp()), .text(Ledger.encodeFiles(fileList))])
        let batchId = db.lastInsertRowID
        var names = NameCache()
        var accounts: [Int64: Account] = [:]
        var reports: [AccountImportReport] = []
        var reportIndex: [Int64: Int] = [:]
        var handled = 0
        // The rows written below cannot fail a CHECK: `type` comes from `TransactionType` and a
        // category's depth was validated (`LedgerValidation.categoryPath`). Without the checks,
        // SQLite skips building a temporary b-tree for `type IN (…)` on every row (a sixth of
        // the insert's cost). Foreign keys, NOT NULL and uniqueness are still enforced.
        try db.execute("PRAGMA ignore_check_constraints = ON")
        defer { try? db.execute("PRAGMA ignore_check_constraints = OFF") }
        let insert = try db.statement(Ledger.insertSQL)
        let batchInsert = try db.statement(Ledger.insertSQL(rows: Ledger.rowsPerInsert))
        guard batchInsert.parameterCount == Ledger.rowsPerInsert * Ledger.insertColumnCount,
              insert.parameterCount == Ledger.insertColumnCount else {
            throw LedgerError(.storage, "the ledger's INSERT statement does not have the expected parameters")
        }
        let batchSize = batching ? Ledger.rowsPerInsert : Int.max
        var statementIndex = -1
        // The statement being stored while it comes in parts (``ImportStatement/continues``).
        var open: OpenStatement?
        while var statement = next() {
            var current: OpenStatement
            if let continued = open {
                guard continued.accountId == statement.accountId else {
                    throw LedgerError(.storage, "a part of a statement of one account came for another account")
                }
                current = continued
                // Held here alone: the text keys let go below change it in place.
                open = nil
            } else {
                statementIndex += 1
                current = try openStatement(statement, trustIds: trustIds, accounts: &accounts, reports: &reports, reportIndex: &reportIndex)
                if let held = statement.heldRows {
                    // Matched before conversion (every row a stored one by its bank id): all skipped.
                    reports[current.slot].skipped.reserveCapacity(reports[current.slot].skipped.count + held.count)
                    for (index, match) in held.enumerated() {
                        guard let match else { throw LedgerError(.invalid, "a statement held whole has a row without a match") }
                        reports[current.slot].skipped.append(SkippedTransaction(statementIndex: statementIndex, index: index,
                                                                                reason: match.reason, existingId: match.existingId))
                        handled += 1
                        if handled % 1000 == 0 { progress?(handled, total) }
                    }
                    let (added, skipped) = try storeBalances(statement, batchId: batchId)
                    reports[current.slot].balancesAdded += added
                    reports[current.slot].balancesSkipped += skipped
                    continue
                }
                // Room for the statement's new rows once: grown by doubling, a million of them
                // held up to twice their size at the store's peak.
                let new = current.matches.newCount
                reports[current.slot].added.reserveCapacity(reports[current.slot].added.count + new)
                // The identities are the open statement's now (``releaseTextKey``).
                statement.identities = nil
            }
            let slot = current.slot, account = current.account, offset = current.offset
            guard current.matches.count - offset >= statement.transactions.count else {
                throw LedgerError(.storage, "a statement's parts hold more rows than its identities")
            }
            // New rows go in by `rowsPerInsert` in one INSERT (a full batch; the rest one by one),
            // in statement order: SQLite gives a statement's rows consecutive ids. `pending` holds
            // places in this part; the statement's place is `offset` further.
            var pending: [Int] = []
            var tagLinks: [(transactionId: Int64, tagId: Int64)] = []
            func flush(_ full: Bool) throws(LedgerError) {
                if full {
                    // Each row is read where it lies, field by field, for its bindings, its tags
                    // and its splits: passed as a value, it was copied whole (the callee could
                    // write the memory it came from), and taken by subscript for the parts too,
                    // copied twice.
                    try statement.transactions.withUnsafeBufferPointer { (rows) throws(LedgerError) in
                        guard let rows = rows.baseAddress else { return }
                        for (row, index) in pending.enumerated() {
                            try stageTransaction(at: rows + index, account: account, occurrence: current.occurrences[offset + index],
                                                 textKey: current.textKeys[offset + index], handFields: [],
                                                 ruleFields: index < statement.ruleFields.count ? statement.ruleFields[index] : [],
                                                 batchId: batchId, names: &names, statement: batchInsert, row: row)
                        }
                        try batchInsert.stepStaged()
                        batchInsert.resetKeepingBindings()
                        for index in pending { current.releaseTextKey(at: offset + index) }
                        let first = db.lastInsertRowID - Int64(pending.count - 1)
                        for (row, index) in pending.enumerated() {
                            let id = first + Int64(row)
                            for title in rows[index].tags where blankToNil(title) != nil {
                                tagLinks.append((id, try names.tag(title, in: self)))
                            }
                            if !rows[index].splits.isEmpty { try insertParts(rows[index], id: id, names: &names) }
                            reports[slot].added.append(ImportedTransaction(statementIndex: statementIndex, index: offset + index, id: id))
                        }
                    }
                    // Links gather over the batches (most rows have one tag or none) and go in full INSERTs.
                    if tagLinks.count >= Ledger.tagLinksPerInsert { try insertTagLinks(&tagLinks, all: false) }
                } else {
                    for index in pending {
                        let id = try insertTransaction(statement.transactions[index], account: account,
                                                       occurrence: current.occurrences[offset + index],
                                                       textKey: current.textKeys[offset + index],
                                                       handFields: [], ruleFields: index < statement.ruleFields.count ? statement.ruleFields[index] : [],
                                                       batchId: batchId, names: &names, statement: insert)
                        current.releaseTextKey(at: offset + index)
                        reports[slot].added.append(ImportedTransaction(statementIndex: statementIndex, index: offset + index, id: id))
                    }
                }
                pending.removeAll(keepingCapacity: true)
            }
            for index in statement.transactions.indices {
                if let match = current.matches[offset + index] {
                    // Rows before it keep their order in the report.
                    try flush(false)
                    reports[slot].skipped.append(SkippedTransaction(statementIndex: statementIndex, index: offset + index,
                                                                    reason: match.reason, existingId: match.existingId))
                } else {
                    pending.append(index)
                    if pending.count == batchSize { try flush(true) }
                }
                handled += 1
                if handled % 1000 == 0 { progress?(handled, total) }
            }
            try flush(false)
            try insertTagLinks(&tagLinks, all: true)
            current.offset += statement.transactions.count
            current.balances += statement.balances
            if statement.continues {
                open = current
                continue
            }
            open = nil
            guard current.offset == current.matches.count else {
                throw LedgerError(.storage, "a statement's parts hold fewer rows than its identities")
            }
            var whole = statement
            whole.balances = current.balances
            let (added, skipped) = try storeBalances(whole, batchId: batchId)
            reports[slot].balancesAdded += added
            reports[slot].balancesSkipped += skipped
        }
        if open != nil { throw LedgerError(.storage, "the last part of a statement never came") }
        let added = reports.reduce(0) { $0 + $1.added.count }
        let skipped = reports.reduce(0) { $0 + $1.skipped.count }
        let balances = reports.reduce(0) { $0 + $1.balancesAdded }
        if added == 0 && balances == 0 {
            // Nothing to record: the id goes back too (no other writer took one since: this
            // SQL transaction holds the write lock), so batch ids have no gaps.
            try db.statement("DELETE FROM import_batches WHERE id = ?").run([.integer(batchId)])
            try db.statement("UPDATE sqlite_sequence SET seq = ?1 - 1 WHERE name = 'import_batches' AND seq = ?1")
                .run([.integer(batchId)])
            return ImportReport(batchId: nil, isDryRun: dryRun, accounts: reports)
        }
        try db.statement("UPDATE import_batches SET added = ?, skipped = ?, balances = ? WHERE id = ?")
            .run([.integer(Int64(added)), .integer(Int64(skipped)), .integer(Int64(balances)), .integer(batchId)])
        return ImportReport(batchId: batchId, isDryRun: dryRun, accounts: reports)
    }

    /// Every import batch, oldest first, undone ones included (with the time they were undone).
    package func importBatches() throws(LedgerError) -> [ImportBatch] {
        try db.statement("SELECT id, created_at, files, added, skipped, balances, undone_at FROM import_batches ORDER BY id")
            .rows { ImportBatch(id: $0.int64(0), createdAt: $0.text(1), files: Ledger.decodeFiles($0.text(2)),
                                added: Int($0.int64(3)), skipped: Int($0.int64(4)), balances: Int($0.int64(5)),
                                undoneAt: $0.optionalText(6)) }
    }

    /// Removes exactly what batch `batchId` added: its transactions (with their tags and parts,
    /// even when edited since), its statement balances, and every transfer link touching its
    /// transactions. The other leg of such a link gets back the type its sign implies. The batch
    /// stays listed, marked undone; its id is never given to another batch.
    ///
    /// - Throws: `.notFound` when there is no such batch, `.invalid` when it was undone before.
    @discardableResult
    package func undoImport(batchId: Int64) throws(LedgerError) -> UndoReport {
        try atomically { () throws(LedgerError) -> UndoReport in
            guard let undoneAt = try db.statement("SELECT undone_at FROM import_batches WHERE id = ?")
                .rows([.integer(batchId)], { $0.optionalText(0) }).first
            else { throw .notFound("there is no import batch \(batchId)") }
            if let undoneAt { throw .invalid("import", "import \(batchId) was undone before (\(undoneAt)): nothing is left to undo") }
            let touching = "(SELECT id FROM transactions WHERE batch_id = ?1)"
            let otherLegs = try db.statement("""
                SELECT to_transaction_id FROM transfers WHERE from_transaction_id IN \(touching) AND to_transaction_id NOT IN \(touching)
                UNION SELECT from_transaction_id FROM transfers WHERE to_transaction_id IN \(touching) AND from_transaction_id NOT IN \(touching)
                """).rows([.integer(batchId)]) { $0.int64(0) }
            let transfers = try db.statement("DELETE FROM transfers WHERE from_transaction_id IN \(touching) OR to_transaction_id IN \(touching)")
                .run([.integer(batchId)])
            for id in otherLegs { try restoreTypeFromSign(transactionId: id) }
            try db.statement("DELETE FROM rejected_transfers WHERE first_transaction_id IN \(touching) OR second_transaction_id IN \(touching)")
                .run([.integer(batchId)])
            try db.statement("DELETE FROM transaction_tags WHERE transaction_id IN \(touching)").run([.integer(batchId)])
            let transactions = try db.statement("DELETE FROM transactions WHERE batch_id = ?").run([.integer(batchId)])
            let balances = try db.statement("DELETE FROM statement_balances WHERE batch_id = ?").run([.integer(batchId)])
            // Opening balances the import derived go back to what they were.
            try db.statement("""
                UPDATE accounts SET opening_units = (SELECT previous_units FROM batch_opening_balances b
                                                     WHERE b.batch_id = ?1 AND b.account_id = accounts.id),
                                    opening_scale = (SELECT previous_scale FROM batch_opening_balances b
                                                     WHERE b.batch_id = ?1 AND b.account_id = accounts.id)
                WHERE id IN (SELECT account_id FROM batch_opening_balances WHERE batch_id = ?1)
                """).run([.integer(batchId)])
            try db.statement("DELETE FROM batch_opening_balances WHERE batch_id = ?").run([.integer(batchId)])
            try db.statement("UPDATE import_batches SET undone_at = ? WHERE id = ?").run([.text(Ledger.timestamp()), .integer(batchId)])
            return UndoReport(batchId: batchId, transactions: transactions, balances: balances, transfers: transfers)
        }
    }

    // MARK: Internals

    /// Records that import `batchId` changed the opening balance of `accountId` from `previous`,
    /// so ``undoImport(batchId:)`` restores it. The first record per batch and account counts.
    package func recordOpeningBalanceChange(batchId: Int64, accountId: Int64, previous: Amount) throws(LedgerError) {
        try db.statement("""
            INSERT OR IGNORE INTO batch_opening_balances (batch_id, account_id, previous_units, previous_scale) VALUES (?, ?, ?, ?)
            """).run([.integer(batchId), .integer(accountId), .integer(previous.units), .integer(Int64(previous.scale))])
    }

    /// Whether every one of `transactions` (of account `accountId`) has a bank id and is a row the
    /// ledger holds by it, as ``importStatements(_:files:dryRun:trustIds:indexes:progress:)`` would
    /// decide for them now (``TransactionIdentity/matchAllByBankId(_:against:hashMask:)``): a
    /// statement imported again, which an import can leave out of work that only new rows need.
    /// Rows the same import stores before them do not change the answer (they get higher ids,
    /// and the first rule claims the oldest row of a bank id).
    package func holdsEveryRowByBankId(accountId: Int64, _ transactions: [LedgerTransaction]) throws(LedgerError) -> Bool {
        guard !transactions.isEmpty, transactions.allSatisfy({ $0.bankId != nil }) else { return false }
        return try matchesOfHeldStatement(accountId: accountId, transactions.map {
            IdentityCandidate(day: $0.day, amount: $0.amount, bankId: $0.bankId, textKey: "")
        }) != nil
    }

    /// ``holdsEveryRowByBankId(accountId:_:)`` for rows not yet converted (their day, amount in
    /// the account's minor units, and bank id; no text key): the matches the store would find
    /// for them now, one per row, or nil when a row has no bank id or is not a stored row by it.
    /// An import hands such a statement on as ``ImportStatement/heldRows`` without converting it.
    ///
    /// `reading` ``HeldRowsReading/aligned`` first tries the rows as they are read (a statement
    /// imported again lines up with its stored rows); ``HeldRowsReading/whole`` is the plain twin.
    package func matchesOfHeldStatement(accountId: Int64, _ candidates: [IdentityCandidate],
                                        reading: HeldRowsReading = .aligned) throws(LedgerError) -> [IdentityMatch?]? {
        guard let first = candidates.first, candidates.allSatisfy({ $0.bankId != nil }) else { return nil }
        var low = first.day, high = first.day
        for i in candidates.indices {
            let day = candidates[i].day
            if day < low { low = day }
            if day > high { high = day }
        }
        if reading == .aligned, let aligned = try alignedBankIdMatches(accountId: accountId, candidates, from: low, through: high) {
            return aligned
        }
        let stored = try identityRecords(accountId: accountId, from: low, through: high, textKeys: false)
        return TransactionIdentity.matchAllByBankId(candidates, against: stored)
    }

    /// Stored transactions of `accountId` that a candidate could be: same days, widened by the bank id window.
    ///
    /// Without `textKeys` the records' text keys are empty (not read: bank ids alone decide a
    /// statement imported again).
    private func identityRecords(accountId: Int64, near candidates: [LedgerTransaction], textKeys: Bool) throws(LedgerError) -> [IdentityRecord] {
        guard let days = Ledger.dayRange(candidates.count, { candidates[$0].day }) else { return [] }
        return try identityRecords(accountId: accountId, days: days, textKeys: textKeys)
    }

    /// The lowest and highest of `count` days (nil for none).
    static func dayRange(_ count: Int, _ day: (Int) -> Day) -> ClosedRange<Day>? {
        guard count > 0 else { return nil }
        var low = day(0), high = low
        for i in 1..<max(1, count) {
            let d = day(i)
            if d < low { low = d }
            if d > high { high = d }
        }
        return low...high
    }

    /// ``identityRecords(accountId:near:textKeys:)`` for candidates on `days`.
    func identityRecords(accountId: Int64, days: ClosedRange<Day>, textKeys: Bool) throws(LedgerError) -> [IdentityRecord] {
        try identityRecords(accountId: accountId, from: days.lowerBound, through: days.upperBound, textKeys: textKeys)
    }

    /// ``identityRecords(accountId:near:textKeys:)`` for candidates from day `low` through `high`.
    private func identityRecords(accountId: Int64, from low: Day, through high: Day, textKeys: Bool) throws(LedgerError) -> [IdentityRecord] {
        let window = TransactionIdentity.bankIdWindow
        // A transaction whose account, day or amount was changed by hand is known by the ones it
        // was imported with (`import_*`, kept since): its statement coming again finds it there.
        let text = textKeys ? "text_key" : "''"
        return try db.statement("""
            SELECT id, day, amount_units, amount_scale, bank_id, \(text), batch_id IS NOT NULL
            FROM transactions WHERE account_id = ?1 AND day BETWEEN ?2 AND ?3 AND import_day IS NULL
            UNION ALL
            SELECT id, import_day, import_units, import_scale, bank_id, \(text), batch_id IS NOT NULL
            FROM transactions WHERE import_account_id = ?1 AND import_day BETWEEN ?2 AND ?3
            """).rows([.integer(accountId), .of(low.advanced(by: -window)), .of(high.advanced(by: window))]) { row throws(LedgerError) in
                IdentityRecord(id: row.int64(0), day: Ledger.day(row.int64(1)),
                               amount: try Ledger.storedAmount(row.int64(2), row.int64(3)), bankId: row.optionalText(4),
                               textKey: textKeys ? row.text(5) : "", isImported: row.int64(6) != 0)
            }
    }

    /// Stores the statement's dated balances that the ledger does not hold yet (same account, day, kind, amount).
    ///
    /// The balances already stored for the statement's days are read in one query (a statement
    /// with a running balance brings one balance per day: a query per balance was most of the cost).
    private func storeBalances(_ statement: ImportStatement, batchId: Int64) throws(LedgerError) -> (added: Int, skipped: Int) {
        let dated = statement.balances.compactMap { b in b.day.map { (day: $0, balance: b) } }
        guard let first = dated.first?.day else { return (0, 0) }
        var low = first, high = first
        for (day, _) in dated {
            if day < low { low = day }
            if day > high { high = day }
        }
        struct Key: Hashable { var day: Day; var kind: String; var amount: Amount }
        var held = Set(try db.statement("""
            SELECT day, kind, amount_units, amount_scale FROM statement_balances WHERE account_id = ? AND day BETWEEN ? AND ?
            """).rows([.integer(statement.accountId), .of(low), .of(high)]) { row throws(LedgerError) in
                Key(day: Ledger.day(row.int64(0)), kind: row.text(1), amount: try Ledger.storedAmount(row.int64(2), row.int64(3)))
            })
        let insert = try db.statement("""
            INSERT INTO statement_balances (account_id, day, amount_units, amount_scale, kind, source_file_id, batch_id)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let sourceFileId = try self.sourceFileId(statement.sourceFile)
        var added = 0, skipped = 0
        for (day, balance) in dated {
            // Amounts compare and hash by value (1.5 is 1.50).
            guard held.insert(Key(day: day, kind: balance.kind.rawValue, amount: balance.amount)).inserted else {
                skipped += 1
                continue
            }
            try insert.run([.integer(statement.accountId), .of(day), .integer(balance.amount.units),
                            .integer(Int64(balance.amount.scale)), .text(balance.kind.rawValue),
                            .of(sourceFileId), .integer(batchId)])
            added += 1
        }
        return (added, skipped)
    }

    /// Statement balances stored for an account (all accounts when nil), by account, day, then id.
    package func statementBalances(accountId: Int64? = nil) throws(LedgerError) -> [StoredBalance] {
        // One account's are searched by its index (`statement_balances_by_account`, whose entries
        // are in day and id order); a single query with `?1 IS NULL OR account_id = ?1` scanned
        // every account's balances for each account (the opening balances of a 10-account import
        // asked ten times: 4 % of its instructions).
        let select = """
            SELECT b.id, b.account_id, b.day, b.amount_units, b.amount_scale, b.kind, f.path, b.batch_id
            FROM statement_balances b LEFT JOIN source_files f ON f.id = b.source_file_id
            """
        let statement = accountId == nil
            ? try db.statement(select + " ORDER BY b.account_id, b.day, b.id")
            : try db.statement(select + " WHERE b.account_id = ?1 ORDER BY b.day, b.id")
        return try statement.rows(accountId.map { [.integer($0)] } ?? []) { row throws(LedgerError) in
                StoredBalance(id: row.int64(0), accountId: row.int64(1), day: Ledger.day(row.int64(2)),
                              amount: try Ledger.storedAmount(row.int64(3), row.int64(4)),
                              kind: StatementBalance.Kind(rawValue: row.text(5)) ?? .ledger,
                              sourceFile: row.optionalText(6), batchId: row.optionalInt64(7))
            }
    }

    static func uniqueInOrder(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }

    static func encodeFiles(_ files: [String]) -> String {
        (try? String(decoding: JSONEncoder().encode(files), as: UTF8.self)) ?? "[]"
    }

    static func decodeFiles(_ text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}

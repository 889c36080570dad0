import MyMoneyStore

/// Import stage 5: the statements the rules hand on, stored as they arrive (in the import's SQL
/// transaction), and what the store made of each.
enum StoreStage {
    /// What the store did with the rows of the import.
    struct Stored {
        /// By slot: the rows as offered to the store, in order, the added ones with their ids (tags in
        /// the ledger's order), the skipped ones with a nil id.
        var rows: [[LedgerTransaction]]
        var batchId: Int64?
        var added: Int
        var duplicates: [SkippedDuplicate]
        /// By account id: the rows skipped as already stored, as offered (the reconciler names one
        /// when it is what the ledger lacks: a real second transaction, not a duplicate).
        var skippedRows: [Int64: [LedgerTransaction]] = [:]
        /// The same rows with their slot, why they were skipped and what they were taken for.
        var skippedDetails: [(slot: Int, row: Ledger.SkippedStatementRow)] = []
        /// By slot: how many rows were added and how many skipped.
        var addedBySlot: [Int: Int]
        var skippedBySlot: [Int: Int]
        /// By slot: how many of the skipped rows were the same rows under new bank ids.
        var reissuedBySlot: [Int: Int] = [:]

        /// The id the row at `place` got, nil when it was skipped (or does not exist).
        func id(at place: (slot: Int, index: Int)) -> Int64? {
            guard rows.indices.contains(place.slot), rows[place.slot].indices.contains(place.index) else { return nil }
            return rows[place.slot][place.index].id
        }

        /// The added rows, moved out (what the stages after storing work on).
        mutating func takeAddedRows() -> [[LedgerTransaction]] {
            var taken = rows
            rows = []
            for s in taken.indices where taken[s].contains(where: { $0.id == nil }) { taken[s].removeAll { $0.id == nil } }
            return taken
        }
    }

    /// Stores the statements `queue` hands on, one after another, while they are still being made.
    ///
    /// - Throws: store errors; the queue is cancelled then, so its maker stops.
    /// `progress` hears "`stage`: N of M transactions (P%)" as the store goes, once per percent.
    /// `trustIds` adds a statement of stored rows under new bank ids instead of skipping it.
    static func store(from queue: RuledStatementQueue, files: [String], transactionCount: Int, ledger: Ledger,
                      trustIds: Bool = false, stage: String = "storing", progress: ((String) -> Void)? = nil) throws -> Stored {
        var statements: [ImportStatement] = []
        let report: ImportReport
        var shownPercent = -1
        let counting: ((Int, Int) -> Void)? = progress.map { progress in
            { handled, total in
                let percent = total > 0 ? handled * 100 / total : 100
                guard percent != shownPercent else { return }
                shownPercent = percent
                progress("\(stage): \(handled) of \(total) transactions (\(percent)%)")
            }
        }
        do {
            report = try ledger.importStatements(files: files, transactionCount: transactionCount, trustIds: trustIds,
                                            progress: counting) {
                guard let statement = queue.next() else { return nil }
                statements.append(statement)
                return statement
            }
        } catch {
            queue.cancel()
            while queue.next() != nil {}
            throw error
        }
        var rows = statements.map(\.transactions)
        statements = []
        var stored = Stored(rows: [], batchId: report.batchId, added: report.addedCount, duplicates: [],
                            addedBySlot: [:], skippedBySlot: [:])
        for account in report.accounts {
            for added in account.added where rows.indices.contains(added.statementIndex)
                && rows[added.statementIndex].indices.contains(added.index) {
                rows[added.statementIndex][added.index].id = added.id
                if rows[added.statementIndex][added.index].tags.count > 1 {
                    rows[added.statementIndex][added.index].tags = Ledger.tagsInStoredOrder(rows[added.statementIndex][added.index].tags)
                }
                stored.addedBySlot[added.statementIndex, default: 0] += 1
            }
            for skipped in account.skipped where rows.indices.contains(skipped.statementIndex)
                && rows[skipped.statementIndex].indices.contains(skipped.index) {
                let offered = rows[skipped.statementIndex][skipped.index]
                stored.duplicates.append(SkippedDuplicate(accountName: account.accountName, day: offered.day, amount: offered.amount,
                                                          payee: offered.payee, reason: skipped.reason, existingId: skipped.existingId))
                stored.skippedBySlot[skipped.statementIndex, default: 0] += 1
                if skipped.reason == .sameRowsNewIds { stored.reissuedBySlot[skipped.statementIndex, default: 0] += 1 }
                var row = offered
                row.accountId = account.accountId
                stored.skippedRows[account.accountId, default: []].append(row)
                stored.skippedDetails.append((skipped.statementIndex, Ledger.SkippedStatementRow(row: row, reason: skipped.reason,
                                                                                                 existingId: skipped.existingId)))
            }
        }
        stored.rows = rows
        return stored
    }
}

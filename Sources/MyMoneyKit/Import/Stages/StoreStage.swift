import MyMoneyStore

/// Import stage 5: the statements the rules hand on, stored as they arrive (in the import's SQL
/// transaction), and what the store made of each.
enum StoreStage {
    /// Rows stored between two give-backs of freed memory (``FreedMemory``).
    static let rowsBetweenGiveBacks = 200_000

    /// What the store did with the rows of the import.
    struct Stored {
        /// By slot: the rows as offered to the store, in order, the added ones with their ids (tags in
        /// the ledger's order), the skipped ones with a nil id.
        var rows: [[LedgerTransaction]]
        var batchId: Int64?
        var added: Int
        var duplicates: SkippedDuplicates
        /// The rows skipped as already stored, in the report's order: where they are among the
        /// offered rows, why they were skipped and what they were taken for. The rows themselves
        /// are copied out only when asked for (``skippedRows(of:)``, ``skippedDetails(where:)``):
        /// a re-import skips every row, and the reconciler looks at them only to diagnose a difference.
        var skipped: [SkippedPlace] = []
        /// By slot: the offered rows of statements with skipped rows, kept when ``takeAddedRows()``
        /// takes the added ones.
        var offeredAfterTaking: [Int: [LedgerTransaction]] = [:]
        /// By slot: how many rows were added and how many skipped.
        var addedBySlot: [Int: Int]
        var skippedBySlot: [Int: Int]
        /// By slot: how many of the skipped rows were the same rows under new bank ids.
        var reissuedBySlot: [Int: Int] = [:]
        /// Indexes the store dropped for its bulk INSERTs and left to the import to build again
        /// (``ImportWorkflow`` does it while the transfer matcher runs on the other core).
        var indexesToRebuild: [String] = []
        /// By slot: statements the ledger holds whole, kept as read (their `rows` are empty).
        var held: [Int: HeldStatement] = [:]

        /// The id the row at `place` got, nil when it was skipped (or does not exist).
        func id(at place: (slot: Int, index: Int)) -> Int64? {
            guard rows.indices.contains(place.slot), rows[place.slot].indices.contains(place.index) else { return nil }
            return rows[place.slot][place.index].id
        }

        /// The added rows, moved out (what the stages after storing work on); the offered rows of
        /// statements with skipped rows stay for ``skippedRows(of:)`` (moved, not copied, when a
        /// statement added nothing).
        mutating func takeAddedRows() -> [[LedgerTransaction]] {
            var taken = rows
            rows = []
            for s in taken.indices where (skippedBySlot[s] ?? 0) > 0 {
                if (addedBySlot[s] ?? 0) == 0 {
                    offeredAfterTaking[s] = taken[s]
                    taken[s] = []
                } else {
                    offeredAfterTaking[s] = taken[s]
                    taken[s].removeAll { $0.id == nil }
                }
            }
            // By index: `contains(where:)` copied every row it looked at (a retain per text).
            for s in taken.indices where taken[s].indices.contains(where: { taken[s][$0].id == nil }) { taken[s].removeAll { $0.id == nil } }
            return taken
        }

        /// The offered row at `place`, before or after ``takeAddedRows()``.
        private func offered(_ place: SkippedPlace) -> LedgerTransaction {
            let slot = Int(place.slot), index = Int(place.index)
            var row = held[slot]?.offered(index) ?? (rows.isEmpty ? offeredAfterTaking[slot]![index] : rows[slot][index])
            row.accountId = place.accountId
            return row
        }

        /// The rows of account `accountId` skipped as already stored, as offered, in the report's
        /// order (the reconciler names one when it is what the ledger lacks: a real second
        /// transaction, not a duplicate).
        func skippedRows(of accountId: Int64) -> [LedgerTransaction] {
            skipped.compactMap { $0.accountId == accountId ? offered($0) : nil }
        }

        /// ``skippedRows(of:)`` of every account with skipped rows.
        var skippedRows: [Int64: [LedgerTransaction]] {
            var byAccount: [Int64: [LedgerTransaction]] = [:]
            for place in skipped { byAccount[place.accountId, default: []].append(offered(place)) }
            return byAccount
        }

        /// The skipped rows of the slots `wanted` accepts, with their slot, why they were skipped
        /// and what they were taken for.
        func skippedDetails(inSlots wanted: (Int) -> Bool = { _ in true }) -> [(slot: Int, row: Ledger.SkippedStatementRow)] {
            skippedDetails { slot, _ in wanted(slot) }
        }

        /// The skipped rows whose slot and reason `wanted` accepts, with their slot, why they were
        /// skipped and what they were taken for. A row is copied out only once it is accepted: a
        /// statement that adds a few rows among a million skipped ones copies none of those the
        /// caller would drop (``ReconcileEvidence/mayKeep(_:)``).
        func skippedDetails(where wanted: (_ slot: Int, _ reason: DuplicateReason) -> Bool) -> [(slot: Int, row: Ledger.SkippedStatementRow)] {
            var details: [(slot: Int, row: Ledger.SkippedStatementRow)] = []
            for place in skipped where wanted(Int(place.slot), place.reason) {
                details.append((Int(place.slot), Ledger.SkippedStatementRow(row: offered(place), reason: place.reason, existingId: place.existingId)))
            }
            return details
        }
    }

    /// Where a skipped row is among the offered rows, and why it was skipped.
    struct SkippedPlace {
        var slot: Int32
        var index: Int32
        var accountId: Int64
        var reason: DuplicateReason
        var existingId: Int64
    }

    /// Stores the statements `queue` hands on, one after another, while they are still being made.
    ///
    /// - Throws: store errors; the queue is cancelled then, so its maker stops.
    /// `progress` hears "`stage`: N of M transactions (P%)" as the store goes, once per percent.
    /// `trustIds` adds a statement of stored rows under new bank ids instead of skipping it.
    /// `leavingIndexes` leaves the indexes a bulk import drops to the caller
    /// (``Stored/indexesToRebuild``; the caller's SQL transaction must be open).
    /// `held` are the statements (by slot) the queue hands on as matches only (``ImportStatement/heldRows``).
    static func store(from queue: RuledStatementQueue, files: [String], transactionCount: Int, ledger: Ledger,
                      trustIds: Bool = false, leavingIndexes: Bool = false, held: [Int: HeldStatement] = [:],
                      stage: String = "storing", partsReleasedAside: Bool = false,
                      progress: ((String) -> Void)? = nil) throws -> Stored {
        var statements: [ImportStatement] = []
        var continuing = false
        // The part stored last, held here until the store asks for the next one: by then the
        // store has let go of it, so this is the last reference and its rows are freed on
        // another core (``Concurrently/releaseAside(_:)``), off the store's thread.
        var storedPart: ImportStatement?
        var rowsSinceGiveBack = 0
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
                                                 rebuildingIndexes: !leavingIndexes, progress: counting) {
                if let part = storedPart.take() { Concurrently.releaseAside(part) }
                if rowsSinceGiveBack >= StoreStage.rowsBetweenGiveBacks {
                    FreedMemory.giveBack()
                    rowsSinceGiveBack = 0
                }
                guard let statement = queue.next() else { return nil }
                rowsSinceGiveBack += statement.transactions.count
                // A statement in parts (``RuleStage/inParts``): its whole rows come apart
                // (``RuledStatementQueue/takeWholeRows(slot:)``), its parts are not kept.
                let isPart = continuing || statement.continues
                if !continuing {
                    var kept = statement
                    if statement.continues { kept.transactions = [] }
                    kept.identities = nil
                    statements.append(kept)
                }
                continuing = statement.continues
                if partsReleasedAside && isPart {
                    // Its rows only: the store lets go of the identities key by key as it writes.
                    storedPart = statement
                    storedPart?.identities = nil
                }
                return statement
            }
        } catch {
            queue.cancel()
            while queue.next() != nil {}
            throw error
        }
        for slot in statements.indices {
            if let whole = queue.takeWholeRows(slot: slot) { statements[slot].transactions = whole }
        }
        var rows = statements.map(\.transactions)
        statements = []
        var stored = Stored(rows: [], batchId: report.batchId, added: report.addedCount, duplicates: SkippedDuplicates(),
                            addedBySlot: [:], skippedBySlot: [:])
        stored.held = held
        // By slot in an array, looked up in place (a dictionary look-up per row copied the statement).
        let heldBySlot = rows.indices.map { held[$0] }
        var heldNamed = [Bool](repeating: false, count: rows.count)
        // Counted by slot in arrays (a dictionary update per row cost a hash each).
        var addedCounts = [Int](repeating: 0, count: rows.count), skippedCounts = addedCounts, reissuedCounts = addedCounts
        let skippedInAll = report.accounts.reduce(0) { $0 + $1.skipped.count }
        stored.duplicates.reserveCapacity(skippedInAll)
        stored.skipped.reserveCapacity(skippedInAll)
        for account in report.accounts {
            for added in account.added where rows.indices.contains(added.statementIndex)
                && rows[added.statementIndex].indices.contains(added.index) {
                rows[added.statementIndex][added.index].id = added.id
                if rows[added.statementIndex][added.index].tags.count > 1 {
                    rows[added.statementIndex][added.index].tags = Ledger.tagsInStoredOrder(rows[added.statementIndex][added.index].tags)
                }
                addedCounts[added.statementIndex] += 1
            }
            for skipped in account.skipped where rows.indices.contains(skipped.statementIndex) {
                let (slot, index) = (skipped.statementIndex, skipped.index)
                if heldBySlot.indices.contains(slot), heldBySlot[slot] != nil, heldBySlot[slot]!.rows.indices.contains(index) {
                    // Made only when read (``SkippedDuplicates``): a report of counts makes none.
                    if heldNamed[slot] == false {
                        stored.duplicates.hold(heldBySlot[slot]!, slot: slot, accountName: account.accountName)
                        heldNamed[slot] = true
                    }
                    stored.duplicates.appendHeld(slot: slot, index: index, reason: skipped.reason, existingId: skipped.existingId)
                } else if rows[slot].indices.contains(index) {
                    stored.duplicates.append(SkippedDuplicate(accountName: account.accountName, day: rows[slot][index].day,
                                                              amount: rows[slot][index].amount, payee: rows[slot][index].payee,
                                                              reason: skipped.reason, existingId: skipped.existingId))
                } else { continue }
                skippedCounts[slot] += 1
                if skipped.reason == .sameRowsNewIds { reissuedCounts[slot] += 1 }
                stored.skipped.append(SkippedPlace(slot: Int32(slot), index: Int32(index), accountId: account.accountId,
                                                   reason: skipped.reason, existingId: skipped.existingId))
            }
        }
        for slot in rows.indices {
            if addedCounts[slot] > 0 { stored.addedBySlot[slot] = addedCounts[slot] }
            if skippedCounts[slot] > 0 { stored.skippedBySlot[slot] = skippedCounts[slot] }
            if reissuedCounts[slot] > 0 { stored.reissuedBySlot[slot] = reissuedCounts[slot] }
        }
        stored.rows = rows
        stored.indexesToRebuild = report.indexesToRebuild
        return stored
    }
}

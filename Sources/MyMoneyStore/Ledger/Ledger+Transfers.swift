import Foundation

/// Transfer links between two legs on two of the user's accounts, and pairs the user rejected.
extension Ledger {
    /// Stores a link. A confirmed link types both legs `.transfer`; a proposed one leaves them as they are.
    ///
    /// - Throws: `.invalid` when a leg is missing, both legs are on one account, the leaving leg is not
    ///   negative or the arriving one not positive, the rate is not positive, the confidence is outside
    ///   0...1, or the pair was rejected before and the link is only proposed; `.duplicate` when a leg
    ///   already belongs to another link.
    @discardableResult
    package func linkTransfer(_ link: TransferLink) throws(LedgerError) -> TransferLink {
        try atomically { () throws(LedgerError) -> TransferLink in
            var known = try KnownLinks(self, for: [link])
            let id = try insertLink(link, from: try leg(link.fromTransactionId), to: try leg(link.toTransactionId), known: &known)
            try typeLegsOfConfirmedLinks(id...id)
            return try transfer(id: id)
        }
    }

    /// Stores many links, as ``linkTransfer(_:)`` does one by one (the same checks, in one SQL
    /// transaction), without reading each link back: what an import does with the pairs it found.
    ///
    /// - Parameter sparingHandTypedLegs: a pair with a leg whose type the user set by hand (say, by
    ///   unlinking it) is the user's decision and is left alone: its entry in the result is nil.
    /// - Returns: each link's id, in order.
    ///
    /// The legs of the confirmed links are typed `.transfer` by one statement after all are stored
    /// (nothing in the loop reads a leg's type). A statement that changes stored rows inside a
    /// savepoint (an import links inside its own SQL transaction) makes SQLite walk the
    /// savepoint's in-memory journal from its start when the statement ends, so one `UPDATE` per
    /// link made linking quadratic in the links: most of the CPU of importing the bench's
    /// 10-account 1M folder (19,596 transfers) went to that walk.
    package func linkTransfers(_ links: [TransferLink], sparingHandTypedLegs: Bool) throws(LedgerError) -> [Int64?] {
        try atomically { () throws(LedgerError) -> [Int64?] in
            var ids: [Int64?] = []
            ids.reserveCapacity(links.count)
            var known = try KnownLinks(self, for: links)
            var stored: ClosedRange<Int64>?
            for link in links {
                let from = try leg(link.fromTransactionId), to = try leg(link.toTransactionId)
                if sparingHandTypedLegs && (from.handFields.contains(.type) || to.handFields.contains(.type)) {
                    ids.append(nil)
                    continue
                }
                let id = try insertLink(link, from: from, to: to, known: &known)
                ids.append(id)
                stored = stored.map { min($0.lowerBound, id)...max($0.upperBound, id) } ?? id...id
            }
            if let stored { try typeLegsOfConfirmedLinks(stored) }
            return ids
        }
    }

    /// What a link needs to know of a leg.
    private struct Leg {
        var accountId: Int64
        var day: Day
        var amount: Amount
        var handFields: Set<TransactionField>
    }

    private func leg(_ id: Int64) throws(LedgerError) -> Leg {
        guard let found = try db.statement("SELECT account_id, day, amount_units, amount_scale, hand_fields FROM transactions WHERE id = ?")
            .rows([.integer(id)], { row throws(LedgerError) in
                Leg(accountId: row.int64(0), day: Ledger.day(row.int64(1)), amount: try Ledger.storedAmount(row.int64(2), row.int64(3)),
                    handFields: row.isNull(4) ? [] : Ledger.fields(row.text(4)))
            }).first
        else { throw .notFound("there is no transaction with id \(id)") }
        return found
    }

    /// The legs already in a link and the pairs the user rejected, among the legs of links about
    /// to be stored: read once for a whole batch instead of twice per link.
    private struct KnownLinks {
        var linkedLegs: Set<Int64> = []
        var rejected: Set<[Int64]> = []

        init(_ ledger: Ledger, for links: [TransferLink]) throws(LedgerError) {
            let legs = Set(links.flatMap { [$0.fromTransactionId, $0.toTransactionId] })
            guard !legs.isEmpty else { return }
            let stored = try ledger.db.statement("SELECT from_transaction_id, to_transaction_id FROM transfers")
                .rows { ($0.int64(0), $0.int64(1)) }
            for (from, to) in stored {
                if legs.contains(from) { linkedLegs.insert(from) }
                if legs.contains(to) { linkedLegs.insert(to) }
            }
            for (a, b) in try ledger.rejectedTransfers() where legs.contains(a) || legs.contains(b) { rejected.insert([a, b]) }
        }
    }

    /// Checks and inserts one link between `from` and `to`; returns its id. Its legs are typed by
    /// the caller (``typeLegsOfConfirmedLinks(_:)``).
    private func insertLink(_ link: TransferLink, from: Leg, to: Leg, known: inout KnownLinks) throws(LedgerError) -> Int64 {
        guard from.accountId != to.accountId else {
            throw .invalid("transfer", "both legs of a transfer are on the same account")
        }
        guard from.amount.isNegative else {
            throw .invalid("from", "the leg leaving an account should be negative; \(from.amount) on \(from.day) is not")
        }
        guard to.amount.isPositive else {
            throw .invalid("to", "the leg arriving in an account should be positive; \(to.amount) on \(to.day) is not")
        }
        if let rate = link.rate { try LedgerValidation.positive(rate, field: "rate") }
        if let fee = link.fee, fee.isNegative { throw .invalid("fee", "fee should not be negative, not \(fee)") }
        guard (0...1).contains(link.confidence) else {
            throw .invalid("confidence", "confidence should be between 0 and 1, not \(link.confidence)")
        }
        let (a, b) = Ledger.ordered(link.fromTransactionId, link.toTransactionId)
        if known.rejected.contains([a, b]) {
            guard link.status == .confirmed else {
                throw .invalid("transfer", "this pair was rejected before and is never proposed again")
            }
            try db.statement("DELETE FROM rejected_transfers WHERE first_transaction_id = ? AND second_transaction_id = ?")
                .run([.integer(a), .integer(b)])
            known.rejected.remove([a, b])
        }
        guard !known.linkedLegs.contains(link.fromTransactionId), !known.linkedLegs.contains(link.toTransactionId) else {
            throw LedgerError(.duplicate, "a leg of this transfer already belongs to another transfer", field: "transfer")
        }
        known.linkedLegs.insert(link.fromTransactionId)
        known.linkedLegs.insert(link.toTransactionId)
        try db.statement("""
            INSERT INTO transfers (from_transaction_id, to_transaction_id, rate, fee_units, fee_scale, confidence, status, reasons)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """).run([.integer(link.fromTransactionId), .integer(link.toTransactionId), .of(link.rate?.description),
                      .of(link.fee?.units), .of(link.fee.map { $0.scale }), .real(link.confidence), .text(link.status.rawValue),
                      .of(Ledger.reasonsText(link.reasons))])
        let id = db.lastInsertRowID
        return id
    }

    /// Marks a proposed link confirmed and types both legs `.transfer`.
    @discardableResult
    package func confirmTransfer(id: Int64) throws(LedgerError) -> TransferLink {
        try atomically { () throws(LedgerError) -> TransferLink in
            let link = try transfer(id: id)
            try db.statement("UPDATE transfers SET status = 'confirmed' WHERE id = ?").run([.integer(id)])
            try typeLegsAsTransfer(link)
            return try transfer(id: id)
        }
    }

    /// Removes a link; both legs get back the type their sign implies.
    package func unlinkTransfer(id: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            let link = try transfer(id: id)
            try db.statement("DELETE FROM transfers WHERE id = ?").run([.integer(id)])
            try restoreTypeFromSign(transactionId: link.fromTransactionId)
            try restoreTypeFromSign(transactionId: link.toTransactionId)
        }
    }

    /// Records that two transactions are not a transfer: any link between them is removed and the
    /// pair is never proposed again (``linkTransfer(_:)`` refuses it unless confirmed by the user).
    package func rejectTransfer(_ first: Int64, _ second: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            _ = try transaction(id: first)
            _ = try transaction(id: second)
            let links = try db.statement("""
                SELECT id FROM transfers WHERE (from_transaction_id = ?1 AND to_transaction_id = ?2)
                OR (from_transaction_id = ?2 AND to_transaction_id = ?1)
                """).rows([.integer(first), .integer(second)]) { $0.int64(0) }
            for id in links { try unlinkTransfer(id: id) }
            let (a, b) = Ledger.ordered(first, second)
            try db.statement("INSERT OR IGNORE INTO rejected_transfers (first_transaction_id, second_transaction_id) VALUES (?, ?)")
                .run([.integer(a), .integer(b)])
        }
    }

    /// Whether the user rejected this pair (in either order).
    package func isRejectedTransfer(_ first: Int64, _ second: Int64) throws(LedgerError) -> Bool {
        let (a, b) = Ledger.ordered(first, second)
        return try !db.statement("SELECT 1 FROM rejected_transfers WHERE first_transaction_id = ? AND second_transaction_id = ?")
            .rows([.integer(a), .integer(b)]) { $0.int64(0) }.isEmpty
    }

    /// Every rejected pair, smaller id first, sorted.
    package func rejectedTransfers() throws(LedgerError) -> [(Int64, Int64)] {
        try db.statement("SELECT first_transaction_id, second_transaction_id FROM rejected_transfers ORDER BY 1, 2")
            .rows { ($0.int64(0), $0.int64(1)) }
    }

    /// Stored links (only those with `status` when given), with both legs' accounts, days and amounts,
    /// by the leaving leg's day, then id.
    package func transfers(status: TransferLink.Status? = nil) throws(LedgerError) -> [TransferLink] {
        try transferRows("?1 IS NULL OR x.status = ?1", [.of(status?.rawValue)])
    }

    /// The link with this id.
    package func transfer(id: Int64) throws(LedgerError) -> TransferLink {
        guard let link = try transferRows("x.id = ?1", [.integer(id)]).first else {
            throw .notFound("there is no transfer with id \(id)")
        }
        return link
    }

    // MARK: Internals

    private func transferRows(_ condition: String, _ values: [SQLValue]) throws(LedgerError) -> [TransferLink] {
        try db.statement("""
            SELECT x.id, x.from_transaction_id, x.to_transaction_id, x.rate, x.fee_units, x.fee_scale, x.confidence, x.status,
                   f.account_id, f.day, f.amount_units, f.amount_scale, f.currency,
                   t.account_id, t.day, t.amount_units, t.amount_scale, t.currency, x.reasons
            FROM transfers x JOIN transactions f ON f.id = x.from_transaction_id JOIN transactions t ON t.id = x.to_transaction_id
            WHERE \(condition) ORDER BY f.day, x.id
            """).rows(values) { row throws(LedgerError) -> TransferLink in
                var link = TransferLink(id: row.int64(0), fromTransactionId: row.int64(1), toTransactionId: row.int64(2),
                                        rate: row.optionalText(3).flatMap { try? Amount(parsing: $0) },
                                        fee: row.isNull(4) ? nil : try Ledger.storedAmount(row.int64(4), row.int64(5)),
                                        confidence: row.double(6), status: TransferLink.Status(rawValue: row.text(7)) ?? .proposed)
                link.fromAccountId = row.int64(8)
                link.fromDay = Ledger.day(row.int64(9))
                link.fromAmount = try Ledger.storedAmount(row.int64(10), row.int64(11))
                link.fromCurrency = try Ledger.storedCurrency(row.text(12))
                link.toAccountId = row.int64(13)
                link.toDay = Ledger.day(row.int64(14))
                link.toAmount = try Ledger.storedAmount(row.int64(15), row.int64(16))
                link.toCurrency = try Ledger.storedCurrency(row.text(17))
                link.reasons = Ledger.reasons(row.optionalText(18))
                return link
            }
    }

    /// Sets the rate and fee of a stored link (after an edit of a leg's amount, or by hand).
    ///
    /// - Throws: `.invalid` for a rate that is not positive or a negative fee; `.notFound`.
    @discardableResult
    package func updateTransferTerms(id: Int64, rate: Amount?, fee: Amount?) throws(LedgerError) -> TransferLink {
        if let rate { try LedgerValidation.positive(rate, field: "rate") }
        if let fee, fee.isNegative { throw .invalid("fee", "fee should not be negative, not \(fee)") }
        return try atomically { () throws(LedgerError) -> TransferLink in
            _ = try transfer(id: id)
            try db.statement("UPDATE transfers SET rate = ?, fee_units = ?, fee_scale = ? WHERE id = ?")
                .run([.of(rate?.description), .of(fee?.units), .of(fee.map { $0.scale }), .integer(id)])
            return try transfer(id: id)
        }
    }

    /// The link a transaction is a leg of, if any.
    package func transfer(involving transactionId: Int64) throws(LedgerError) -> TransferLink? {
        try transferRows("x.from_transaction_id = ?1 OR x.to_transaction_id = ?1", [.integer(transactionId)]).first
    }

    /// Reasons as stored: one per line.
    static func reasonsText(_ reasons: [String]) -> String? {
        reasons.isEmpty ? nil : reasons.map(oneLine).joined(separator: "\n")
    }

    /// A reason on one line: its line feeds become spaces. The matcher's reasons have none, and are
    /// kept as they are without a search through Foundation (nearly all of an import's linking time
    /// on a folder of ten accounts went there).
    static func oneLine(_ reason: String) -> String {
        reason.utf8.contains(0x0A) ? reason.replacingOccurrences(of: "\n", with: " ") : reason
    }

    static func reasons(_ text: String?) -> [String] {
        text.map { $0.split(separator: "\n").map(String.init) } ?? []
    }

    private func typeLegsAsTransfer(_ link: TransferLink) throws(LedgerError) {
        try db.statement("UPDATE transactions SET type = 'transfer' WHERE id IN (?, ?)")
            .run([.integer(link.fromTransactionId), .integer(link.toTransactionId)])
    }

    /// Types `.transfer` both legs of every confirmed link whose id lies in `links` (the links one
    /// call stored: consecutive, nothing else wrote between).
    private func typeLegsOfConfirmedLinks(_ links: ClosedRange<Int64>) throws(LedgerError) {
        try db.statement("""
            UPDATE transactions SET type = 'transfer' WHERE id IN (
                SELECT from_transaction_id FROM transfers WHERE id BETWEEN ?1 AND ?2 AND status = 'confirmed'
                UNION ALL
                SELECT to_transaction_id FROM transfers WHERE id BETWEEN ?1 AND ?2 AND status = 'confirmed')
            """).run([.integer(links.lowerBound), .integer(links.upperBound)])
    }

    /// Gives a transaction no longer in a transfer the type its sign implies.
    func restoreTypeFromSign(transactionId: Int64) throws(LedgerError) {
        try db.statement("""
            UPDATE transactions SET type = CASE WHEN amount_units < 0 THEN 'expense' ELSE 'income' END
            WHERE id = ? AND type = 'transfer'
            """).run([.integer(transactionId)])
    }

    static func ordered(_ a: Int64, _ b: Int64) -> (Int64, Int64) { a < b ? (a, b) : (b, a) }
}

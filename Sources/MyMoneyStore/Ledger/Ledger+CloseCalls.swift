import Foundation

/// The transfer matcher's close calls, kept until the user decides them: an import or a match
/// reports them, and `transfers review` lists them however much the ledger changed since.
extension Ledger {
    /// Stores close calls the matcher found. One that shares a candidate pair with a close call
    /// stored before replaces it (the newer finding counts); candidates without two stored legs
    /// are left out.
    ///
    /// - Returns: the ids of the stored close calls, in order.
    @discardableResult
    package func recordCloseCalls(_ calls: [CloseCall]) throws(LedgerError) -> [Int64] {
        guard !calls.isEmpty else { return [] }
        return try atomically { () throws(LedgerError) -> [Int64] in
            let replace = try db.statement("""
                DELETE FROM transfer_close_calls WHERE id IN (SELECT close_call_id FROM transfer_close_call_candidates
                                                             WHERE from_transaction_id = ? AND to_transaction_id = ?)
                """)
            let insertCall = try db.statement("INSERT INTO transfer_close_calls (found_at) VALUES (?)")
            let insertCandidate = try db.statement("""
                INSERT INTO transfer_close_call_candidates (close_call_id, position, from_transaction_id, to_transaction_id,
                    confidence, rate, fee_units, fee_scale, reasons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            // Close calls every candidate of which is gone (its legs removed) are forgotten.
            try db.statement("""
                DELETE FROM transfer_close_calls
                WHERE NOT EXISTS (SELECT 1 FROM transfer_close_call_candidates c WHERE c.close_call_id = transfer_close_calls.id)
                """).run()
            let now = Ledger.timestamp()
            var ids: [Int64] = []
            for call in calls where !call.candidates.isEmpty {
                for c in call.candidates { try replace.run([.integer(c.fromTransactionId), .integer(c.toTransactionId)]) }
                try insertCall.run([.text(now)])
                let id = db.lastInsertRowID
                for (position, c) in call.candidates.enumerated() {
                    try insertCandidate.run([.integer(id), .integer(Int64(position)), .integer(c.fromTransactionId),
                                             .integer(c.toTransactionId), .real(c.confidence), .of(c.rate?.description),
                                             .of(c.fee?.units), .of(c.fee.map { $0.scale }), .of(Ledger.reasonsText(c.reasons))])
                }
                ids.append(id)
            }
            return ids
        }
    }

    /// The close calls still open, oldest first: each with the candidates whose two legs are
    /// still in the ledger, in no transfer and not rejected as a pair; a close call left without
    /// candidates is not listed.
    package func closeCalls() throws(LedgerError) -> [CloseCall] {
        let rows = try db.statement("""
            SELECT k.id, k.found_at, c.from_transaction_id, c.to_transaction_id, c.confidence, c.rate, c.fee_units, c.fee_scale,
                   c.reasons
            FROM transfer_close_calls k JOIN transfer_close_call_candidates c ON c.close_call_id = k.id
            WHERE NOT EXISTS (SELECT 1 FROM transfers x WHERE x.from_transaction_id IN (c.from_transaction_id, c.to_transaction_id)
                                                        OR x.to_transaction_id IN (c.from_transaction_id, c.to_transaction_id))
              AND NOT EXISTS (SELECT 1 FROM rejected_transfers r
                              WHERE r.first_transaction_id = min(c.from_transaction_id, c.to_transaction_id)
                                AND r.second_transaction_id = max(c.from_transaction_id, c.to_transaction_id))
            ORDER BY k.id, c.position
            """).rows { row throws(LedgerError) in
                (row.int64(0), row.text(1), CloseCall.Candidate(
                    fromTransactionId: row.int64(2), toTransactionId: row.int64(3), confidence: row.double(4),
                    rate: row.optionalText(5).flatMap { try? Amount(parsing: $0) },
                    fee: row.isNull(6) ? nil : try Ledger.storedAmount(row.int64(6), row.int64(7)),
                    reasons: Ledger.reasons(row.optionalText(8))))
            }
        var calls: [CloseCall] = []
        for (id, foundAt, candidate) in rows {
            if calls.last?.id == id { calls[calls.count - 1].candidates.append(candidate) }
            else { calls.append(CloseCall(id: id, foundAt: foundAt, candidates: [candidate])) }
        }
        return calls
    }
}

import Foundation
import MyMoneyImport
internal import MyMoneySQLite

/// A statement imported again, matched while its stored rows are read, none of them kept.
extension Ledger {
    /// How ``matchesOfHeldStatement(accountId:_:reading:)`` reads the stored rows.
    package enum HeldRowsReading: Sendable {
        /// Stored row k checked against candidate k as it is read (``alignedBankIdMatches``);
        /// the whole read when a row does not line up.
        case aligned
        /// Every stored row read into an ``IdentityRecord`` and matched (the plain twin).
        case whole
    }

    /// ``TransactionIdentity/matchAllByBankId(_:against:hashMask:)`` for the stored rows of
    /// `accountId` from `low` through `high` (the bank id window added), when they line up with
    /// `candidates` (every candidate with a bank id): the k-th row read, in id order, is candidate
    /// k's by bank id (the same bytes), amount (by value) and day (within the window), and the rows
    /// after the last candidate's are in id order too. Then that first rule decides every
    /// candidate alone and this is its answer, found without making a record or a String per row.
    /// Nil when they do not line up (a row more, fewer, reordered, changed): the caller reads them whole.
    ///
    /// - Complexity: O(n + m) for n candidates and m stored rows, O(n) memory (the matches).
    package func alignedBankIdMatches(accountId: Int64, _ candidates: [IdentityCandidate], from low: Day, through high: Day) throws(LedgerError) -> [IdentityMatch?]? {
        let window = TransactionIdentity.bankIdWindow
        let query = try db.statement("""
            SELECT id, day, amount_units, amount_scale, bank_id
            FROM transactions WHERE account_id = ?1 AND day BETWEEN ?2 AND ?3 AND import_day IS NULL
            UNION ALL
            SELECT id, import_day, import_units, import_scale, bank_id
            FROM transactions WHERE import_account_id = ?1 AND import_day BETWEEN ?2 AND ?3
            """)
        var matches: [IdentityMatch?] = []
        matches.reserveCapacity(candidates.count)
        var lastId = Int64.min
        var linedUp = true
        query.reset()
        query.bind([.integer(accountId), .of(low.advanced(by: -window)), .of(high.advanced(by: window))])
        defer { query.reset() }
        // Stops at the first row that does not line up.
        while linedUp, try query.step() {
            let id = query.int64(0)
            guard id > lastId else { linedUp = false; break }
            lastId = id
            let k = matches.count
            guard k < candidates.count else { continue }
            let scale = query.int64(3)
            guard (0...Int64(Amount.maximumScale)).contains(scale), let bankId = candidates[k].bankId,
                  Amount(units: query.int64(2), scale: Int(scale)) == candidates[k].amount,
                  abs(Ledger.day(query.int64(1)).distance(to: candidates[k].day)) <= window,
                  query.textIs(4, bankId) else { linedUp = false; break }
            matches.append(IdentityMatch(existingId: id, reason: .sameBankId))
        }
        return linedUp && matches.count == candidates.count ? matches : nil
    }
}

extension PreparedStatement {
    /// Whether a text column holds exactly the UTF-8 bytes of `text` (false for NULL), without
    /// making a String. Equal bytes are equal Strings; different bytes may still be canonically
    /// equal Strings, which a caller must allow for.
    func textIs(_ column: Int32, _ text: String) -> Bool {
        guard let bytes = sqlite3_column_text(pointer, column) else { return false }
        let count = Int(sqlite3_column_bytes(pointer, column))
        var text = text
        return text.withUTF8 { utf8 in
            utf8.count == count && (count == 0 || memcmp(utf8.baseAddress!, bytes, count) == 0)
        }
    }
}

import MyMoneyImport

/// A statement the store is writing: its account, its place in the report, and what it decided
/// for every one of its rows before writing the first (which are already stored, with their
/// occurrence numbers and text keys).
///
/// A statement handed whole is opened and written at once; one handed in parts
/// (``ImportStatement/continues``) stays open from its first part, which carries the identities
/// of all its rows, to its last. Its duplicates are decided once, against the rows stored before
/// it, so a part never finds the rows of an earlier part of the same statement: two identical
/// rows on one day are two transactions whichever parts they fall in.
struct OpenStatement {
    var accountId: Int64
    var account: Account
    /// The account's entry in the import report.
    var slot: Int
    /// By place in the whole statement, the rows' text keys (empty when every row was matched by
    /// bank id and nothing is written): all that is left of their identities once the duplicates
    /// are decided, in 16 bytes a row where an identity is 56 (a million rows: 40 MB less held
    /// through the store).
    var textKeys: [String]
    var occurrences: [Int]
    var matches: RowMatches
    /// Rows of the statement handled so far (the place of the next part's first row).
    var offset = 0
    /// Balances of the parts handled so far (stored once the last part is written).
    var balances: [StatementBalance] = []

    /// Lets go of the text key of the row at `place` once it is written (SQLite copied it): a
    /// million keys of payee and memo, some 80 MB, no longer all held until the last row is in.
    mutating func releaseTextKey(at place: Int) {
        textKeys[place] = ""
    }
}

/// Which stored row each row of a statement is (nil: a new one), by place in the statement;
/// only their count when every row is new (a first import of a million rows held a million
/// nils, 16 MB, through its store).
struct RowMatches {
    private let found: [IdentityMatch?]
    let count: Int

    init(_ found: [IdentityMatch?]) {
        self.found = found
        count = found.count
    }

    private init(newRows count: Int) {
        found = []
        self.count = count
    }

    static func allNew(_ count: Int) -> RowMatches { RowMatches(newRows: count) }

    subscript(place: Int) -> IdentityMatch? { found.isEmpty ? nil : found[place] }

    /// How many rows are new.
    var newCount: Int { found.isEmpty ? count : found.count { $0 == nil } }
}

extension Ledger {
    /// Opens `statement` (a whole one or the first of its parts): finds its account and report
    /// entry, and decides for each of its rows whether the ledger holds it already.
    ///
    /// - Complexity: O(n + m) for n rows and m stored rows of the account around their days
    ///   (see ``TransactionIdentity``).
    func openStatement(_ statement: ImportStatement, trustIds: Bool, accounts: inout [Int64: Account],
                       reports: inout [AccountImportReport], reportIndex: inout [Int64: Int]) throws(LedgerError) -> OpenStatement {
        let account: Account
        if let known = accounts[statement.accountId] { account = known } else {
            account = try self.account(id: statement.accountId)
            accounts[statement.accountId] = account
        }
        let slot: Int
        if let known = reportIndex[statement.accountId] { slot = known } else {
            slot = reports.count
            reportIndex[statement.accountId] = slot
            reports.append(AccountImportReport(accountId: statement.accountId, accountName: account.name))
        }
        // Held whole before conversion: its matches come with it (``ImportStatement/heldRows``).
        if statement.heldRows != nil {
            return OpenStatement(accountId: statement.accountId, account: account, slot: slot, textKeys: [], occurrences: [], matches: RowMatches([]))
        }
        if statement.continues && statement.identities == nil {
            throw LedgerError(.storage, "the first part of a statement came without the identities of its rows")
        }
        let rows = statement.transactions
        let identities = statement.identities
        let count = identities?.count ?? rows.count
        let days = identities.map { ids in Ledger.dayRange(ids.count) { ids[$0].day } } ?? Ledger.dayRange(rows.count) { rows[$0].day }
        let withBankIds = count > 0 && (identities.map { $0.allSatisfy { $0.bankId != nil } } ?? rows.allSatisfy { $0.bankId != nil })
        // Rows that all have bank ids are tried by them alone first, on stored rows read without their text keys.
        var stored = try days.map { (d) throws(LedgerError) in
            try identityRecords(accountId: statement.accountId, days: d, textKeys: !withBankIds)
        } ?? []
        if withBankIds {
            let byBankId = identities ?? rows.map { IdentityCandidate(day: $0.day, amount: $0.amount, bankId: $0.bankId, textKey: "") }
            if let all = TransactionIdentity.matchAllByBankId(byBankId, against: stored) {
                // Every row is a stored one by its bank id (a statement imported again): nothing
                // is inserted, so no text key or occurrence is needed, and no id was re-issued.
                return OpenStatement(accountId: statement.accountId, account: account, slot: slot, textKeys: [],
                                     occurrences: [], matches: RowMatches(all))
            }
            if let decided = TransactionIdentity.matchNewAmongBankIds(byBankId, against: stored) {
                // New rows among stored ones, every stored row with a bank id: rule 1 decides alone
                // (no stored text key is read); the new rows need their text keys and occurrences.
                let candidates = identities ?? rows.map(IdentityCandidate.init)
                return OpenStatement(accountId: statement.accountId, account: account, slot: slot, textKeys: candidates.map(\.textKey),
                                     occurrences: TransactionIdentity.occurrences(of: candidates), matches: RowMatches(decided))
            }
        }
        if withBankIds && !stored.isEmpty, let d = days {
            stored = try identityRecords(accountId: statement.accountId, days: d, textKeys: true)
        }
        let candidates = identities ?? rows.map(IdentityCandidate.init)
        // Nothing stored near its days (a first import): every row is new, and no match is looked for.
        var matches = RowMatches.allNew(candidates.count)
        if !stored.isEmpty {
            var found = TransactionIdentity.match(candidates, against: stored)
            if !trustIds, let reissued = ReissuedIdCheck.match(candidates, against: stored, matches: found) {
                found = reissued
            }
            matches = RowMatches(found)
        }
        return OpenStatement(accountId: statement.accountId, account: account, slot: slot, textKeys: candidates.map(\.textKey),
                             occurrences: TransactionIdentity.occurrences(of: candidates), matches: matches)
    }
}

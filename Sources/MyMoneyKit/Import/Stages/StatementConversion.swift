import Foundation
import MyMoneyReconcile
import MyMoneyImport
/// Turns a statement's transactions into ledger transactions for one account.
public enum StatementConversion {
    /// One ledger transaction per statement transaction, in statement order, with the fields the
    /// source gave (category, tags, transfer hints, splits) carried over.
    ///
    /// Every transaction must be in the account's currency (the import refuses others before this).
    public static func ledgerTransactions(from statement: Statement, account: Account) -> [LedgerTransaction] {
        statement.transactions.map { ledgerTransaction($0, of: statement.source, account: account) }
    }

    /// One statement transaction of `source` as ``ledgerTransactions(from:account:)`` converts it.
    static func ledgerTransaction(_ t: StatementTransaction, of source: StatementSource, account: Account) -> LedgerTransaction {
        var extra = t.extra
        if let c = t.currency, c != account.currency { extra.append(StatementField("currency", c.code)) }
        return LedgerTransaction(
            accountId: account.id ?? 0, day: t.day, amount: atMinorUnits(t.amount, account.currency), currency: account.currency,
            originalPayee: t.payee.map(clean), memo: t.memo.map(clean), type: nil,
            category: t.category.flatMap { CategoryPath(parsing: $0) }, tags: t.tags,
            bankId: t.id.flatMap { $0.isEmpty ? nil : $0 }, bankType: t.bankType, checkNumber: t.checkNumber,
            transferHint: t.transferAccount, splits: t.splits, extra: extra,
            sourceFormat: source.format, sourceFile: source.file, sourceLine: t.position?.line)
    }

    /// One statement converted for its account, with the balances it brings.
    struct Converted: Sendable {
        var transactions: [LedgerTransaction]
        /// The balances worth storing, and the problems their checks found.
        var balances: [StatementBalance]
        var balanceProblems: [Diagnostic]
        /// The statement's running-balance chain, for reconciling (its breaks and reordered days;
        /// the rows themselves are let go).
        var chain: RunningBalanceChain?
        /// A statement the ledger holds whole: its rows kept as read, `transactions` empty.
        var held: HeldStatement?
    }

    /// Import stage 3: the placed statements' transactions as ledger transactions in their
    /// accounts' currencies, with the balances to store. A few statements at a time are
    /// converted, one per core, and each statement lets go of its transactions and running
    /// balances once converted (they would otherwise be held twice).
    ///
    /// - Throws: ``ImportFailure`` when a statement or one of its rows is in another currency than
    ///   its account (amounts are never relabeled).
    /// `findHeld` (``HeldStatement/matches(of:ledger:)``), when given, names the statements the
    /// ledger holds whole: those are not converted (their rows move into ``Converted/held`` as
    /// read); their balances are checked as any statement's. A lone statement is looked up on this
    /// thread while its balances are checked on another.
    static func convert(_ statements: inout [ImportedStatement], findHeld: HeldLookup? = nil) throws -> [Converted] {
        for imported in statements {
            if let c = imported.statement.account.currency, c != imported.account.currency {
                throw ImportFailure(file: imported.statement.source.file,
                                    message: "the statement is in \(c.code) but the account \(imported.account.name) is in \(imported.account.currency.code)")
            }
            if let row = imported.statement.transactions.first(where: { $0.currency.map { $0 != imported.account.currency } ?? false }),
               let currency = row.currency {
                let line = row.position.map { " on line \($0.line)" } ?? ""
                throw ImportFailure(file: imported.statement.source.file,
                                    message: "a transaction\(line) is in \(currency.code) but the account \(imported.account.name) is in \(imported.account.currency.code): amounts are never relabeled; split the file by currency and import each part with --account NAME of an account in that currency")
            }
        }
        if statements.count == 1, let findHeld {
            let converted = try convertAlongside(statements[0], findHeld: findHeld)
            statements[0].statement.transactions = []
            statements[0].statement.balances.removeAll { $0.kind == .running }
            return [converted]
        }
        let held = try findHeld?(statements) ?? [:]
        var converted: [Converted] = []
        converted.reserveCapacity(statements.count)
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var first = 0
        while first < statements.count {
            let group = Array(statements[first..<min(statements.count, first + cores)])
            if group.count == 1, let h = held[first] {
                converted.append(convertHeld(group[0], matches: h.matches, days: h.days, ruled: h.ruled))
            } else if held.isEmpty || !(first..<first + group.count).contains(where: { held[$0] != nil }) {
                // A statement alone (the usual single-file import) has its two halves done side by side.
                converted += group.count == 1 ? [try convertAlongside(group[0])] : Concurrently.map(group, convert)
            } else {
                let slotted = Array(zip(first..<first + group.count, group))
                converted += Concurrently.map(slotted) { slot, imported in
                    held[slot].map { convertHeld(imported, matches: $0.matches, days: $0.days, ruled: $0.ruled) } ?? convert(imported)
                }
            }
            for s in first..<min(statements.count, first + cores) {
                statements[s].statement.transactions = []
                statements[s].statement.balances.removeAll { $0.kind == .running }
            }
            first += cores
        }
        return converted
    }

    /// One statement converted (see ``convert(_:)``).
    static func convert(_ imported: ImportedStatement) -> Converted {
        let checkpoints = StatementCheckpoints(imported.statement)
        let (balances, problems) = LedgerReconciliation.balancesToStore(for: imported.statement, checkpoints: checkpoints)
        var chain = checkpoints.chain
        chain?.rows = []
        return Converted(transactions: ledgerTransactions(from: imported.statement, account: imported.account),
                         balances: balances, balanceProblems: problems, chain: chain)
    }

    /// Which statements (by slot) the ledger holds whole, their matches and days, and what the
    /// rules leave behind of their rows.
    typealias HeldLookup = ([ImportedStatement]) throws -> [Int: (matches: [IdentityMatch?], days: ClosedRange<Day>, ruled: HeldRuleEffects)]

    /// A statement the ledger holds whole: its balances checked, its rows kept as read.
    static func convertHeld(_ imported: ImportedStatement, matches: [IdentityMatch?], days: ClosedRange<Day>,
                            ruled: HeldRuleEffects = HeldRuleEffects()) -> Converted {
        let checkpoints = StatementCheckpoints(imported.statement)
        let (balances, problems) = LedgerReconciliation.balancesToStore(for: imported.statement, checkpoints: checkpoints)
        var chain = checkpoints.chain
        chain?.rows = []
        let rows = HeldStatement(rows: imported.statement.transactions, source: imported.statement.source,
                                 account: imported.account, matches: matches, days: days, ruled: ruled)
        return Converted(transactions: [], balances: balances, balanceProblems: problems, chain: chain, held: rows)
    }

    /// ``convert(_:)`` with the balance checks on another core while the rows are converted here
    /// (first looked up with `findHeld`, when given: a statement the ledger holds is not converted).
    static func convertAlongside(_ imported: ImportedStatement, findHeld: HeldLookup? = nil) throws -> Converted {
        let statement = imported.statement
        let (checked, rows) = try Concurrently.alongside({ () -> ([StatementBalance], [Diagnostic], RunningBalanceChain?) in
            let checkpoints = StatementCheckpoints(statement)
            let (balances, problems) = LedgerReconciliation.balancesToStore(for: statement, checkpoints: checkpoints)
            var chain = checkpoints.chain
            chain?.rows = []
            return (balances, problems, chain)
        }) { () throws -> (transactions: [LedgerTransaction], held: HeldStatement?) in
            if let h = try findHeld?([imported])[0] {
                return ([], HeldStatement(rows: imported.statement.transactions, source: imported.statement.source,
                                          account: imported.account, matches: h.matches, days: h.days, ruled: h.ruled))
            }
            return (ledgerTransactions(from: imported.statement, account: imported.account), nil)
        }
        return Converted(transactions: rows.transactions, balances: checked.0, balanceProblems: checked.1, chain: checked.2, held: rows.held)
    }

    /// The amount written with at least the currency's minor units (`-1.5` EUR becomes `-1.50`);
    /// exact, never rounded.
    static func atMinorUnits(_ amount: Amount, _ currency: Currency) -> Amount {
        guard let digits = currency.minorUnits, amount.scale < digits else { return amount }
        return (try? amount.rescaled(to: digits)) ?? amount
    }

    /// Collapses runs of white space and trims: bank text is often padded.
    static func clean(_ text: String) -> String {
        if isClean(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for ch in text {
            if ch.isWhitespace { pendingSpace = !out.isEmpty; continue }
            if pendingSpace { out.append(" "); pendingSpace = false }
            out.append(ch)
        }
        return out
    }

    /// Whether `text` is ASCII without white space other than single inner spaces: then `clean`
    /// would return it unchanged (the common case, checked without making a new String).
    static func isClean(_ text: String) -> Bool {
        var previousWasSpace = true // a leading space needs cleaning
        for byte in text.utf8 {
            if byte >= 0x80 || (byte >= 0x09 && byte <= 0x0D) { return false }
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
        }
        return !previousWasSpace || text.isEmpty
    }
}


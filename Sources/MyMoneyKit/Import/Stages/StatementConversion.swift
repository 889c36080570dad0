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
    ///
    /// Its texts and arrays are taken over, not copied (``MovingConversion`` hands each row over
    /// this way); a caller that keeps `t` pays for a copy of it.
    static func ledgerTransaction(_ t: consuming StatementTransaction, of source: StatementSource, account: Account) -> LedgerTransaction {
        var extra = taken(&t.extra)
        if let c = t.currency, c != account.currency { extra.append(StatementField("currency", c.code)) }
        let id = t.id.take()
        return LedgerTransaction(
            accountId: account.id ?? 0, day: t.day, amount: atMinorUnits(t.amount, account.currency), currency: account.currency,
            originalPayee: cleaned(t.payee.take()), memo: cleaned(t.memo.take()), type: nil,
            category: t.category.flatMap { CategoryPath(parsing: $0) }, tags: taken(&t.tags),
            bankId: id?.isEmpty == false ? id : nil, bankType: t.bankType.take(), checkNumber: t.checkNumber.take(),
            transferHint: t.transferAccount.take(), splits: taken(&t.splits), extra: extra,
            sourceFormat: source.format, sourceFile: source.file, sourceLine: t.position?.line)
    }

    /// The array in `array`, taken out (left empty): moved, where a read would be a copy.
    private static func taken<Element>(_ array: inout [Element]) -> [Element] {
        var out: [Element] = []
        swap(&out, &array)
        return out
    }

    /// ``clean(_:)`` of a text taken over: a clean text is handed on as it is.
    private static func cleaned(_ text: consuming String?) -> String? {
        guard let text = text.take() else { return nil }
        return isClean(text) ? text : clean(text)
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
        /// The identity of every row, in order, made beside the conversion (``MovingConversion``)
        /// when the rules cannot change what identifies a row; nil: the store makes them.
        var identities: [IdentityCandidate]?
    }

    /// A statement's balances worth storing, the problems their checks found, and its
    /// running-balance chain without its rows (what reconciling needs of it). Reads the rows
    /// (their days and amounts); both ways of converting check balances through here.
    static func balanceChecks(_ statement: Statement) -> (balances: [StatementBalance], problems: [Diagnostic], chain: RunningBalanceChain?) {
        let checkpoints = StatementCheckpoints(statement)
        let (balances, problems) = LedgerReconciliation.balancesToStore(for: statement, checkpoints: checkpoints)
        var chain = checkpoints.chain
        chain?.rows = []
        return (balances, problems, chain)
    }

    /// Import stage 3: the placed statements' transactions as ledger transactions in their
    /// accounts' currencies, with the balances to store. A few statements at a time are
    /// converted, one per core, and each statement lets go of its transactions and running
    /// balances once converted (they would otherwise be held twice).
    ///
    /// - Throws: ``ImportFailure`` from ``checkCurrencies(_:)``.
    /// `findHeld` (``HeldStatement/matches(of:ledger:)``), when given, names the statements the
    /// ledger holds whole: those are not converted (their rows move into ``Converted/held`` as
    /// read); their balances are checked as any statement's. A lone statement is looked up on this
    /// thread while its balances are checked on another.
    /// `moving` converts through ``MovingConversion`` (every row moved, on every core, and the
    /// first statement's identities made when `identities`); false is its plain twin, below.
    static func convert(_ statements: inout [ImportedStatement], findHeld: HeldLookup? = nil,
                        moving: Bool = false, identities: Bool = false) throws -> [Converted] {
        try checkCurrencies(statements)
        if moving { return try MovingConversion.convert(&statements, findHeld: findHeld, identities: identities) }
        if statements.count == 1, let findHeld {
            let converted = try convertAlongside(statements[0], findHeld: findHeld)
            letGoOfRows(&statements[0].statement)
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
                letGoOfRows(&statements[s].statement)
            }
            first += cores
        }
        return converted
    }

    /// What a converted statement lets go of: its rows and its running balances (one a row in a
    /// file with a balance column). The balances left are a new array: `removeAll(where:)` kept
    /// the old one's storage, a million running balances' worth, for the rest of the import.
    static func letGoOfRows(_ statement: inout Statement) {
        statement.transactions = []
        if statement.balances.contains(where: { $0.kind == .running }) {
            statement.balances = statement.balances.filter { $0.kind != .running }
        }
    }

    /// - Throws: ``ImportFailure`` when a statement or one of its rows is in another currency than
    ///   its account (amounts are never relabeled).
    static func checkCurrencies(_ statements: [ImportedStatement]) throws {
        for imported in statements {
            if let c = imported.statement.account.currency, c != imported.account.currency {
                throw ImportFailure(file: imported.statement.source.file,
                                    message: "the statement is in \(c.code) but the account \(imported.account.name) is in \(imported.account.currency.code)")
            }
            // By index: `first(where:)` copied every row it looked at (a retain per text).
            let rows = imported.statement.transactions
            if let r = rows.indices.first(where: { rows[$0].currency.map { $0 != imported.account.currency } ?? false }),
               let currency = rows[r].currency {
                let line = rows[r].position.map { " on line \($0.line)" } ?? ""
                throw ImportFailure(file: imported.statement.source.file,
                                    message: "a transaction\(line) is in \(currency.code) but the account \(imported.account.name) is in \(imported.account.currency.code): amounts are never relabeled; split the file by currency and import each part with --account NAME of an account in that currency")
            }
        }
    }

    /// One statement converted (see ``convert(_:)``).
    static func convert(_ imported: ImportedStatement) -> Converted {
        let checked = balanceChecks(imported.statement)
        return Converted(transactions: ledgerTransactions(from: imported.statement, account: imported.account),
                         balances: checked.balances, balanceProblems: checked.problems, chain: checked.chain)
    }

    /// Which statements (by slot) the ledger holds whole, their matches and days, and what the
    /// rules leave behind of their rows.
    typealias HeldLookup = ([ImportedStatement]) throws -> [Int: HeldFound]
    typealias HeldFound = (matches: [IdentityMatch?], days: ClosedRange<Day>, ruled: HeldRuleEffects)

    /// A statement the ledger holds whole: its balances checked, its rows kept as read.
    static func convertHeld(_ imported: ImportedStatement, matches: [IdentityMatch?], days: ClosedRange<Day>,
                            ruled: HeldRuleEffects = HeldRuleEffects()) -> Converted {
        let checked = balanceChecks(imported.statement)
        let rows = HeldStatement(rows: imported.statement.transactions, source: imported.statement.source,
                                 account: imported.account, matches: matches, days: days, ruled: ruled)
        return Converted(transactions: [], balances: checked.balances, balanceProblems: checked.problems, chain: checked.chain, held: rows)
    }

    /// ``convert(_:)`` with the balance checks on another core while the rows are converted here
    /// (first looked up with `findHeld`, when given: a statement the ledger holds is not converted).
    static func convertAlongside(_ imported: ImportedStatement, findHeld: HeldLookup? = nil) throws -> Converted {
        let statement = imported.statement
        let (checked, rows) = try Concurrently.alongside({ balanceChecks(statement) }) { () throws -> (transactions: [LedgerTransaction], held: HeldStatement?) in
            if let h = try findHeld?([imported])[0] {
                return ([], HeldStatement(rows: imported.statement.transactions, source: imported.statement.source,
                                          account: imported.account, matches: h.matches, days: h.days, ruled: h.ruled))
            }
            return (ledgerTransactions(from: imported.statement, account: imported.account), nil)
        }
        return Converted(transactions: rows.transactions, balances: checked.balances, balanceProblems: checked.problems, chain: checked.chain, held: rows.held)
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
    /// Read from the text's contiguous bytes (every native String has them).
    static func isClean(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { isClean(bytes: $0) } ?? Array(text.utf8).withUnsafeBufferPointer { isClean(bytes: $0) }
    }

    private static func isClean(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previousWasSpace = true // a leading space needs cleaning
        for byte in bytes {
            if byte >= 0x80 || (byte >= 0x09 && byte <= 0x0D) { return false }
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
        }
        return !previousWasSpace || bytes.isEmpty
    }
}


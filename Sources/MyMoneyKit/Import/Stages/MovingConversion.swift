import MyMoneyImport

/// Import stage 3 with every row moved, not copied: each statement's rows are taken out of it and
/// converted where they lie, every core on a run of them of its own, written straight into one
/// array in statement order (no halves joined afterwards).
///
/// Before any row moves, the balance checks read the rows, and a statement the ledger holds whole
/// (`findHeld`) is looked up beside them and hands its rows over as read. Once the first
/// statement's rows are converted, their identities are made from the converted rows, every core
/// on a run of them (``identities(of:)``: the store needs them before it writes that statement's
/// first row and waits for them; those of later statements are made by the rules while the store
/// writes the statement before, and made here every statement's would be held at once). Made
/// from the rows as read, before the conversion, their text keys were held beside both the rows
/// as read and the converted ones: on a million-row CSV, the import's peak, 730 MB.
///
/// What a caller must know: the statements let go of their rows and running balances (as with
/// the plain way). Identities are right only when the rules cannot change what identifies a row
/// (``RuleStage/handsOnInParts(_:)``, or no rules): the caller decides.
/// The plain twin is ``StatementConversion/convert(_:findHeld:moving:identities:)`` with
/// `moving` false (``ImportRequest/convertByMoving``); `MovingConversionTests` compares the two.
enum MovingConversion {
    typealias Checked = (balances: [StatementBalance], problems: [Diagnostic], chain: RunningBalanceChain?)

    /// The placed statements converted, in order (see ``StatementConversion/convert(_:findHeld:moving:identities:)``).
    ///
    /// - Complexity: O(n) in the rows, spread over the machine's cores.
    static func convert(_ statements: inout [ImportedStatement], findHeld: StatementConversion.HeldLookup?,
                        identities: Bool) throws -> [StatementConversion.Converted] {
        // Handed over, so nothing holds the rows once the checks are done: a row that moves
        // while another reference to its array is alive would copy the whole array first.
        let toCheck = Handoff(statements.map(\.statement))
        let (checks, found) = try Concurrently.alongside({ Concurrently.map(toCheck.take() ?? [], StatementConversion.balanceChecks) }) {
            () throws -> (held: [Int: StatementConversion.HeldFound], first: Int?) in
            let held = try findHeld?(statements) ?? [:]
            return (held, identities ? statements.indices.first { !statements[$0].statement.transactions.isEmpty && held[$0] == nil } : nil)
        }
        var converted: [StatementConversion.Converted] = []
        converted.reserveCapacity(statements.count)
        for slot in statements.indices {
            var rows: [StatementTransaction] = []
            swap(&rows, &statements[slot].statement.transactions)
            StatementConversion.letGoOfRows(&statements[slot].statement)
            let imported = statements[slot], checked = checks[slot]
            var c = StatementConversion.Converted(transactions: [], balances: checked.balances, balanceProblems: checked.problems, chain: checked.chain)
            if let h = found.held[slot] {
                c.held = HeldStatement(rows: rows, source: imported.statement.source, account: imported.account,
                                       matches: h.matches, days: h.days, ruled: h.ruled)
            } else {
                c.transactions = moved(&rows, of: imported.statement.source, account: imported.account)
                if slot == found.first { c.identities = MovingConversion.identities(of: c.transactions) }
            }
            converted.append(c)
        }
        return converted
    }

    /// `rows` converted for `account` by moving each out (the array is left empty); one run of
    /// rows per core.
    static func moved(_ rows: inout [StatementTransaction], of source: StatementSource, account: Account) -> [LedgerTransaction] {
        let count = rows.count
        // What a row leaves behind once moved out: a value without references, dropped with the array.
        let filler = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)
        let transactions = rows.withUnsafeMutableBufferPointer { from in
            let from = Places(from.baseAddress)
            return [LedgerTransaction](unsafeUninitializedCapacity: count) { to, initialized in
                let to = Places(to.baseAddress)
                Concurrently.forEachRun(of: count) { run in
                    guard let from = from.base, let to = to.base else { return }
                    for i in run {
                        (to + i).initialize(to: StatementConversion.ledgerTransaction((from + i).move(), of: source, account: account))
                        (from + i).initialize(to: filler)
                    }
                }
                initialized = count
            }
        }
        rows = []
        return transactions
    }

    /// The identities of converted `rows` (``IdentityCandidate/init(at:)``, read in place), one run
    /// of rows per core.
    static func identities(of rows: [LedgerTransaction]) -> [IdentityCandidate] {
        let count = rows.count
        return rows.withUnsafeBufferPointer { from in
            let from = Places(UnsafeMutablePointer(mutating: from.baseAddress))
            return [IdentityCandidate](unsafeUninitializedCapacity: count) { to, initialized in
                let to = Places(to.baseAddress)
                Concurrently.forEachRun(of: count) { run in
                    guard let from = from.base, let to = to.base else { return }
                    for i in run { (to + i).initialize(to: IdentityCandidate(at: from + i)) }
                }
                initialized = count
            }
        }
    }

    /// Where runs on other cores read or write, each at indices of its own only.
    private struct Places<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>?
        init(_ base: UnsafeMutablePointer<Element>?) { self.base = base }
    }
}

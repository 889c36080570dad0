import MyMoneyImport
import MyMoneyRules
import MyMoneyStore

/// What running the rules on the rows of a statement the ledger holds whole leaves behind, though
/// every row is skipped: found by running them only on the rows a rule with such an effect may
/// act on (``RuleScreen``), so a re-import with rules goes to the store held (``HeldStatement``).
///
/// A skipped row loses what the rules did to it, except (as the full path has it, rules on every
/// row converted, ``ImportRequest/duplicatesBeforeConversion`` false: the plain twin):
/// - its payee, shown in the duplicates' list and by the reconciler (``payees``);
/// - a `transfer` into an account without statements: its counter-leg is offered to the store,
///   a duplicate in turn when an earlier import made it, new when the rule is (``counterLegs``);
/// - a category the ledger lacks: the import creates it (``categoriesToCreate``);
/// - `ignore`: an ignored row is not a duplicate; and a regex that gives up warns for its row.
///   A statement where a rule may ignore a row, or a regex may give up, is not held (nil).
///
/// `HeldRuleEffectsTests` holds the held path to the plain twin on generated statements and rules.
struct HeldRuleEffects: Sendable {
    /// By row: the payee as the rules leave it, where they change it.
    var payees: [Int: String] = [:]
    /// Rows a rule marked as a transfer that asks for a counter-leg: the row as the rules left it.
    var counterLegs: [(index: Int, leg: LedgerTransaction, mark: TransferMark)] = []
    var categoriesToCreate: Set<CategoryPath> = []

    /// Rows screened at a time on one core.
    static let screenedPart = 100_000

    /// The fields ``lightRow(_:in:)`` gives as the import's conversion does.
    static let lightFields: Set<RuleField> = [.payee, .originalPayee, .memo, .notes, .text, .bankType, .checkNumber, .account, .accountKind,
                                              .currency, .type, .amount, .absoluteAmount, .date, .dayOfMonth, .month, .weekday]

    /// The row as ``StatementConversion/ledgerTransaction(_:of:account:)`` converts it, but only
    /// the ``lightFields`` (what the screen reads, when its rules read no other): no copies of
    /// the row's other texts.
    static func lightRow(_ t: StatementTransaction, in account: Account) -> LedgerTransaction {
        LedgerTransaction(accountId: account.id ?? 0, day: t.day, amount: StatementConversion.atMinorUnits(t.amount, account.currency),
                          currency: account.currency, originalPayee: t.payee.map(StatementConversion.clean),
                          memo: t.memo.map(StatementConversion.clean), bankType: t.bankType, checkNumber: t.checkNumber)
    }

    /// At least the longest text, in UTF-8 bytes, of the row as converted (cleaning only shortens
    /// payee and memo; a category is read from its text; the currency added to the extras is
    /// three letters, under the floor of 64 the screen counts for the fields it does not list).
    static func longestText(_ t: StatementTransaction, of source: StatementSource, in account: Account) -> Int {
        var longest = max(64, account.name.utf8.count, source.file.utf8.count, source.format.utf8.count)
        func see(_ text: String?, times: Int = 1) { if let text { longest = max(longest, times * text.utf8.count) } }
        see(t.payee); see(t.memo); see(t.id); see(t.bankType); see(t.checkNumber); see(t.category, times: 2); see(t.transferAccount)
        for tag in t.tags { see(tag) }
        for field in t.extra { see(field.value) }
        return longest
    }

    /// Whether a rule's effect on a row outlives the row when the store skips it (see above), for
    /// the ledger `context` describes: its categories folded once, not once per rule and part.
    static func outlivesSkippedRow(context: RuleContext) -> @Sendable (CompiledRule) -> Bool {
        let existing = Set(context.categories.map { $0.description.lowercased() })
        let withoutStatements = Set(context.accountsWithoutStatements.map { $0.lowercased() })
        return { rule in
            let targets = rule.targets
            return targets.contains(.payee) || targets.contains(.ignored)
                || rule.transferAccounts.contains { withoutStatements.contains($0.lowercased()) }
                || rule.categories.contains { !existing.contains($0.description.lowercased()) }
        }
    }

    /// The effects of `rules` on the rows of `held` (in its account, one of `accounts`), or nil
    /// when the rules must run on every row of it (the statement is not held then).
    ///
    /// - Complexity: O(rows) literal scans; the rules run on the rows the screen lets through only.
    static func of(_ held: ImportedStatement, rules: CompiledRuleSet, context: RuleContext, accounts: [Account]) -> HeldRuleEffects? {
        let account = accounts.first { $0.id != nil && $0.id == held.account.id } ?? held.account
        let statement = held.statement, into = held.account
        let outlives = outlivesSkippedRow(context: context)
        let first = RuleScreen(rules, context: context, wanted: outlives)
        let light = first.fieldsRead.isSubset(of: lightFields), safe = first.longestSafeText
        // Screened part by part, one part per core at a time: nil for a part with a text too long.
        let parts = stride(from: 0, to: statement.transactions.count, by: screenedPart).map { $0..<min(statement.transactions.count, $0 + screenedPart) }
        let screened = Concurrently.map(parts) { part -> [(place: Int, row: LedgerTransaction)]? in
            var screen = RuleScreen(rules, context: context, wanted: outlives)
            var through: [(place: Int, row: LedgerTransaction)] = []
            return statement.transactions.withUnsafeBufferPointer { rows in
                for i in part {
                    guard longestText(rows[i], of: statement.source, in: account) <= safe else { return nil }
                    let row = light ? lightRow(rows[i], in: into) : StatementConversion.ledgerTransaction(rows[i], of: statement.source, account: into)
                    if screen.mayAct(on: row, account: account) {
                        through.append((i, light ? StatementConversion.ledgerTransaction(rows[i], of: statement.source, account: into) : row))
                    }
                }
                return through
            }
        }
        var effects = HeldRuleEffects()
        var places: [Int] = []
        var rows: [LedgerTransaction] = []
        for part in screened {
            guard let part else { return nil }
            for (place, row) in part {
                places.append(place)
                rows.append(row)
            }
        }
        if rows.isEmpty { return effects }
        let before = rows.map(\.payee)
        let run = rules.apply(inPlace: &rows, range: rows.indices, accounts: accounts, context: context)
        guard run.ignored.isEmpty, run.diagnostics.isEmpty else { return nil }
        effects.categoriesToCreate = Set(run.categoriesToCreate)
        for mark in run.transfers where mark.createsOtherLeg {
            effects.counterLegs.append((places[mark.transaction], rows[mark.transaction], mark))
        }
        for k in rows.indices where rows[k].payee != before[k] {
            guard let payee = rows[k].payee else { return nil }
            effects.payees[places[k]] = payee
        }
        return effects
    }
}

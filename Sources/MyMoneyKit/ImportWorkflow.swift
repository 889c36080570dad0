import Foundation
import MyMoneyImport
import MyMoneyRules
import MyMoneyStore
import MyMoneyTransfers
import MyMoneyReconcile

/// What a user asks `mymoney import` to do.
public struct ImportRequest: Sendable {
    public var paths: [String]
    /// `--account NAME`: every statement goes into this account.
    public var accountName: String?
    /// `--as FORMAT`: read every file as this format.
    public var format: String?
    public var readOptions: ReadOptions
    /// `--dry-run`: do everything, report it, keep nothing.
    public var dryRun: Bool
    /// Accounts declared by the user (`Rules/accounts.csv`), created before statements are placed.
    public var accountBook: AccountBook
    /// Transfers at or above this confidence are linked as confirmed; below it they wait for review.
    public var confirmThreshold: Double
    /// Reference exchange rates for cross-currency transfers (`--rates FILE`).
    public var rates: [ExchangeRate] = []

    /// Transfers matched with at least this confidence are confirmed without asking.
    public static let defaultConfirmThreshold = 0.7

    public init(paths: [String], accountName: String? = nil, format: String? = nil, readOptions: ReadOptions = ReadOptions(),
                dryRun: Bool = false, accountBook: AccountBook = AccountBook(), confirmThreshold: Double = ImportRequest.defaultConfirmThreshold) {
        self.accountBook = accountBook
        self.paths = paths
        self.accountName = accountName
        self.format = format
        self.readOptions = readOptions
        self.dryRun = dryRun
        self.confirmThreshold = confirmThreshold
    }
}

/// One statement of an import and the account it went into.
///
/// Once its transactions are converted for the ledger, `statement` keeps its account, source and
/// balances but lets go of its transactions and running balances (a large import would otherwise
/// hold them twice): `transactionCount` says how many transactions it had.
public struct ImportedStatement: Sendable {
    public var statement: Statement
    /// The statement's transactions, counted before they were let go.
    public var transactionCount: Int
    public var account: Account
    /// Why this account (`account number DE89…`, `--account Wallet`, `new account`).
    public var reason: String
    public var created: Bool
    /// Transactions the import added from this statement, and those it skipped as already in the ledger.
    public var added = 0
    public var duplicates = 0
}

/// Everything `mymoney import` did (or, for a dry run, would do).
public struct ImportOutcome: Sendable {
    public var readings: [FileReading]
    public var statements: [ImportedStatement] = []
    /// The import batch (`mymoney imports undo ID`); nil for a dry run or when nothing was stored.
    public var batchId: Int64?
    /// Whether the store ran (false when a file could not be read).
    public var stored = false
    /// Transactions the rules categorized, and the ones a rule's `ignore` dropped.
    public var categorized = 0
    public var ignored = 0
    public var transfers: TransferMatchResult?
    /// Transfer pairs linked as confirmed, and those left for review.
    public var transfersConfirmed = 0
    public var transfersProposed = 0
    /// The statement transactions the ledger already held, as offered to the store (after the
    /// rules), in the order of the report.
    public var duplicates: [SkippedDuplicate] = []
    /// Accounts created from the user's account book (`Rules/accounts.csv`).
    public var declaredAccountsCreated: [Account] = []
    /// Counter-legs created in accounts without statements (a cash wallet).
    public var counterLegsCreated = 0
    public var reconciliation: ReconciliationReport?
    /// Problems found after reading: balances, rules, transfers.
    public var diagnostics: [Diagnostic] = []
    public var isDryRun: Bool

    /// Whether every input file was usable (nothing is imported otherwise).
    public var readFailed: Bool { readings.contains { !$0.isUsable } }

    /// Transactions added over all statements (counter-legs in cash accounts included).
    public var addedCount = 0
    /// Transactions skipped as already in the ledger, over all statements.
    public var duplicateCount = 0
    /// How many duplicates were recognized for each reason.
    public var duplicateReasons: [DuplicateReason: Int] {
        var reasons: [DuplicateReason: Int] = [:]
        for d in duplicates { reasons[d.reason, default: 0] += 1 }
        return reasons
    }
}

/// A statement transaction an import skipped because the ledger already held it (what a report
/// shows of it; a re-import of a large file has as many of these as transactions).
public struct SkippedDuplicate: Sendable {
    public var accountName: String
    public var day: Day
    public var amount: Amount
    /// The payee as offered (after the rules).
    public var payee: String?
    public var reason: DuplicateReason
    /// The stored transaction it is a duplicate of.
    public var existingId: Int64
}

/// `mymoney import`: read → choose accounts → rules → store (one SQL transaction) → transfers → reconcile.
///
/// A file that cannot be read stops the whole run before the ledger is touched; a failure while
/// storing rolls everything back. A dry run does all the work inside a transaction that is rolled back.
enum ImportWorkflow {
    /// Transactions the rules see at a time (see steps 3 and 4).
    static let rulePart = 50_000

    /// Reads every file of the request (one per core); nothing else is touched.
    static func read(_ request: ImportRequest, readers: StatementReaders, progress: ((String) -> Void)?) throws(InputError) -> ImportOutcome {
        // The readings live in the outcome only, so the statements' transactions can be let go
        // once converted.
        ImportOutcome(readings: try StatementReading.read(request.paths, readers: readers, format: request.format,
                                                          options: request.readOptions, progress: progress),
                      isDryRun: request.dryRun)
    }

    /// Stores what `outcome` read into `ledger`, in one SQL transaction (rolled back for a dry run).
    static func run(_ request: ImportRequest, reading outcome: consuming ImportOutcome, ledger: Ledger, rules: CompiledRuleSet?,
                    progress: ((String) -> Void)? = nil) throws -> ImportOutcome {
        if outcome.readFailed { return outcome }
        var outcome = outcome
        var result = try ledger.transaction(dryRun: request.dryRun) { () throws -> ImportOutcome in
            try store(request, into: &outcome, ledger: ledger, rules: rules, progress: progress)
            return outcome
        }
        result.stored = true
        // A dry run's batch was rolled back: there is nothing to undo.
        if request.dryRun { result.batchId = nil }
        return result
    }

    static func store(_ request: ImportRequest, into outcome: inout ImportOutcome,
                      ledger: Ledger, rules: CompiledRuleSet?, progress: ((String) -> Void)?) throws {
        outcome.declaredAccountsCreated = try request.accountBook.ensure(in: ledger)
        var accounts = try ledger.accounts()
        let accountsBefore = Set(accounts.compactMap(\.id))
        var hadTransactions: [Int64: Bool] = [:]

        // 1. Choose (or create) the account of every statement.
        progress?("choosing accounts")
        // Where each imported statement is among the readings (its transactions are let go from
        // both once converted).
        var readFrom: [(reading: Int, statement: Int)] = []
        for (r, reading) in outcome.readings.enumerated() {
            for (k, statement) in reading.result.statements.enumerated() {
                readFrom.append((r, k))
                let choice = AccountMatcher.choose(for: statement, among: accounts, named: request.accountName,
                                                   fallbackCurrency: request.readOptions.currency, fileName: reading.path)
                switch choice {
                case .existing(let account, let reason):
                    outcome.statements.append(ImportedStatement(statement: statement, transactionCount: statement.transactions.count,
                                                                     account: account, reason: reason, created: false))
                case .create(let proposal, let reason):
                    let account = try ledger.addAccount(proposal)
                    accounts.append(account)
                    outcome.statements.append(ImportedStatement(statement: statement, transactionCount: statement.transactions.count,
                                                                     account: account, reason: reason, created: true))
                case .unplaceable(let why):
                    throw ImportFailure(file: reading.path, message: why)
                }
            }
        }
        var statementRowsBefore = Set<Int64>()
        for imported in outcome.statements {
            guard let id = imported.account.id, hadTransactions[id] == nil else { continue }
            hadTransactions[id] = !(try ledger.transactions(matching: TransactionFilter(accountIds: [id], limit: 1))).isEmpty
            if hadTransactions[id] == true, imported.account.openingBalance.isZero, try ledger.hasImportedTransactions(accountId: id) {
                statementRowsBefore.insert(id)
            }
        }

        // 2. Ledger transactions, in the account's currency: one array per statement, numbered
        // across the import by `ranges` (transaction i of the import is in statement s when
        // ranges[s] contains i).
        progress?("converting statements")
        var converted: [[LedgerTransaction]] = []
        var ranges: [Range<Int>] = []
        var total = 0
        // The balances each statement stores, and running-balance chains by account, worked out
        // while the statement still holds its transactions.
        var balancesToStore: [[StatementBalance]] = []
        var chains: [Int64: [RunningBalanceChain]] = [:]
        for imported in outcome.statements {
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
        // Statements are converted a few at a time, one per core, and let go as soon as they are.
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var first = 0
        while first < outcome.statements.count {
            let group = Array(outcome.statements[first..<min(outcome.statements.count, first + cores)])
            for (offset, part) in StatementConversion.converted(group).enumerated() {
                let s = first + offset
                ranges.append(total..<(total + part.transactions.count))
                total += part.transactions.count
                converted.append(part.transactions)
                if var chain = part.checkpoints.chain {
                    // Reconciling looks at the chain's breaks and reordered days, not at its rows.
                    chain.rows = []
                    chains[outcome.statements[s].account.id ?? 0, default: []].append(chain)
                }
                outcome.diagnostics += part.balanceProblems
                balancesToStore.append(part.balances)
                // The converted transactions carry on, and the balances to store are worked out: the
                // read transactions and running balances are let go (held in two places).
                let kept = outcome.statements[s].statement.balances.filter { $0.kind != .running }
                for statement in [\ImportOutcome.statements[s].statement,
                                  \ImportOutcome.readings[readFrom[s].reading].result.statements[readFrom[s].statement]] {
                    outcome[keyPath: statement].transactions = []
                    outcome[keyPath: statement].balances = kept
                }
            }
            first += cores
        }

        // What the steps after storing need of the converted transactions: the days they span.
        var window: TransactionFilter?
        for transactions in converted {
            guard let w = TransferLinking.window(around: transactions) else { continue }
            if var known = window, let from = w.from, let through = w.through {
                known.from = min(known.from ?? from, from)
                known.through = max(known.through ?? through, through)
                window = known
            } else {
                window = w
            }
        }

        // 3 and 4. Rules, then store, in one SQL transaction with everything else: the rules work
        // on one statement (on another core) while the store writes the ones before it. Each
        // statement's transactions move into its ImportStatement (held once, not twice).
        var context = RuleContext()
        if rules != nil, total > 0 {
            context = try ruleContext(ledger: ledger, accounts: accounts)
            // Accounts this import brings statements for have statements of their own.
            for imported in outcome.statements { context.accountsWithoutStatements.remove(imported.account.name) }
        }
        let pass = RulePass(statements: outcome.statements, ranges: ranges, balances: balancesToStore, rules: total > 0 ? rules : nil,
                            context: context, accounts: accounts, part: ImportWorkflow.rulePart)
        balancesToStore = []
        let pipeline = StatementPipeline()
        let statementsToStore = Handoff(converted)
        converted = []
        // The import's rows get ids above this one: the ledger's other rows are those up to it.
        let lastIdBefore = try ledger.lastTransactionId()
        let rulesAtWork = BackgroundWork { pass.run(statementsToStore.take() ?? [], into: pipeline) }
        progress?(rules == nil ? "storing \(total) transactions" : "applying rules and storing \(total) transactions")
        var importStatements: [ImportStatement] = []
        let report: ImportReport
        do {
            report = try ledger.importStatements(files: outcome.readings.map(\.path), transactionCount: total) {
                guard let statement = pipeline.next() else { return nil }
                importStatements.append(statement)
                return statement
            }
        } catch {
            pipeline.cancel()
            _ = rulesAtWork.result()
            throw error
        }
        let rulesDid = rulesAtWork.result() ?? RulePass.Summary()
        outcome.ignored = rulesDid.ignored
        // Categories the rules name that no stored row uses yet (the store created the others).
        for path in rulesDid.categoriesToCreate.sorted() where try ledger.category(at: path) == nil {
            _ = try ledger.addCategory(path)
        }
        let batchId = report.batchId
        outcome.batchId = batchId
        outcome.addedCount = report.addedCount
        outcome.duplicateCount = report.skippedCount
        for account in report.accounts {
            for added in account.added where outcome.statements.indices.contains(added.statementIndex) {
                outcome.statements[added.statementIndex].added += 1
            }
            for skipped in account.skipped where outcome.statements.indices.contains(skipped.statementIndex) {
                outcome.statements[skipped.statementIndex].duplicates += 1
            }
        }

        var added = AddedIds(report, statements: importStatements)
        for account in report.accounts {
            for skipped in account.skipped {
                guard importStatements.indices.contains(skipped.statementIndex),
                      importStatements[skipped.statementIndex].transactions.indices.contains(skipped.index) else { continue }
                let offered = importStatements[skipped.statementIndex].transactions[skipped.index]
                outcome.duplicates.append(SkippedDuplicate(accountName: account.accountName, day: offered.day, amount: offered.amount,
                                                           payee: offered.payee, reason: skipped.reason, existingId: skipped.existingId))
            }
        }

        // New transactions in reconciled periods change balances the user already agreed with the bank.
        for (statementIndex, imported) in outcome.statements.enumerated() {
            guard let through = imported.account.reconciledThrough else { continue }
            let kept = importStatements[statementIndex].transactions
            let late = added.indices(inStatement: statementIndex).filter { kept.indices.contains($0) && kept[$0].day <= through }
            if !late.isEmpty {
                outcome.diagnostics.append(.warning("import.reconciled-period",
                    "\(late.count) new transaction\(late.count == 1 ? "" : "s") of \(imported.account.name) fall on or before \(through), the day it is reconciled through",
                    file: imported.statement.source.file,
                    notes: ["run 'mymoney reconcile --account \(imported.account.name)' to check the balances again"]))
            }
        }

        // 5. Counter-legs for rule transfers into accounts without statements (never an account of
        // this import: those have statements), so the opening balances below do not depend on them.
        outcome.counterLegsCreated = try linkCounterLegs(rulesDid.counterLegs, addedIds: added, ledger: ledger)

        // Transactions the rules categorized that the store added (a dry run stores too, inside the
        // SQL transaction it rolls back, so `added` holds its rows as well).
        for (statementIndex, categorized) in rulesDid.categorized {
            outcome.categorized += categorized.count { added[statementIndex, $0] != nil }
        }

        // What the steps below work on: the ledger's transactions around the import's days. The
        // import's own rows are the values just stored, with their ids (a dry run's as well: it
        // stores inside the SQL transaction it rolls back); only the ledger's other rows are read.
        progress?("loading the transactions around the imported days")
        let importedAccountIds = importStatements.map(\.accountId)
        var around: [LedgerTransaction] = []
        if var filter = window {
            filter.storedThroughId = lastIdBefore
            filter.excludedBatchId = batchId
            var parts = [try ledger.transactions(matching: filter)]
            parts += storedRows(taking: &importStatements, report: report)
            around = TransactionMoves.concatenate(&parts)
            Ledger.sortByDayAndId(&around)
        }
        importStatements = []
        added = AddedIds()
        var aroundIndices: [Int64: [Int]] = [:]
        for (i, t) in around.enumerated() { aroundIndices[t.accountId, default: []].append(i) }
        func aroundOf(_ accountId: Int64) -> [LedgerTransaction] { (aroundIndices[accountId] ?? []).map { around[$0] } }

        // 6 (on another core). Transfers across new and stored legs: matched while the opening
        // balances are derived and the touched accounts reconciled here. Matching does not touch
        // the ledger and needs neither; reconciling does not look at the types linking changes.
        let options = TransferMatchOptions()
        let input = window == nil ? TransferMatchInput(transactions: [], accounts: [])
                                  : try TransferLinking.matchInput(ledger: ledger, candidates: around, rates: request.rates)
        let matcher = BackgroundWork { TransferMatcher(options: options).match(input) }
        // Whatever happens here, the matcher is done before this returns.
        defer { _ = matcher.result() }

        // 7. Opening balances of accounts that had no transactions before: derived from the first checkpoint.
        // All their transactions are this import's, so all lie inside the window loaded above.
        progress?("deriving opening balances")
        // An account that so far held only rows typed by hand or created as counter-legs (a cash
        // wallet) also takes its opening balance from its first statement.
        for accountId in Set(importedAccountIds).sorted() where hadTransactions[accountId] != nil {
            var account = try ledger.account(id: accountId)
            guard account.openingBalance.isZero || !accountsBefore.contains(accountId) else { continue }
            let transactions: [LedgerTransaction]
            if hadTransactions[accountId] == false {
                transactions = window == nil ? try ledger.transactions(matching: TransactionFilter(accountIds: [accountId]))
                                             : aroundOf(accountId)
            } else {
                guard account.openingBalance.isZero, !statementRowsBefore.contains(accountId) else { continue }
                transactions = try ledger.transactions(matching: TransactionFilter(accountIds: [accountId]))
            }
            let checkpoints = try ledger.statementBalances(accountId: accountId)
                .compactMap { LedgerReconciliation.checkpoint($0, currency: account.currency) }
            if let derived = try DerivedOpeningBalance(account: account, transactions: transactions, checkpoints: checkpoints),
               derived.amount != account.openingBalance {
                // Recorded on the batch, so undoing the import puts the old opening balance back.
                if let batch = batchId {
                    try ledger.recordOpeningBalanceChange(batchId: batch, accountId: accountId, previous: account.openingBalance)
                }
                account.openingBalance = derived.amount
                _ = try ledger.updateAccount(account)
            }
        }

        // 8. Reconcile what was touched. Accounts new to the ledger have only this import's
        // transactions (loaded above).
        progress?("reconciling balances")
        let touched = Set(importedAccountIds)
        let names = try ledger.accounts().filter { touched.contains($0.id ?? -1) }.map(\.name)
        outcome.reconciliation = try LedgerReconciliation.reconcile(ledger, accounts: names, chains: chains) { accountId in
            window != nil && hadTransactions[accountId] == false ? aroundOf(accountId) : nil
        }

        // 9. Link the pairs the matcher found.
        progress?("linking transfers")
        let matched = matcher.result() ?? TransferMatcher(options: options).match(TransferMatchInput(transactions: [], accounts: []))
        let matching = try TransferLinking.link(matched, ledger: ledger, confirmThreshold: request.confirmThreshold)
        outcome.transfers = matching.result
        outcome.transfersConfirmed = matching.confirmed
        outcome.transfersProposed = matching.proposed
        outcome.diagnostics += matching.result.diagnostics
        // What is left is committing the SQL transaction (a dry run rolls it back).
        progress?(request.dryRun ? "rolling back" : "writing the ledger file")
    }

    /// The rows the store added, as it holds them (with their ids, tags in the ledger's order),
    /// statement by statement: moved out of `statements` (which are left without transactions),
    /// the rows the store skipped left out.
    ///
    /// A category, tag, project or place the ledger already knew in another letter case keeps the
    /// spelling the row carried here; the steps after storing do not look at them.
    static func storedRows(taking statements: inout [ImportStatement], report: ImportReport) -> [[LedgerTransaction]] {
        var rows = statements.map(\.transactions)
        for s in statements.indices { statements[s].transactions = [] }
        for account in report.accounts {
            for added in account.added where rows.indices.contains(added.statementIndex)
                && rows[added.statementIndex].indices.contains(added.index) {
                rows[added.statementIndex][added.index].id = added.id
                if rows[added.statementIndex][added.index].tags.count > 1 {
                    rows[added.statementIndex][added.index].tags = Ledger.tagsInStoredOrder(rows[added.statementIndex][added.index].tags)
                }
            }
        }
        for s in rows.indices where rows[s].contains(where: { $0.id == nil }) { rows[s].removeAll { $0.id == nil } }
        return rows
    }

    static func ruleContext(ledger: Ledger, accounts: [Account]) throws -> RuleContext {
        let categories = Set(try ledger.categories().map(\.path))
        let projects = try ledger.projects().map { p in
            RuleProject(name: p.title, dates: p.startDay.map { DayRange(start: $0, end: p.endDay ?? Day(year: 9999, month: 12, day: 31)!) })
        }
        var withoutStatements: Set<String> = []
        for account in accounts where account.kind == .cash {
            guard let id = account.id else { continue }
            if try !ledger.hasImportedTransactions(accountId: id) { withoutStatements.insert(account.name) }
        }
        return RuleContext(projects: projects, categories: categories, accounts: accounts, accountsWithoutStatements: withoutStatements)
    }

    /// One counter-leg to create: the rule-marked leg's place in the import and the counter-leg's.
    struct CounterLeg {
        var legStatement: Int
        var legIndex: Int
        var counterStatement: Int
        var counterIndex: Int
        var legLeaves: Bool
    }

    /// For each rule transfer into an account without statements (a cash wallet), the other leg as
    /// an import statement of that account, so it belongs to the import batch (undo removes it) and
    /// goes through the same duplicate checks as any other row (a wallet statement imported later,
    /// or a hand-entered withdrawal, does not count it twice).
    static func counterLegStatements(_ marks: [TransferMark], legs: [Int: LedgerTransaction], ranges: [Range<Int>],
                                     keep: [Bool], accounts: [Account], firstStatement: Int) -> (statements: [ImportStatement], legs: [CounterLeg]) {
        guard marks.contains(where: { $0.createsOtherLeg }) else { return ([], []) }
        // The store's statement index counts kept transactions only: each transaction's place among them.
        var statementOf = Array(repeating: -1, count: keep.count)
        var keptIndex = Array(repeating: 0, count: keep.count)
        for (statementIndex, range) in ranges.enumerated() {
            var kept = 0
            for i in range {
                statementOf[i] = statementIndex
                keptIndex[i] = kept
                if keep[i] { kept += 1 }
            }
        }
        var statements: [ImportStatement] = []
        var slot: [Int64: Int] = [:]
        var planned: [CounterLeg] = []
        for mark in marks where mark.createsOtherLeg && keep.indices.contains(mark.transaction) && keep[mark.transaction] {
            guard statementOf[mark.transaction] >= 0, let leg = legs[mark.transaction],
                  let other = accounts.first(where: { $0.name.caseInsensitiveCompare(mark.account) == .orderedSame }),
                  let otherId = other.id, other.currency == leg.currency, let amount = try? -leg.amount else { continue }
            let s: Int
            if let known = slot[otherId] { s = known } else {
                s = statements.count
                slot[otherId] = s
                statements.append(ImportStatement(accountId: otherId, sourceFile: leg.sourceFile, transactions: []))
            }
            statements[s].transactions.append(LedgerTransaction(
                accountId: otherId, day: leg.day, amount: amount, currency: other.currency, originalPayee: leg.payee,
                memo: leg.memo, type: .transfer, sourceFormat: "manual", sourceFile: leg.sourceFile, sourceLine: leg.sourceLine))
            planned.append(CounterLeg(legStatement: statementOf[mark.transaction], legIndex: keptIndex[mark.transaction],
                                      counterStatement: firstStatement + s, counterIndex: statements[s].transactions.count - 1,
                                      legLeaves: leg.amount.isNegative))
        }
        return (statements, planned)
    }

    /// Links each stored counter-leg to its leg as a confirmed transfer; returns how many.
    static func linkCounterLegs(_ planned: [CounterLeg], addedIds: AddedIds, ledger: Ledger) throws -> Int {
        var links: [MyMoneyStore.TransferLink] = []
        for c in planned {
            guard let legId = addedIds[c.legStatement, c.legIndex], let counterId = addedIds[c.counterStatement, c.counterIndex] else { continue }
            let (from, to) = c.legLeaves ? (legId, counterId) : (counterId, legId)
            links.append(MyMoneyStore.TransferLink(fromTransactionId: from, toTransactionId: to, confidence: 1, status: .confirmed))
        }
        return try ledger.linkTransfers(links, sparingHandTypedLegs: false).count { $0 != nil }
    }
}

/// An import that cannot go on; nothing is kept.
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public var description: String { "\(file): \(message)" }
}

extension TransactionField {
    /// The stored field a rule target changes.
    init?(ruleTarget: RuleTarget) {
        switch ruleTarget {
        case .category: self = .category
        case .tags: self = .tags
        case .project: self = .project
        case .place: self = .place
        case .payee: self = .payee
        case .notes: self = .notes
        case .transfer: self = .type
        case .ignored: return nil
        }
    }
}

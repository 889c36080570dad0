import Foundation
import MyMoneyKit
import MyMoneyImport
import MyMoneyRules
import MyMoneyStore

/// `mymoney rules check|test|explain|stats|suggest|apply`.
struct RulesCommand: Command {
    let name = "rules"
    let summary = "check, test, explain and measure your rules; suggest new ones; apply them to the ledger"
    let help = """
    usage: mymoney rules check [--rules DIR]
           mymoney rules test [FILE…] [--format table|json]   what each rule would change (files, or the ledger)
           mymoney rules explain TRANSACTION_ID [--rule NAME] [--format table|json]
           mymoney rules stats [--format table|json]          hits per rule, rules that never fire or are shadowed,
                                                              the most common uncategorized payees
           mymoney rules suggest [--min-support N]            proposed rules learnt from categorized transactions
           mymoney rules apply [--dry-run] [--force] [--overwrite-manual]
                                                              re-apply the rules to stored transactions

    Rules live in DIR/*.rules (default Rules/), loaded in file-name order; the language is described
    in Rules/README.md. 'apply' never overwrites a field you set by hand unless --overwrite-manual
    is given, and leaves transactions of reconciled periods alone unless --force is given.

    options:
      --rules DIR      the rules folder (default: Rules/ here)
      --ledger PATH    the ledger file

    exit status: 0 fine, 1 'check' found errors, 65 the rules or inputs are broken.
    """
    let options: Set<String> = ["--rules", "--ledger", "--format", "--rule", "--min-support", "--currency", "--encoding",
                                "--date-order", "--account"]
    let flags: Set<String> = ["--dry-run", "--force", "--overwrite-manual"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "check"
        let rest = Array(arguments.positionals.dropFirst())
        switch verb {
        case "check": return try check(arguments, context)
        case "test": return try test(rest, arguments, context)
        case "explain": return try explain(rest, arguments, context)
        case "stats": return try stats(arguments, context)
        case "suggest": return try suggest(arguments, context)
        case "apply": return try apply(arguments, context)
        default: throw .usage("unknown action \"\(verb)\" (check, test, explain, stats, suggest, apply)")
        }
    }

    /// Compiles the rules; errors end the command with 65 (they were printed by loadRules).
    func ruleSet(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> CompiledRuleSet {
        guard let compilation = try context.loadRules(arguments, required: true), let set = compilation.ruleSet else {
            throw .data("the rules could not be compiled")
        }
        return set
    }

    func check(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let directory = context.rulesDirectory(arguments)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .io("there is no rules folder at \(directory)")
        }
        let compilation = RuleBook.load(directory: URL(fileURLWithPath: directory), displayName: directory)
        if !compilation.diagnostics.isEmpty {
            context.terminal.error(compilation.renderDiagnostics(color: context.terminal.color).trimmingCharacters(in: .newlines))
        }
        let errors = compilation.diagnostics.filter { $0.severity == .error }.count
        let warnings = compilation.diagnostics.filter { $0.severity == .warning }.count
        let rules = compilation.ruleSet?.rules.count ?? compilation.files.reduce(0) { $0 + $1.rules.count }
        context.terminal.print("\(rules) rules in \(compilation.files.count) files: \(errors) errors, \(warnings) warnings")
        return errors > 0 ? .problemFound : .success
    }

    /// The transactions to run rules over: from FILEs when given, else the ledger's.
    func inputs(_ files: [String], _ arguments: Arguments, _ context: CommandContext) throws(CommandFailure)
        -> (inputs: [RuleInput], ids: [Int64?], ledger: Ledger?) {
        let ledger = try context.openLedger(arguments, forWriting: false)
        var accounts = try ledger.map { l throws(CommandFailure) in try ledgerCall { () throws(LedgerError) in try l.accounts() } } ?? []
        if files.isEmpty {
            guard let ledger else { throw .usage("name statement files to test the rules on, or import some first") }
            let stored = try ledgerCall { () throws(LedgerError) in try ledger.transactions() }
            let inputs = try ledgerCall { () throws(LedgerError) in try RuleInputs.asImported(stored, ledger: ledger, accounts: accounts) }
            return (inputs, stored.map(\.id), ledger)
        }
        let options = try ReadOptionsFromArguments.make(arguments)
        let (readers, _) = Readers.standard(profilesDirectory: context.rulesDirectory(arguments) + "/profiles")
        let readings: [FileReading]
        do { readings = try StatementReading.read(files, readers: readers, options: options) } catch { throw .io(error.description) }
        var result: [RuleInput] = []
        var synthetic: Int64 = -1
        // Accounts declared in the account book but not yet in the ledger name statements too.
        for var declared in AccountBook.load(context.rulesDirectory(arguments) + "/accounts.csv").accounts
        where !accounts.contains(where: { $0.name.caseInsensitiveCompare(declared.name) == .orderedSame }) {
            declared.id = synthetic
            synthetic -= 1
            accounts.append(declared)
        }
        for reading in readings {
            context.report(reading.result.diagnostics, sources: reading.result.source.map { [$0] } ?? [])
            guard reading.isUsable else { throw .data("\(reading.path) could not be read") }
            for statement in reading.result.statements {
                let choice = AccountMatcher.choose(for: statement, among: accounts, named: arguments.value("--account"),
                                                   fallbackCurrency: options.currency ?? statement.account.currency ?? .EUR,
                                                   fileName: reading.path)
                var account: Account
                switch choice {
                case .existing(let a, _): account = a
                case .create(let a, _): account = a; account.id = synthetic; synthetic -= 1
                case .unplaceable(let why): throw .data("\(reading.path): \(why)")
                }
                for t in StatementConversion.ledgerTransactions(from: statement, account: account) {
                    result.append(RuleInput(transaction: t, account: account))
                }
            }
        }
        return (result, result.map { _ in nil }, ledger)
    }

    func test(_ files: [String], _ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let set = try ruleSet(arguments, context)
        let (inputs, _, _) = try self.inputs(files, arguments, context)
        let report = RuleTestReport(ruleSet: set, inputs: inputs)
        context.terminal.print((format == .json ? report.renderJSON() : report.renderTable()).trimmingCharacters(in: .newlines))
        return .success
    }

    func explain(_ rest: [String], _ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let text = rest.first, let id = Int64(text) else {
            throw .usage("name a transaction id (see mymoney transactions): mymoney rules explain ID")
        }
        let set = try ruleSet(arguments, context)
        guard let ledger = try context.openLedger(arguments, forWriting: false) else { throw .data(context.noLedgerYet(arguments)) }
        let transaction = try ledgerCall { () throws(LedgerError) in try ledger.transaction(id: id) }
        let account = try ledgerCall { () throws(LedgerError) in try ledger.account(id: transaction.accountId) }
        var focus = Set<Int>()
        if let name = arguments.value("--rule") {
            let found = set.rules(named: name)
            if found.isEmpty { throw .data("there is no rule named \"\(name)\"") }
            focus = Set(found)
        }
        // Explain the transaction as imported, so the rules see what they saw then.
        let input = try ledgerCall { () throws(LedgerError) in try RuleInputs.asImported([transaction], ledger: ledger, accounts: [account]) }
        let explanation = set.explain(input[0], focus: focus)
        context.terminal.print((format == .json ? explanation.renderJSON(ruleSet: set) : explanation.renderText(ruleSet: set))
            .trimmingCharacters(in: .newlines))
        return .success
    }

    func stats(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let set = try ruleSet(arguments, context)
        let (inputs, _, _) = try self.inputs([], arguments, context)
        let stats = set.stats(for: inputs)
        context.terminal.print((format == .json ? stats.renderJSON(ruleSet: set) : stats.renderTable(ruleSet: set))
            .trimmingCharacters(in: .newlines))
        return .success
    }

    func suggest(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.openLedger(arguments, forWriting: false) else { throw .data(context.noLedgerYet(arguments)) }
        let support = try arguments.value("--min-support", as: "a count", { Int($0) }) ?? 2
        let stored = try ledgerCall { () throws(LedgerError) in try ledger.transactions() }
        let suggestions = RuleSuggester.suggest(from: stored, minimumSupport: support)
        if format == .json {
            context.terminal.print(RuleSuggester.renderJSON(suggestions).trimmingCharacters(in: .newlines))
        } else if suggestions.isEmpty {
            context.terminal.print("# nothing to suggest: categorize a few transactions by hand first (at least \(support) per payee)")
        } else {
            context.terminal.print(RuleSuggester.rulesFile(suggestions).trimmingCharacters(in: .newlines))
        }
        return .success
    }

    func apply(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let set = try ruleSet(arguments, context)
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { throw .data(context.noLedgerYet(arguments)) }
        let accounts = try ledgerCall { () throws(LedgerError) in try ledger.accounts() }
        var stored = try ledgerCall { () throws(LedgerError) in try ledger.transactions() }
        let locked = Dictionary(accounts.compactMap { a in a.id.flatMap { id in a.reconciledThrough.map { (id, $0) } } },
                                uniquingKeysWith: { a, _ in a })
        let inLockedPeriod = stored.filter { t in locked[t.accountId].map { t.day <= $0 } ?? false }
        if !inLockedPeriod.isEmpty && !arguments.flag("--force") {
            context.terminal.error("note: \(inLockedPeriod.count) transactions lie in reconciled periods and are left alone (--force to include them)")
            stored.removeAll { t in locked[t.accountId].map { t.day <= $0 } ?? false }
        }
        let overwrite = arguments.flag("--overwrite-manual")
        var inputs = try ledgerCall { () throws(LedgerError) in try RuleInputs.asImported(stored, ledger: ledger, accounts: accounts) }
        if overwrite { for i in inputs.indices { inputs[i].lockedFields = [] } }
        let run = set.apply(to: inputs, options: RuleApplyOptions(overwriteManual: overwrite))
        var results: [RuleResult] = []
        for outcome in run.outcomes where !outcome.changes.isEmpty {
            guard let id = stored[outcome.index].id else { continue }
            let after = run.transactions[outcome.index]
            let now = stored[outcome.index]
            var changes: [TransactionChange] = []
            for target in Set(outcome.changes.map(\.target)) {
                switch target {
                case .category where after.category != now.category: changes.append(.category(after.category))
                case .tags where after.tags.sorted() != now.tags.sorted(): changes.append(.tags(after.tags))
                case .project where after.project != now.project: changes.append(.project(after.project))
                case .place where after.place != now.place: changes.append(.place(after.place))
                case .payee where after.payee != now.payee: changes.append(.payee(after.payee))
                case .notes where after.notes != now.notes: changes.append(.notes(after.notes))
                default: continue
                }
            }
            if !changes.isEmpty { results.append(RuleResult(transactionId: id, changes: changes.sorted { $0.field < $1.field })) }
        }
        let dryRun = arguments.flag("--dry-run")
        let changed: Int
        do {
            changed = try ledger.transaction(dryRun: dryRun) { try ledger.applyRuleResults(results, overwriteManual: overwrite) }
        } catch let error as LedgerError { throw CommandFailure(error) } catch { throw .data("\(error)") }
        context.terminal.print("\(dryRun ? "would change" : "changed") \(changed) fields on \(results.count) of \(stored.count) transactions"
                               + (dryRun ? " (dry run: nothing was written)" : ""))
        return .success
    }
}

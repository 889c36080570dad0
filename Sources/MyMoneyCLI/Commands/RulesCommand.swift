import Foundation
import MyMoneyKit

/// `mymoney rules check|test|explain|stats|suggest|apply`.
struct RulesCommand: Command {
    let name = "rules"
    let summary = "check, test, explain and measure your rules; suggest new ones; apply them to the ledger"
    let usage = [
        "mymoney rules check [--rules DIR] [--format table|json]",
        "mymoney rules test [FILE…] [--format table|json]   what each rule would change (files, or the ledger)",
        "mymoney rules explain TRANSACTION_ID [--rule NAME] [--format table|json]",
        "mymoney rules stats [FILE…] [--format table|json]  hits per rule, rules that never fire or are shadowed,",
        "                                                   the most common uncategorized payees (files, or the ledger)",
        "mymoney rules suggest [--min-support N]            proposed rules learnt from categorized transactions",
        "mymoney rules apply [--dry-run] [--force] [--overwrite-manual] [--format table|json]",
        "                                                   re-apply the rules to stored transactions",
    ]
    let discussion = """
    Rules live in DIR/*.rules (default Rules/), loaded in file-name order; the language is described
    in Rules/README.md. 'apply' never overwrites a field you set by hand unless --overwrite-manual
    is given, and leaves transactions of reconciled periods alone unless --force is given. Every
    tool evaluates the rules as an import does (projects only within their dates).
    """
    let epilogue = "exit status: 0 fine, 1 'check' found errors, 65 the rules or inputs are broken."
    let actions = ["check", "test", "explain", "stats", "suggest", "apply"]
    let options: [Option] = [
        .rules, .ledger, .format,
        Option("--rule", .one("NAME"), "explain: only this rule"),
        Option("--min-support", .one("N"), "suggest: at least N categorized transactions per payee (default 2)"),
        Option("--account", .one("NAME"), "test: the account for statements that name none", completion: .accounts),
        Option("--dry-run", "apply: show what would change; write nothing"),
        Option("--overwrite-manual", "apply: change fields you set by hand too"),
        .force,
    ] + Option.reading

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "check"
        let rest = Array(arguments.positionals.dropFirst())
        switch verb {
        case "check":
            if let extra = rest.first { throw CommandFailure.usage("rules check takes no files (\"\(extra)\"): it checks the rules folder; --rules DIR names another") }
            return try check(arguments, context)
        case "test": return try test(rest, arguments, context)
        case "explain": return try explain(arguments, context)
        case "stats": return try stats(rest, arguments, context)
        case "suggest":
            if let extra = rest.first { throw CommandFailure.usage("rules suggest learns from the ledger and takes no files (\"\(extra)\")") }
            return try suggest(arguments, context)
        case "apply":
            if let extra = rest.first { throw CommandFailure.usage("rules apply works on the ledger and takes no files (\"\(extra)\"); to try rules on files use 'rules test FILE…'") }
            return try apply(arguments, context)
        default: throw CommandFailure.usage("unknown action \"\(verb)\" (check, test, explain, stats, suggest, apply)")
        }
    }

    /// Compiles the rules; errors end the command with 65 (they were printed by loadRules).
    func ruleSet(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> CompiledRuleSet {
        guard let compilation = try context.loadRules(arguments, required: true), let set = compilation.ruleSet else {
            throw .data("the rules could not be compiled")
        }
        return set
    }

    /// The books the rule tools read, or a data error saying there are none yet.
    func books(_ arguments: Arguments, _ context: CommandContext) throws -> Books {
        guard let books = try context.existingBooks(arguments) else { throw CommandFailure.data(context.noLedgerYet(arguments)) }
        return books
    }

    func check(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let directory = context.rulesDirectory(arguments)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure.io("there is no rules folder at \(directory)")
        }
        let compilation = RuleBook.load(directory: URL(fileURLWithPath: directory), displayName: directory)
        if !compilation.diagnostics.isEmpty {
            context.terminal.error(compilation.renderDiagnostics(color: context.terminal.errorColor).trimmingCharacters(in: .newlines))
        }
        let errors = compilation.diagnostics.filter { $0.severity == .error }.count
        let warnings = compilation.diagnostics.filter { $0.severity == .warning }.count
        let rules = compilation.ruleSet?.rules.count ?? compilation.files.reduce(0) { $0 + $1.rules.count }
        if format == .json {
            context.terminal.print(JSONValue.object([
                ("rules", .int(rules)), ("files", .int(compilation.files.count)), ("errors", .int(errors)), ("warnings", .int(warnings)),
                ("diagnostics", .array(compilation.diagnostics.map(DiagnosticJSON.make))),
            ]).serialized())
        } else {
            context.terminal.print("\(counted(rules, "rule")) in \(counted(compilation.files.count, "file")): \(counted(errors, "error")), \(counted(warnings, "warning"))")
        }
        return errors > 0 ? .problemFound : .success
    }

    /// The transactions to run rules over: from FILEs when given, else the ledger's; and what the rules know.
    func inputs(_ files: [String], _ arguments: Arguments, _ context: CommandContext) throws -> (inputs: [RuleInput], context: RuleContext) {
        let books = try context.existingBooks(arguments)
        let ruleContext = try books?.ruleContext() ?? RuleContext()
        if files.isEmpty {
            guard let books else { throw CommandFailure.usage("name statement files to test the rules on, or import some first") }
            return (try books.ruleInputs(), ruleContext)
        }
        let options = try ReadOptions(arguments)
        let (readers, _) = Readers.standard(profilesDirectory: context.rulesDirectory(arguments) + "/profiles")
        let readings = try StatementReading.read(files, readers: readers, options: options)
        if let failure = readings.lazy.compactMap(\.failure).first { throw failure }
        for reading in readings {
            context.report(reading.result.diagnostics, sources: reading.result.source.map { [$0] } ?? [])
        }
        let inputs = try Books.ruleInputs(from: readings, books: books,
                                          accountBook: AccountBook.load(context.rulesDirectory(arguments) + "/accounts.csv"),
                                          accountName: arguments.value("--account"), fallbackCurrency: options.currency)
        return (inputs, ruleContext)
    }

    func test(_ files: [String], _ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let set = try ruleSet(arguments, context)
        let (inputs, ruleContext) = try self.inputs(files, arguments, context)
        let report = RuleTestReport(ruleSet: set, inputs: inputs, context: ruleContext)
        context.terminal.print((format == .json ? report.renderJSON() : report.renderTable()).trimmingCharacters(in: .newlines))
        return .success
    }

    func explain(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let id = try arguments.id("name a transaction id (see mymoney transactions): mymoney rules explain ID")
        let set = try ruleSet(arguments, context)
        let books = try books(arguments, context)
        var focus = Set<Int>()
        if let name = arguments.value("--rule") {
            let found = set.rules(named: name)
            if found.isEmpty { throw CommandFailure.data("there is no rule named \"\(name)\"") }
            focus = Set(found)
        }
        // Explain the transaction as imported, so the rules see what they saw then.
        let explanation = set.explain(try books.ruleInput(transactionId: id), context: try books.ruleContext(), focus: focus)
        context.terminal.print((format == .json ? explanation.renderJSON(ruleSet: set) : explanation.renderText(ruleSet: set))
            .trimmingCharacters(in: .newlines))
        return .success
    }

    func stats(_ files: [String], _ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let set = try ruleSet(arguments, context)
        let (inputs, ruleContext) = try self.inputs(files, arguments, context)
        let stats = set.stats(for: inputs, context: ruleContext)
        context.terminal.print((format == .json ? stats.renderJSON(ruleSet: set) : stats.renderTable(ruleSet: set))
            .trimmingCharacters(in: .newlines))
        return .success
    }

    func suggest(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let books = try books(arguments, context)
        let support = try arguments.value("--min-support", as: "a count", { Int($0) }) ?? 2
        let suggestions = try books.ruleSuggestions(minimumSupport: support)
        if format == .json {
            context.terminal.print(RuleSuggester.renderJSON(suggestions).trimmingCharacters(in: .newlines))
        } else if suggestions.isEmpty {
            context.terminal.print("# nothing to suggest: categorize a few transactions by hand first (at least \(support) per payee)")
        } else {
            context.terminal.print(RuleSuggester.rulesFile(suggestions).trimmingCharacters(in: .newlines))
        }
        return .success
    }

    func apply(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let compilation = try context.loadRules(arguments, required: true), let set = compilation.ruleSet else {
            throw CommandFailure.data("the rules could not be compiled")
        }
        guard let books = try context.existingBooks(arguments) else { throw CommandFailure.data(context.noLedgerYet(arguments)) }
        let result = try books.applyRules(set, dryRun: arguments.flag("--dry-run"), force: arguments.flag("--force"),
                                          overwriteManual: arguments.flag("--overwrite-manual"))
        context.report(result.diagnostics)
        if result.lockedSkipped > 0 {
            context.terminal.error("note: \(counted(result.lockedSkipped, "transaction lies", "transactions lie")) in reconciled periods and \(result.lockedSkipped == 1 ? "is" : "are") left alone (--force to include them)")
        }
        if format == .json {
            context.terminal.print(JSONValue.object([
                ("dry_run", .bool(result.isDryRun)), ("changed_fields", .int(result.changedFields)),
                ("changed_transactions", .int(result.changedTransactions)), ("considered", .int(result.considered)),
                ("locked_skipped", .int(result.lockedSkipped)),
                ("diagnostics", .array((compilation.diagnostics + result.diagnostics).map(DiagnosticJSON.make))),
            ]).serialized())
            return .success
        }
        context.terminal.print("\(result.isDryRun ? "would change" : "changed") \(counted(result.changedFields, "field")) on \(result.changedTransactions) of \(counted(result.considered, "transaction"))"
                               + (result.isDryRun ? " (dry run: nothing was written)" : ""))
        return .success
    }
}

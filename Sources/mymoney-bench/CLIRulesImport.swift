import Foundation

/// The `cli` case `import.rules.csv.1M`: a CSV of `--size` transactions whose payees are written
/// the way ``RealisticRules`` writes them (six bank styles of 500 merchants; the dates, amounts,
/// ids and balances of ``StatementGenerator``), imported into a new ledger with the 1,000 rules of
/// ``RealisticRules`` (the rule set of `mymoney-bench rules --set realistic`, seed 7), so the rules
/// stage is measured inside the whole import a user runs. The CSV and the rules are written once,
/// into `realistic-1M/` and `rules-realistic/` beside the other files.
func realisticRulesImportCase(folder: URL, size: Int) throws -> (name: String, items: Int, arguments: [String]) {
    let label = size == 1_000_000 ? "1M" : "\(size)"
    let generator = RealisticRules()
    let csv = folder.appendingPathComponent("realistic-\(label)").appendingPathComponent("account-0.csv")
    if !FileManager.default.fileExists(atPath: csv.path) {
        let statements = StatementGenerator(size: size, accounts: 1)
        var list = statements.transactions().first ?? []
        var random = BenchmarkRandom(seed: 11)
        for k in list.indices where !list[k].payee.hasPrefix("XFER") && !list[k].payee.hasPrefix("SALARY") {
            list[k].payee = generator.payee(&random)
        }
        try FileManager.default.createDirectory(at: csv.deletingLastPathComponent(), withIntermediateDirectories: true)
        try statements.csv(list, account: 0).write(to: csv)
    }
    let rules = folder.appendingPathComponent("rules-realistic")
    let file = rules.appendingPathComponent("realistic.rules")
    if !FileManager.default.fileExists(atPath: file.path) {
        var random = BenchmarkRandom(seed: 7)
        let text = generator.rulesText(count: 1_000, kinds: .all, random: &random)
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
    let ledger = folder.appendingPathComponent("rules-realistic.sqlite").path
    return ("import.rules.csv.\(label)", size, ["import", csv.path, "--ledger", ledger, "--rules", rules.path])
}

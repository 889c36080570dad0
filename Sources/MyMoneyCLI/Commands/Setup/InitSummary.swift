import MyMoneyKit

/// What `mymoney init` prints once the ledger exists: what was set, the recovery key of an
/// encrypted ledger, and the next steps (import a statement, write a rule, reconcile).
enum InitSummary {
    static func text(path: String, ledgerOption: String, answers: InitAnswers, recoveryKey: LedgerRecoveryKey?,
                     createdRulesFolder: Bool) -> String {
        var lines = ["Your ledger is ready at \(path)\(recoveryKey == nil ? "" : " (encrypted)")."]
        lines.append("  primary currency: \(answers.primaryCurrency?.code ?? "not set")")
        if let name = answers.ownerName { lines.append("  owner: \(name)\(answers.ownerEmail.map { " <\($0)>" } ?? "")") }
        else if let email = answers.ownerEmail { lines.append("  owner: <\(email)>") }
        for account in answers.accounts { lines.append("  account: \(account.name) (\(account.kind.rawValue), \(account.currency.code))") }
        if let folder = answers.rulesFolder { lines.append("  rules folder: \(folder)\(createdRulesFolder ? " (created)" : "")") }
        if let recoveryKey {
            lines += [
                "",
                "Recovery key (shown only now; write it down and keep it apart from the passphrase —",
                "it opens the ledger if you forget the passphrase; type it where the passphrase is asked):",
                "",
                "    \(recoveryKey)",
            ]
        }
        let rules = answers.rulesFolder ?? "Rules"
        let account = answers.accounts.first?.name ?? "NAME"
        lines += [
            "",
            "What next:",
            "  1. Import a statement your bank gave you (CSV, OFX, QFX or QIF):",
            "       mymoney import ~/Downloads/statement.csv\(ledgerOption)",
            "  2. Write a rule, for example in \(rules)/10-groceries.rules:",
            "       rule \"Groceries\"",
            "         when payee contains \"REWE\"",
            "         set category Food:Groceries",
            "     and check it with: mymoney rules check\(ledgerOption)",
            "  3. Check the ledger against the balance your bank shows:",
            "       mymoney reconcile --account \(account.contains(" ") ? "\"\(account)\"" : account) --balance AMOUNT --as-of YYYY-MM-DD\(ledgerOption)",
            "A tour on sample statements first: mymoney tutorial",
        ]
        return lines.joined(separator: "\n")
    }
}

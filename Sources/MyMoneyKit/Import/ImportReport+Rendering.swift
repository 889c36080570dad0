import MyMoneyTransfers

/// The people-facing summary of `mymoney import`.
public enum ImportReportText {
    public static func make(_ outcome: ImportOutcome, style terminal: some TextStyle) -> String {
        var lines: [String] = []
        let files = Set(outcome.statements.map(\.statement.source.file)).count
        lines.append(terminal.bold("Imported \(counted(outcome.statements.count, "statement")) from \(counted(files, "file"))")
                     + (outcome.isDryRun ? terminal.yellow(" (dry run: nothing was written)") : ""))
        if !outcome.declaredAccountsCreated.isEmpty {
            lines.append("Accounts created from the account book: " + outcome.declaredAccountsCreated.map { "\($0.name) (\($0.kind.rawValue), \($0.currency.code))" }.joined(separator: ", "))
        }
        var table = TextTable(["file", "format", "account", "new", "duplicates", "balances"], alignments: [.left, .left, .left, .right, .right, .right])
        for s in outcome.statements {
            table.add([s.statement.source.file, s.statement.source.format,
                       s.account.name + (s.created ? " (new: \(s.account.kind.rawValue), \(s.account.currency.code))" : ""),
                       String(s.added), String(s.duplicates), String(s.statement.balances.filter { $0.kind != .running }.count)])
        }
        lines.append(table.render())
        if outcome.stored {
            let reasons = outcome.duplicateReasons
            if !reasons.isEmpty {
                let text = reasons.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) with the \($0.key.phrase)" }
                lines.append("Duplicates skipped: " + text.joined(separator: ", "))
            }
            lines.append("New transactions: \(outcome.addedCount); duplicates skipped: \(outcome.duplicateCount)")
        }
        lines.append("Rules: categorized \(counted(outcome.categorized, "transaction")); ignored \(outcome.ignored)")
        if let transfers = outcome.transfers {
            var line = "Transfers: \(outcome.transfersConfirmed) paired"
            if outcome.transfersProposed > 0 { line += ", \(outcome.transfersProposed) for review (mymoney transfers review)" }
            if !transfers.ambiguous.isEmpty { line += ", \(transfers.ambiguous.count) ambiguous (mymoney transfers review)" }
            if outcome.counterLegsCreated > 0 { line += ", \(counted(outcome.counterLegsCreated, "counter-leg")) created in cash accounts" }
            lines.append(line)
            let newPairs = transfers.pairs
            if !newPairs.isEmpty { lines.append(indent(TransferTableRenderer.render(pairs: newPairs, reasons: false))) }
        }
        if let reconciliation = outcome.reconciliation {
            lines.append("Reconciliation:")
            lines.append(indent(reconciliation.renderTable()))
            if reconciliation.hasMismatch {
                lines.append(terminal.red("A balance does not reconcile: see the suspects above, or run 'mymoney reconcile'."))
            }
        }
        if let batch = outcome.batchId {
            lines.append("Import \(batch): undo with 'mymoney imports undo \(batch)'")
        }
        return lines.joined(separator: "\n")
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
            .trimmingCharacters(in: .newlines)
    }
}

/// The machine-facing report of `mymoney import --format json`.
public enum ImportReportJSON {
    public static func make(_ outcome: ImportOutcome) -> JSONValue {
        var members: [(String, JSONValue)] = [("dry_run", .bool(outcome.isDryRun))]
        members.append(("batch", outcome.batchId.map { .number(String($0)) } ?? .null))
        members.append(("statements", .array(outcome.statements.map { s in
            .object([("file", .string(s.statement.source.file)), ("format", .string(s.statement.source.format)),
                            ("account", .string(s.account.name)), ("account_created", .bool(s.created)), ("reason", .string(s.reason)),
                     ("new", .int(s.added)), ("duplicates", .int(s.duplicates))])
        })))
        if outcome.stored {
            members.append(("new", .int(outcome.addedCount)))
            members.append(("duplicates", .array(outcome.duplicates.map { d in
                .object([("account", .string(d.accountName)), ("date", .string(d.day.description)),
                         ("amount", .string(d.amount.description)), ("payee", .optional(d.payee)),
                         ("reason", .string(d.reason.rawValue)), ("existing_id", .number(String(d.existingId)))])
            })))
        }
        members.append(("categorized", .int(outcome.categorized)))
        members.append(("ignored", .int(outcome.ignored)))
        members.append(("transfers_paired", .int(outcome.transfersConfirmed)))
        members.append(("transfers_for_review", .int(outcome.transfersProposed)))
        members.append(("transfers_ambiguous", .int(outcome.transfers?.ambiguous.count ?? 0)))
        if let r = outcome.reconciliation {
            members.append(("reconciled", .bool(!r.hasMismatch)))
        }
        return .object(members)
    }
}

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
            for s in outcome.statements where s.reissuedIds > 0 {
                lines.append(terminal.yellow("\(s.statement.source.file): \(counted(s.reissuedIds, "transaction")) already in the ledger under other bank ids (the bank re-issued its ids): not imported again; --trust-ids imports them"))
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
            if !newPairs.isEmpty {
                lines.append(indent(TransferTableRenderer.render(pairs: Array(newPairs.prefix(shownPairs)), reasons: false)))
                if newPairs.count > shownPairs {
                    lines.append("  … \(counted(newPairs.count - shownPairs, "more transfer")) paired: 'mymoney transfers list' shows them all")
                }
            }
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

    /// Transfers the summary lists, in the order they were paired: an import of several
    /// accounts' years pairs thousands, which `mymoney transfers list` shows.
    static let shownPairs = 20

    /// `text` with every line indented by two spaces, without the newlines at its ends.
    static func indent(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }
}

/// The machine-facing report of `mymoney import --format json`.
///
/// `duplicates` (when something was stored) is a summary by default,
/// `{"count": N, "reasons": {"same_bank_id": n, "same_fingerprint": n, "rewritten_description": n, "same_rows_new_ids": n}}`
/// (every reason, in that order, zeros included), and with `listingDuplicates` the list of the
/// duplicates skipped, one object each (account, date, amount, payee, reason, existing_id):
/// re-importing a million rows prints a few lines, not a million objects.
public enum ImportReportJSON {
    /// The report as a tree: the plain twin of ``write(_:listingDuplicates:into:)``.
    public static func make(_ outcome: ImportOutcome, listingDuplicates: Bool = false) -> JSONValue {
        var members: [(String, JSONValue)] = [("dry_run", .bool(outcome.isDryRun))]
        members.append(("batch", outcome.batchId.map { .number(String($0)) } ?? .null))
        members.append(("statements", .array(outcome.statements.map { s in
            .object([("file", .string(s.statement.source.file)), ("format", .string(s.statement.source.format)),
                            ("account", .string(s.account.name)), ("account_created", .bool(s.created)), ("reason", .string(s.reason)),
                     ("new", .int(s.added)), ("duplicates", .int(s.duplicates))])
        })))
        if outcome.stored {
            members.append(("new", .int(outcome.addedCount)))
            if listingDuplicates {
                members.append(("duplicates", .array(outcome.duplicates.map { d in
                    .object([("account", .string(d.accountName)), ("date", .string(d.day.description)),
                             ("amount", .string(d.amount.description)), ("payee", .optional(d.payee)),
                             ("reason", .string(d.reason.rawValue)), ("existing_id", .number(String(d.existingId)))])
                })))
            } else {
                let reasons = outcome.duplicateReasons
                members.append(("duplicates", .object([
                    ("count", .int(outcome.duplicates.count)),
                    ("reasons", .object(DuplicateReason.allCases.map { ($0.rawValue, .int(reasons[$0] ?? 0)) })),
                ])))
            }
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

    /// The report written as it goes (the listed duplicates one at a time): the same bytes as
    /// ``make(_:listingDuplicates:)`` serialized with the writer's `pretty`.
    public static func write(_ outcome: ImportOutcome, listingDuplicates: Bool = false, into json: inout JSONWriter) {
        json.beginObject()
        json.key("dry_run"); json.bool(outcome.isDryRun)
        json.key("batch"); if let batch = outcome.batchId { json.int(batch) } else { json.null() }
        json.key("statements")
        json.beginArray()
        for s in outcome.statements {
            json.beginObject()
            json.key("file"); json.string(s.statement.source.file)
            json.key("format"); json.string(s.statement.source.format)
            json.key("account"); json.string(s.account.name)
            json.key("account_created"); json.bool(s.created)
            json.key("reason"); json.string(s.reason)
            json.key("new"); json.int(s.added)
            json.key("duplicates"); json.int(s.duplicates)
            json.endObject()
        }
        json.endArray()
        if outcome.stored {
            json.key("new"); json.int(outcome.addedCount)
            json.key("duplicates")
            if listingDuplicates {
                json.beginArray()
                for d in outcome.duplicates {
                    json.beginObject()
                    json.key("account"); json.string(d.accountName)
                    json.key("date"); json.day(d.day)
                    json.key("amount"); json.amount(d.amount)
                    json.key("payee"); json.string(d.payee)
                    json.key("reason"); json.string(d.reason.rawValue)
                    json.key("existing_id"); json.int(d.existingId)
                    json.endObject()
                }
                json.endArray()
            } else {
                let reasons = outcome.duplicateReasons
                json.beginObject()
                json.key("count"); json.int(outcome.duplicates.count)
                json.key("reasons")
                json.beginObject()
                for reason in DuplicateReason.allCases { json.key(reason.rawValue); json.int(reasons[reason] ?? 0) }
                json.endObject()
                json.endObject()
            }
        }
        json.key("categorized"); json.int(outcome.categorized)
        json.key("ignored"); json.int(outcome.ignored)
        json.key("transfers_paired"); json.int(outcome.transfersConfirmed)
        json.key("transfers_for_review"); json.int(outcome.transfersProposed)
        json.key("transfers_ambiguous"); json.int(outcome.transfers?.ambiguous.count ?? 0)
        if let r = outcome.reconciliation { json.key("reconciled"); json.bool(!r.hasMismatch) }
        json.endObject()
    }
}

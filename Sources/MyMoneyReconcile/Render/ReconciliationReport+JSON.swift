extension ReconciliationReport {
    /// The report as JSON, in the shape of `mymoney reconcile --format json`:
    ///
    /// `{"accounts":[{"account","as_of","statement_balance","ledger_balance","difference","status","suspects":[…]}]}`
    /// plus `currency`, `source`, `reconciled_through`, `first_mismatch`, `checkpoints`,
    /// `running_balance_breaks`, `reordered_days` per account, and `unchecked` and `has_mismatch` at
    /// the top. The top-level figures of an account are those of its first disagreeing checkpoint, or
    /// of its latest when all agree. Amounts are strings holding the exact decimal, days `YYYY-MM-DD`.
    /// Ends with a newline.
    public func renderJSON() -> String {
        let root = JSONValue.object([
            ("accounts", .array(checked.map(\.json))),
            ("unchecked", .array(unchecked.map { .string($0) })),
            ("has_mismatch", .bool(hasMismatch)),
        ])
        return root.serialized() + "\n"
    }
}

extension AccountReconciliation {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("account", .string(account.name)), ("currency", .string(account.currency.code))]
        if let s = summary {
            members += [
                ("as_of", .string(s.checkpoint.day.description)),
                ("source", .string(s.checkpoint.source.rawValue)),
                ("statement_balance", .string(s.statementBalance.description)),
                ("ledger_balance", .string(s.ledgerBalance.description)),
                ("difference", .string(s.difference.description)),
                ("status", .string(status.rawValue)),
                ("suspects", .array(s.suspects.map(\.json))),
            ]
        }
        members += [
            ("reconciled_through", .optional(reconciledThrough?.description)),
            ("first_mismatch", firstMismatchWindow.map { .object([("from", .string($0.start.description)), ("to", .string($0.end.description)),
                                                                  ("last_agreeing", .optional(lastAgreeingDay?.description))]) } ?? .null),
            ("skipped_checkpoints", .number(String(skippedCheckpoints))),
            ("checkpoints", .array(checkpoints.map(\.json))),
            ("running_balance_breaks", .array(chainBreaks.map(\.json))),
            ("reordered_days", .array(reorderedDays.map { .string($0.description) })),
        ]
        return .object(members)
    }
}

extension CheckpointResult {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("as_of", .string(checkpoint.day.description)),
            ("through", .string(checkpoint.throughDay.description)),
            ("source", .string(checkpoint.source.rawValue)),
        ]
        if let file = checkpoint.file { members.append(("file", .string(file))) }
        if let line = checkpoint.position?.line { members.append(("line", .number(String(line)))) }
        members += [
            ("statement_balance", .string(statementBalance.description)),
            ("ledger_balance", .string(ledgerBalance.description)),
            ("difference", .string(difference.description)),
            ("status", .string(status.rawValue)),
        ]
        if let since = sameDifferenceSince { members.append(("same_difference_since", .string(since.description))) }
        members.append(("suspects", .array(suspects.map(\.json))))
        if let scope {
            members.append(("searched", .object([
                ("transactions", .number(String(scope.transactions))),
                ("suspect_entries", .number(String(scope.suspectEntries))),
                ("triples_cut", .bool(scope.triplesCut)),
                ("nearest", .number(String(scope.nearest))),
                ("summary", .string(scope.summary)),
            ])))
        }
        return .object(members)
    }
}

extension Suspect {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)),
            ("confidence", .number(confidenceText)),
            ("reason", .string(reason)),
        ]
        if let amount { members.append(("amount", .string(amount.description))) }
        if let window {
            members.append(("window", .object([("from", .string(window.start.description)), ("to", .string(window.end.description))])))
        }
        members.append(("transactions", .array(transactions.map { t in
            var m: [(String, JSONValue)] = [
                ("id", t.id.map { .number(String($0)) } ?? .null),
                ("date", .string(t.day.description)),
                ("amount", .string(t.amount.description)),
                ("payee", .optional(t.payee ?? t.originalPayee)),
            ]
            if let memo = t.memo { m.append(("memo", .string(memo))) }
            return .object(m)
        })))
        if !missingRows.isEmpty {
            members.append(("missing_rows", .array(missingRows.map { t in
                .object([
                    ("date", .string(t.day.description)),
                    ("amount", .string(t.amount.description)),
                    ("payee", .optional(t.payee ?? t.originalPayee)),
                    ("memo", .optional(t.memo)),
                ])
            })))
        }
        return .object(members)
    }

    /// The confidence with two decimals (`0.95`).
    var confidenceText: String {
        let hundredths = Int((max(0, min(1, confidence)) * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension RunningBalanceChain.Break {
    var json: JSONValue {
        .object([
            ("row", .number(String(row.index + 1))),
            ("line", row.position.map { .number(String($0.line)) } ?? .null),
            ("date", .string(row.day.description)),
            ("previous_row", previous.map { .number(String($0.index + 1)) } ?? .null),
            ("amount", .string(row.amount.description)),
            ("expected", .string(expected.description)),
            ("stated", .string(stated.description)),
            ("difference", .string(difference.description)),
        ])
    }
}

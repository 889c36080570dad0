/// The JSON form of statements for `mymoney parse --format json` (shape in DESIGN.md).
public enum StatementJSON {
    public static func document(_ statements: [Statement]) -> JSONValue {
        .object([("statements", .array(statements.map(statement)))])
    }

    public static func statement(_ s: Statement) -> JSONValue {
        var source: [(String, JSONValue)] = [("file", .string(s.source.file)), ("format", .string(s.source.format))]
        if let encoding = s.source.encoding { source.append(("encoding", .string(encoding))) }
        if let profile = s.source.profile { source.append(("profile", .string(profile))) }
        // Transactions first: see ``beginStatement(into:)``.
        var members: [(String, JSONValue)] = [("transactions", .array(s.transactions.map(transaction)))]
        members.append(("source", .object(source)))
        members.append(("account", .object([
            ("id", .optional(s.account.id)),
            ("kind", .optional(s.account.kind?.rawValue)),
            ("currency", .optional(s.account.currency?.code)),
            ("bank_id", .optional(s.account.bankId)),
            ("branch_id", .optional(s.account.branchId)),
            ("name", .optional(s.account.name)),
            ("type", .optional(s.account.bankType)),
        ])))
        if let period = s.period {
            members.append(("period", .object([("start", .string(period.start.description)), ("end", .string(period.end.description))])))
        }
        members.append(("balances", .array(s.balances.map { b in
            var m: [(String, JSONValue)] = [("kind", .string(b.kind.rawValue)), ("amount", .string(b.amount.description)),
                                            ("date", .optional(b.day?.description))]
            if let c = b.currency { m.append(("currency", .string(c.code))) }
            if let i = b.transactionIndex { m.append(("transaction_index", .int(i))) }
            return .object(m)
        })))
        if !s.extra.isEmpty { members.append(("extra", fields(s.extra))) }
        return .object(members)
    }

    public static func transaction(_ t: StatementTransaction) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("date", .string(t.day.description)),
            ("amount", .string(t.amount.description)),
            ("payee", .optional(t.payee)),
            ("memo", .optional(t.memo)),
            ("id", .optional(t.id)),
        ]
        if let c = t.currency { m.append(("currency", .string(c.code))) }
        if let v = t.bankType { m.append(("type", .string(v))) }
        if let v = t.checkNumber { m.append(("check_number", .string(v))) }
        if let v = t.category { m.append(("category", .string(v))) }
        if let v = t.transferAccount { m.append(("transfer_account", .string(v))) }
        if !t.tags.isEmpty { m.append(("tags", .array(t.tags.map(JSONValue.string)))) }
        if !t.splits.isEmpty {
            m.append(("splits", .array(t.splits.map { s in
                .object([("amount", .string(s.amount.description)), ("category", .optional(s.category)),
                         ("transfer_account", .optional(s.transferAccount)), ("memo", .optional(s.memo))])
            })))
        }
        if let p = t.position { m.append(("line", .int(p.line))) }
        if !t.extra.isEmpty { m.append(("extra", fields(t.extra))) }
        return .object(m)
    }

    static func fields(_ fields: [StatementField]) -> JSONValue {
        .array(fields.map { .object([("key", .string($0.key)), ("value", .string($0.value))]) })
    }
}

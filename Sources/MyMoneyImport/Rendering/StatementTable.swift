/// The people-facing form of a statement.
public enum StatementTable {
    public static func render(_ s: Statement, style terminal: some TextStyle) -> String {
        var head = "\(s.source.file) (\(s.source.format)"
        if let e = s.source.encoding { head += ", \(e)" }
        if let p = s.source.profile { head += ", profile \(p)" }
        head += ")"
        var lines = [terminal.bold(head)]
        var account = "account: \(s.account.id ?? s.account.name ?? "(not named)")"
        if let kind = s.account.kind { account += "  kind: \(kind.rawValue)" }
        account += "  currency: \(s.account.currency?.code ?? "(not named)")"
        if let period = s.period { account += "  period: \(period.start) … \(period.end)" }
        lines.append(account)
        for b in s.balances where b.kind != .running {
            lines.append("\(b.kind.rawValue) balance: \(b.amount)\(b.day.map { " as of \($0)" } ?? "")")
        }
        var table = TextTable(["date", "amount", "payee", "memo", "id"], alignments: [.left, .right, .left, .left, .left])
        for t in s.transactions {
            table.add([t.day.description, t.amount.description + (t.currency.map { " \($0.code)" } ?? ""),
                       String((t.payee ?? "").prefix(40)), String((t.memo ?? "").prefix(40)), t.id ?? ""])
        }
        lines.append(table.render())
        lines.append("\(s.transactions.count) transaction\(s.transactions.count == 1 ? "" : "s")\n")
        return lines.joined(separator: "\n")
    }
}

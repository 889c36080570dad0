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
        var table = TextTable(headers, alignments: alignments)
        for t in s.transactions { table.add(cells(t)) }
        lines.append(table.render())
        lines.append(footer(s.transactions.count) + "\n")
        return lines.joined(separator: "\n")
    }

    /// The same text as ``render(_:style:)``, handed to `line` a line at a time (without line
    /// feeds; the last is empty) as the transactions are written: the table streams
    /// (``StreamingTextTable``), so past its first 1,000 rows a wider cell widens its column
    /// instead of all rows sharing the widest.
    public static func write(_ s: Statement, style terminal: some TextStyle, lines line: @escaping (String) -> Void) {
        var table = begin(s.source, account: s.account, period: s.period, balances: s.balances, style: terminal, lines: line)
        for t in s.transactions { table.add(cells(t)) }
        end(&table, lines: line)
    }

    /// The head of a statement's text (source, account, balances) written, and the table to add
    /// its transactions to: ``write(_:style:lines:)`` in parts, for a statement read as a stream.
    public static func begin(_ source: StatementSource, account: StatementAccount, period: DayRange?, balances: [StatementBalance],
                             style terminal: some TextStyle, lines line: @escaping (String) -> Void) -> StreamingTextTable {
        head(source, account: account, period: period, balances: balances, style: terminal, lines: line)
        return StreamingTextTable(headers, alignments: alignments, lines: line)
    }

    /// The head of a statement's text: its source, account (with the period) and the balances
    /// other than running ones, a line at a time.
    public static func head(_ source: StatementSource, account: StatementAccount, period: DayRange?, balances: [StatementBalance],
                            style terminal: some TextStyle, lines line: (String) -> Void) {
        var head = "\(source.file) (\(source.format)"
        if let e = source.encoding { head += ", \(e)" }
        if let p = source.profile { head += ", profile \(p)" }
        head += ")"
        line(terminal.bold(head))
        var text = "account: \(account.id ?? account.name ?? "(not named)")"
        if let kind = account.kind { text += "  kind: \(kind.rawValue)" }
        text += "  currency: \(account.currency?.code ?? "(not named)")"
        if let period { text += "  period: \(period.start) … \(period.end)" }
        line(text)
        for b in balances where b.kind != .running {
            line("\(b.kind.rawValue) balance: \(b.amount)\(b.day.map { " as of \($0)" } ?? "")")
        }
    }

    /// The end of a statement's text: the rest of the table and the count.
    public static func end(_ table: inout StreamingTextTable, lines line: (String) -> Void) {
        table.finish()
        line(footer(table.count))
        line("")
    }

    static let headers = ["date", "amount", "payee", "memo", "id"]
    static let alignments: [TextTable.Alignment] = [.left, .right, .left, .left, .left]

    /// One transaction's cells.
    public static func cells(_ t: StatementTransaction) -> [String] {
        [t.day.description, t.amount.description + (t.currency.map { " \($0.code)" } ?? ""),
         String((t.payee ?? "").prefix(40)), String((t.memo ?? "").prefix(40)), t.id ?? ""]
    }

    static func footer(_ count: Int) -> String { "\(count) transaction\(count == 1 ? "" : "s")" }
}

/// The books' transactions as CSV (`mymoney export csv`): UTF-8, a header, one row per
/// transaction or, for a split transaction, one row per part.
///
/// Amounts are exact decimals with `.` (`-54.37`), dates ISO 8601 (`2026-10-02`). Fields are
/// quoted as RFC 4180 asks (a comma, quote or line break inside). A text cell a spreadsheet would
/// run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading
/// `'`, so a payee from a bank file never becomes a formula; the amount columns, which this
/// export writes itself, stay plain numbers.
public struct TransactionsCSV: Sendable {
    public var books: BooksSnapshot

    public init(_ books: BooksSnapshot) { self.books = books }

    public static let header = [
        "id", "date", "account", "amount", "currency", "payee", "original_payee", "memo", "notes", "type",
        "category", "tags", "project", "place", "part", "parts", "transaction_amount", "part_memo",
        "transfer_id", "transfer_account", "bank_id", "bank_type", "check_number", "import_batch",
        "source_format", "source_file", "source_line", "extra",
    ]

    /// A text cell made safe for a spreadsheet.
    public static func neutralized(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    /// A cell quoted when it holds a comma, a quote or a line break.
    static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    public func render() -> String {
        var names: [Int64: String] = [:]
        for a in books.accounts { if let id = a.id { names[id] = a.name } }
        var transferOf: [Int64: (id: Int64, other: Int64)] = [:]
        for t in books.transfers {
            transferOf[t.fromTransactionId] = (t.id, t.toTransactionId)
            transferOf[t.toTransactionId] = (t.id, t.fromTransactionId)
        }
        var accountOf: [Int64: Int64] = [:]
        for t in books.transactions { if let id = t.id { accountOf[id] = t.accountId } }
        var out = TransactionsCSV.header.joined(separator: ",") + "\n"
        for t in books.transactions {
            let transfer = t.id.flatMap { transferOf[$0] }
            let parts: [StatementSplit?] = t.splits.isEmpty ? [nil] : t.splits
            for (i, part) in parts.enumerated() {
                var row = [t.id.map(String.init) ?? "", t.day.description]
                row.append(TransactionsCSV.neutralized(names[t.accountId] ?? String(t.accountId)))
                row += [(part?.amount ?? t.amount).description, t.currency.code]
                row += [t.payee ?? "", t.originalPayee ?? "", t.memo ?? "", t.notes ?? ""].map(TransactionsCSV.neutralized)
                row.append(t.type.rawValue)
                let category = part?.category ?? t.category?.description ?? ""
                let tags = (part.map { t.tags + $0.tags.filter { !t.tags.contains($0) } } ?? t.tags).joined(separator: ";")
                row += [category, tags, t.project ?? "", t.place ?? ""].map(TransactionsCSV.neutralized)
                row += part == nil ? ["", "", "", ""]
                    : [String(i + 1), String(parts.count), t.amount.description, TransactionsCSV.neutralized(part?.memo ?? "")]
                row.append(transfer.map { String($0.id) } ?? "")
                row.append(TransactionsCSV.neutralized(transfer.flatMap { accountOf[$0.other] }.flatMap { names[$0] } ?? ""))
                row += [t.bankId ?? "", t.bankType ?? "", t.checkNumber ?? ""].map(TransactionsCSV.neutralized)
                row.append(t.id.flatMap { books.batchOfTransaction[$0] }.map(String.init) ?? "")
                row += [t.sourceFormat ?? "", t.sourceFile ?? ""].map(TransactionsCSV.neutralized)
                row.append(t.sourceLine.map(String.init) ?? "")
                row.append(TransactionsCSV.neutralized(t.extra.map { "\($0.key)=\($0.value)" }.joined(separator: ";")))
                out += row.map(TransactionsCSV.quoted).joined(separator: ",") + "\n"
            }
        }
        return out
    }
}

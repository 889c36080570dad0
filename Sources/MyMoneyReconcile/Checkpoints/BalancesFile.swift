import Foundation

/// A file of balances the user asserts, one per line, read into ``BalanceAssertion``s.
///
/// Two layouts, told apart by the first line that is not blank or a comment:
///
/// - **Plain lines** (the default): `DAY ACCOUNT AMOUNT [CURRENCY]`, e.g.
///   `2026-10-31 Girokonto 1234.56 EUR`. The account is everything between the day and the
///   amount, so `2026-10-31 US Checking 1824.55 USD` names `US Checking`; it may also be quoted
///   (`"US Checking"`).
/// - **CSV**: a header naming the columns `date`, `account`, `amount` and optionally `currency`
///   (any order, any case), separated by `,` or `;` (whichever the header uses); fields may be
///   quoted with `"` (`""` inside quotes is one quote).
///
/// In both, days are ISO `YYYY-MM-DD`; amounts are written with a point and no grouping
/// (`-1234.56`); the currency is an ISO 4217 code. `#` starts a comment line. Each balance
/// includes everything posted on its day. Problems are reported as diagnostics (`balances.*`)
/// with line and column, and the line is skipped; the other lines are still read.
public struct BalancesFile: Sendable {
    /// The assertions read, in file order.
    public var assertions: [BalanceAssertion]
    /// Problems found, in file order.
    public var diagnostics: [Diagnostic]

    /// Reads a balances file.
    ///
    /// - Complexity: O(n) in the length of the text.
    public init(_ source: SourceFile) {
        var reader = BalancesFileReader(source: source)
        reader.read()
        self.assertions = reader.assertions
        self.diagnostics = reader.diagnostics
    }

    /// Reads balances from text (`name` is used in diagnostics).
    public init(name: String, text: String) {
        self.init(SourceFile(name: name, string: text))
    }
}

/// One field of a line: its text and where it starts (byte offset in the line).
struct LineField {
    var text: String
    var column: Int
}

/// The line-by-line reading behind ``BalancesFile``.
struct BalancesFileReader {
    let source: SourceFile
    var assertions: [BalanceAssertion] = []
    var diagnostics: [Diagnostic] = []
    /// Column of date, account, amount, currency when the file is CSV.
    var csvColumns: (date: Int, account: Int, amount: Int, currency: Int?)?
    var csvSeparator: UInt8 = 0x2C
    var sawContent = false
    var seen: [String: (Amount, Int)] = [:]

    init(source: SourceFile) { self.source = source }

    mutating func read() {
        let bytes = source.text
        var lineStart = 0
        var lineNumber = 1
        // Skip a UTF-8 byte order mark.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { lineStart = 3 }
        while lineStart <= bytes.count {
            var end = lineStart
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > lineStart && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            readLine(Array(bytes[lineStart..<contentEnd]), offset: lineStart, line: lineNumber)
            if end >= bytes.count { break }
            lineStart = end + 1
            lineNumber += 1
        }
    }

    func position(_ offset: Int, line: Int, column: Int) -> SourcePosition {
        SourcePosition(offset: offset + column, line: line, column: column + 1)
    }

    mutating func report(_ code: String, _ message: String, offset: Int, line: Int, column: Int,
                         notes: [String] = [], severity: Diagnostic.Severity = .error) {
        diagnostics.append(Diagnostic(severity, code: code, message, file: source.name,
                                      position: position(offset, line: line, column: column), notes: notes))
    }

    mutating func readLine(_ line: [UInt8], offset: Int, line number: Int) {
        var first = 0
        while first < line.count && (line[first] == 0x20 || line[first] == 0x09) { first += 1 }
        if first == line.count || line[first] == 0x23 { return } // blank or # comment
        if !sawContent {
            sawContent = true
            if readHeader(line, offset: offset, line: number) { return }
        }
        if csvColumns != nil {
            readCSVLine(line, offset: offset, line: number)
        } else {
            readPlainLine(line, offset: offset, line: number)
        }
    }

    /// Recognizes a CSV header (a `date` column and a separator); returns whether the line was one.
    mutating func readHeader(_ line: [UInt8], offset: Int, line number: Int) -> Bool {
        let separator: UInt8
        if line.contains(0x3B) { separator = 0x3B } else if line.contains(0x2C) { separator = 0x2C } else { return false }
        let fields = BalancesFileReader.splitCSV(line, separator: separator)
        let names = fields.map { $0.text.trimmingCharacters(in: .whitespaces).lowercased() }
        guard names.contains("date") || names.contains("account") || names.contains("amount") else { return false }
        csvSeparator = separator
        guard let date = names.firstIndex(of: "date"), let account = names.firstIndex(of: "account"),
              let amount = names.firstIndex(of: "amount") else {
            report("balances.header", "the CSV header must name the columns date, account and amount; found \(names.joined(separator: ", "))",
                   offset: offset, line: number, column: 0,
                   notes: ["example header: date,account,amount,currency"])
            csvColumns = (-1, -1, -1, nil)
            return true
        }
        csvColumns = (date, account, amount, names.firstIndex(of: "currency"))
        return true
    }

    mutating func readCSVLine(_ line: [UInt8], offset: Int, line number: Int) {
        guard let columns = csvColumns, columns.date >= 0 else { return }
        let fields = BalancesFileReader.splitCSV(line, separator: csvSeparator)
        let needed = max(columns.date, columns.account, columns.amount, columns.currency ?? 0) + 1
        guard fields.count >= needed else {
            report("balances.fields", "expected \(needed) fields (date, account, amount), found \(fields.count)",
                   offset: offset, line: number, column: 0)
            return
        }
        let currency = columns.currency.map { fields[$0] }
        accept(date: fields[columns.date], account: fields[columns.account], amount: fields[columns.amount],
               currency: currency.flatMap { $0.text.isEmpty ? nil : $0 }, offset: offset, line: number)
    }

    mutating func readPlainLine(_ line: [UInt8], offset: Int, line number: Int) {
        let tokens = BalancesFileReader.splitWords(line)
        guard tokens.count >= 3 else {
            report("balances.fields", "expected DAY ACCOUNT AMOUNT [CURRENCY], found \(tokens.count) field\(tokens.count == 1 ? "" : "s")",
                   offset: offset, line: number, column: tokens.first?.column ?? 0,
                   notes: ["example: 2026-10-31 Girokonto 1234.56 EUR"])
            return
        }
        var last = tokens.count - 1
        var currency: LineField?
        if BalancesFileReader.looksLikeCurrency(tokens[last].text) && tokens.count >= 4 {
            currency = tokens[last]
            last -= 1
        }
        let nameTokens = tokens[1..<last]
        let account = LineField(text: nameTokens.map(\.text).joined(separator: " "), column: tokens[1].column)
        accept(date: tokens[0], account: account, amount: tokens[last], currency: currency, offset: offset, line: number)
    }

    mutating func accept(date: LineField, account: LineField, amount: LineField, currency: LineField?,
                         offset: Int, line number: Int) {
        let dayText = date.text.trimmingCharacters(in: .whitespaces)
        guard let day = Day(iso: dayText) else {
            report("balances.date", "cannot read \"\(dayText)\" as a day: expected YYYY-MM-DD, e.g. 2026-10-31",
                   offset: offset, line: number, column: date.column)
            return
        }
        let name = account.text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else {
            report("balances.account", "the account name is empty", offset: offset, line: number, column: account.column)
            return
        }
        let amountText = amount.text.trimmingCharacters(in: .whitespaces)
        let value: Amount
        do {
            value = try Amount(parsing: amountText, format: .plain)
        } catch {
            report("balances.amount", "cannot read \"\(amountText)\" as an amount: \(error.reason)",
                   offset: offset, line: number, column: amount.column,
                   notes: ["write amounts with a point and no grouping, e.g. -1234.56"])
            return
        }
        var code: Currency?
        if let currency {
            let text = currency.text.trimmingCharacters(in: .whitespaces)
            guard let c = Currency(code: text) else {
                report("balances.currency", "\"\(text)\" is not an ISO 4217 currency code", offset: offset,
                       line: number, column: currency.column)
                return
            }
            code = c
        }
        let key = name.lowercased() + "\u{0}" + day.description
        if let (earlier, earlierLine) = seen[key] {
            if earlier != value {
                report("balances.conflict", "\(name) is given two balances for \(day): \(earlier) on line \(earlierLine) and \(value) here",
                       offset: offset, line: number, column: amount.column, severity: .warning)
            }
        } else {
            seen[key] = (value, number)
        }
        assertions.append(BalanceAssertion(account: name, day: day, amount: value, currency: code, file: source.name,
                                           position: position(offset, line: number, column: date.column)))
    }

    static func looksLikeCurrency(_ text: String) -> Bool {
        text.utf8.count == 3 && text.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
    }

    /// Splits on spaces and tabs; `"…"` keeps spaces inside one field.
    static func splitWords(_ line: [UInt8]) -> [LineField] {
        var fields: [LineField] = []
        var i = 0
        while i < line.count {
            while i < line.count && (line[i] == 0x20 || line[i] == 0x09) { i += 1 }
            if i >= line.count { break }
            let start = i
            if line[i] == 0x22 {
                i += 1
                let contentStart = i
                while i < line.count && line[i] != 0x22 { i += 1 }
                fields.append(LineField(text: String(decoding: line[contentStart..<i], as: UTF8.self), column: start))
                if i < line.count { i += 1 }
            } else {
                while i < line.count && line[i] != 0x20 && line[i] != 0x09 { i += 1 }
                fields.append(LineField(text: String(decoding: line[start..<i], as: UTF8.self), column: start))
            }
        }
        return fields
    }

    /// Splits one CSV line (RFC 4180 quoting within the line).
    static func splitCSV(_ line: [UInt8], separator: UInt8) -> [LineField] {
        var fields: [LineField] = []
        var i = 0
        var current: [UInt8] = []
        var start = 0
        var quoted = false
        while i < line.count {
            let b = line[i]
            if quoted {
                if b == 0x22 {
                    if i + 1 < line.count && line[i + 1] == 0x22 { current.append(0x22); i += 1 } else { quoted = false }
                } else {
                    current.append(b)
                }
            } else if b == 0x22 {
                quoted = true
            } else if b == separator {
                fields.append(LineField(text: String(decoding: current, as: UTF8.self), column: start))
                current = []
                start = i + 1
            } else {
                current.append(b)
            }
            i += 1
        }
        fields.append(LineField(text: String(decoding: current, as: UTF8.self), column: start))
        return fields
    }
}

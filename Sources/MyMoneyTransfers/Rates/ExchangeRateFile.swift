import Foundation

/// A user's rates file: one reference rate a line, `DAY,FROM,TO,RATE`.
///
/// ```
/// # day, from, to, rate (units of TO for one FROM)
/// 2026-10-05,EUR,USD,1.1364
/// 2026-10-06;EUR;GBP;0,8712
/// ```
/// Days are `YYYY-MM-DD`; currencies ISO 4217 codes; the rate a positive decimal with a point.
/// Fields are separated by commas, semicolons or tabs (the first of these found on the line);
/// with semicolons or tabs the rate may use a decimal comma. Blank lines and lines starting with
/// `#` are skipped, and so is a first line of headings (`date,from,to,rate`). A UTF-8 byte-order
/// mark is ignored. Each bad line becomes a diagnostic and is skipped; the rest are kept.
public struct ExchangeRateFile: Sendable {
    /// The rates read, in file order.
    public var rates: [ExchangeRate]
    /// Problems found, one per bad line (codes `rates.fields`, `rates.date`, `rates.currency`,
    /// `rates.rate`, `rates.same-currency`, `rates.conflict`).
    public var diagnostics: [Diagnostic]

    public init(rates: [ExchangeRate] = [], diagnostics: [Diagnostic] = []) {
        self.rates = rates
        self.diagnostics = diagnostics
    }

    /// Reads a rates file's text; `file` names it in diagnostics.
    public static func parse(_ text: String, file: String? = nil) -> ExchangeRateFile {
        var result = ExchangeRateFile()
        var seen: [String: (rate: Amount, line: Int)] = [:]
        var offset = 0
        var sawData = false
        var lineNumber = 0
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst(); offset = 3 }
        for bytes in body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let rawLine = Substring(bytes)
            lineNumber += 1
            let lineOffset = offset
            offset += rawLine.utf8.count + 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let separator: Character = line.contains(",") && !line.contains(";") && !line.contains("\t") ? ","
                : (line.contains(";") ? ";" : (line.contains("\t") ? "\t" : ","))
            var fields: [(text: String, column: Int)] = []
            var column = 1
            for part in line.split(separator: separator, omittingEmptySubsequences: false) {
                let leading = part.prefix(while: { $0 == " " }).utf8.count
                fields.append((part.trimmingCharacters(in: .whitespaces), column + leading))
                column += part.utf8.count + 1
            }
            func position(_ field: Int) -> SourcePosition {
                let col = field < fields.count ? fields[field].column : 1
                return SourcePosition(offset: lineOffset + col - 1, line: lineNumber, column: col)
            }
            if !sawData, let first = fields.first, Day(iso: first.text) == nil,
               ["date", "day", "datum", "fecha"].contains(first.text.lowercased()) {
                sawData = true
                continue
            }
            sawData = true
            guard fields.count == 4 else {
                result.diagnostics.append(.error("rates.fields",
                    "expected 4 fields (day, from, to, rate), found \(fields.count): \"\(trimmed)\"",
                    file: file, at: position(0), notes: ["example: 2026-10-05,EUR,USD,1.1364"]))
                continue
            }
            guard let day = Day(iso: fields[0].text) else {
                result.diagnostics.append(.error("rates.date",
                    "cannot read \"\(fields[0].text)\" as a day; write YYYY-MM-DD", file: file, at: position(0)))
                continue
            }
            guard let from = Currency(code: fields[1].text), fields[1].text.count == 3 else {
                result.diagnostics.append(.error("rates.currency",
                    "\"\(fields[1].text)\" is not an ISO 4217 currency code", file: file, at: position(1)))
                continue
            }
            guard let to = Currency(code: fields[2].text), fields[2].text.count == 3 else {
                result.diagnostics.append(.error("rates.currency",
                    "\"\(fields[2].text)\" is not an ISO 4217 currency code", file: file, at: position(2)))
                continue
            }
            guard from != to else {
                result.diagnostics.append(.error("rates.same-currency",
                    "a rate from \(from.code) to itself says nothing; name two different currencies",
                    file: file, at: position(1)))
                continue
            }
            let format: AmountFormat = separator == "," ? .plain : AmountFormat(decimalMark: fields[3].text.contains(",") ? "," : ".")
            guard let rate = try? Amount(parsing: fields[3].text, format: format), rate.isPositive else {
                result.diagnostics.append(.error("rates.rate",
                    "cannot read \"\(fields[3].text)\" as a positive rate; write units of \(to.code) for one \(from.code), e.g. 1.1364",
                    file: file, at: position(3)))
                continue
            }
            let key = "\(day) \(from.code) \(to.code)"
            if let earlier = seen[key] {
                if earlier.rate != rate {
                    result.diagnostics.append(.warning("rates.conflict",
                        "\(from.code)→\(to.code) on \(day) is given again as \(rate); line \(earlier.line) said \(earlier.rate), which is kept",
                        file: file, at: position(3)))
                }
                continue
            }
            seen[key] = (rate, lineNumber)
            result.rates.append(ExchangeRate(day: day, from: from, to: to, rate: rate, source: .file))
        }
        return result
    }
}

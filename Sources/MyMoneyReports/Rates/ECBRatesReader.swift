/// Reads the ECB's euro reference rates: `eurofxref-hist.csv` (and the one-day `eurofxref.csv`).
///
/// ```
/// Date,USD,JPY,BGN,…,ZAR,
/// 2026-10-05,1.1364,164.12,1.9558,…,19.8921,
/// ```
/// A header of `Date` and one column per currency, read by name (columns move between versions),
/// rows newest first, `N/A` (or nothing) where a currency was not quoted, a comma ending every
/// line. Each value is 1 EUR in that currency. The one-day file writes spaces after the commas
/// and its day as `10 February 2023`; both are read. Codes: `rates.currency` (a column that is
/// no ISO 4217 code, or twice), `rates.fields`, `rates.date`, `rates.rate` (not a number, zero or
/// negative), all errors.
enum ECBRatesReader {
    /// Whether `line` is an ECB header: `Date` followed by currency-code-like columns.
    static func isHeader(_ line: RateLine) -> Bool {
        let fields = line.fields(separatedBy: ",")
        guard fields.count >= 2, fields[0].text == "Date" else { return false }
        let codes = fields.dropFirst().map(\.text).filter { !$0.isEmpty }
        return !codes.isEmpty && codes.allSatisfy { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isUppercase } }
    }

    static func read(_ lines: [RateLine], name: String) -> RatesFile {
        var file = RatesFile(name: name, format: .ecb)
        guard let headerIndex = lines.firstIndex(where: { !$0.text.allSatisfy(\.isWhitespace) }) else { return file }
        let header = lines[headerIndex]
        var columns: [Currency?] = []
        var seen = Set<Currency>()
        for (index, field) in header.fields(separatedBy: ",").enumerated().dropFirst() {
            if field.text.isEmpty { columns.append(nil); continue }
            guard let currency = Currency(code: field.text), field.text.count == 3 else {
                file.diagnostics.append(.error("rates.currency", "column \(index + 1) is headed \"\(field.text)\", which is not an ISO 4217 currency code",
                                               file: name, at: header.position(column: field.column)))
                columns.append(nil)
                continue
            }
            guard seen.insert(currency).inserted else {
                file.diagnostics.append(.error("rates.currency", "\(currency.code) heads two columns; which one holds its rates is unclear",
                                               file: name, at: header.position(column: field.column)))
                columns.append(nil)
                continue
            }
            columns.append(currency)
        }
        for line in lines[(headerIndex + 1)...] where !line.text.allSatisfy(\.isWhitespace) {
            let fields = line.fields(separatedBy: ",")
            // Rows may end with the trailing comma or without it.
            let expected = columns.count + 1
            guard fields.count == expected || (fields.count == expected - 1 && columns.last == nil) else {
                file.diagnostics.append(.error("rates.fields", "expected \(expected) fields like the header, found \(fields.count)",
                                               file: name, at: line.position(column: 1)))
                continue
            }
            guard let day = Day(iso: fields[0].text) ?? ECBRatesReader.longDay(fields[0].text) else {
                file.diagnostics.append(.error("rates.date", "cannot read \"\(fields[0].text)\" as a day; the ECB writes YYYY-MM-DD",
                                               file: name, at: line.position(column: fields[0].column)))
                continue
            }
            for (index, field) in fields.enumerated().dropFirst() {
                guard let currency = columns[index - 1] else { continue }
                if field.text.isEmpty || field.text == "N/A" { continue }
                guard let rate = try? Amount(parsing: field.text, format: .plain) else {
                    file.diagnostics.append(.error("rates.rate", "cannot read \"\(field.text)\" as the rate of \(currency.code); write a decimal with a point, e.g. 1.1364, or N/A",
                                                   file: name, at: line.position(column: field.column)))
                    continue
                }
                guard rate.isPositive else {
                    file.diagnostics.append(.error("rates.rate", "the rate of \(currency.code) should be more than zero, not \(rate)",
                                                   file: name, at: line.position(column: field.column)))
                    continue
                }
                if currency == .EUR { continue }
                file.rates.append(StoredRate(day: day, from: .EUR, to: currency, rate: rate, source: .ecb, file: name))
            }
        }
        return file
    }

    /// `10 February 2023`, the one-day file's form.
    static func longDay(_ text: String) -> Day? {
        let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                      "october", "november", "december"]
        let parts = text.split(separator: " ")
        guard parts.count == 3, let d = Int(parts[0]), let m = months.firstIndex(of: parts[1].lowercased()),
              let y = Int(parts[2]) else { return nil }
        return Day(year: y, month: m + 1, day: d)
    }
}

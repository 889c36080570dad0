import MyMoneyTransfers

/// Reads a rates file of any kind My Money knows, recognized by its content: the ECB's CSV
/// (a `Date` header and currency columns), hledger `P` directives, beancount `price` entries, or
/// plain `date,from,to,rate` lines (``ExchangeRateFile``).
///
/// A file that is none of these is refused (`rates.format`); lines longer than
/// ``maximumLineLength`` are refused (`rates.line-too-long`) and nothing after them is read.
public enum RatesFileReader {
    /// Longer lines are not read (a rates line is short; the ECB's is about 300 bytes).
    public static let maximumLineLength = 1 << 16

    /// The kind of rates file `text` holds, or nil.
    public static func format(of text: String) -> RatesFile.Format? {
        format(of: RateLine.split(text))
    }

    static func format(of lines: [RateLine]) -> RatesFile.Format? {
        let meaningful = lines.filter { line in
            let t = line.text.drop(while: { $0 == " " || $0 == "\t" })
            return !t.isEmpty && !t.hasPrefix("#") && !t.hasPrefix(";")
        }
        guard let first = meaningful.first else { return nil }
        if ECBRatesReader.isHeader(first) { return .ecb }
        for line in meaningful {
            if JournalPricesReader.isHledgerPrice(line) { return .hledger }
            if JournalPricesReader.isBeancountPrice(line) { return .beancount }
        }
        let separators: [Character] = [",", ";", "\t"]
        if separators.contains(where: { first.fields(separatedBy: $0).count == 4 }) { return .csv }
        return nil
    }

    /// Reads `text`, the content of the file the user named `name`.
    public static func read(_ text: String, name: String) -> RatesFile {
        let lines = RateLine.split(text)
        if let long = lines.first(where: { $0.text.utf8.count > maximumLineLength }) {
            return RatesFile(name: name, format: nil, diagnostics: [.error(
                "rates.line-too-long", "line \(long.number) is \(long.text.utf8.count) bytes long; a rates line is at most \(maximumLineLength)",
                file: name, at: long.position(column: 1))])
        }
        switch format(of: lines) {
        case .ecb: return ECBRatesReader.read(lines, name: name)
        case .hledger: return JournalPricesReader.read(lines, name: name, format: .hledger)
        case .beancount: return JournalPricesReader.read(lines, name: name, format: .beancount)
        case .csv:
            let plain = ExchangeRateFile.parse(text, file: name)
            return RatesFile(name: name, format: .csv,
                             rates: plain.rates.map { StoredRate(day: $0.day, from: $0.from, to: $0.to, rate: $0.rate, source: .csv, file: name) },
                             diagnostics: plain.diagnostics)
        case nil:
            return RatesFile(name: name, format: nil, diagnostics: [.error(
                "rates.format", "this is not a rates file My Money knows",
                file: name, at: lines.first?.position(column: 1),
                notes: ["expected the ECB's CSV (Date,USD,JPY,…), hledger P directives (P 2026-10-05 USD 0.88 EUR), beancount prices (2026-10-05 price USD 0.88 EUR) or date,from,to,rate lines"])])
        }
    }
}

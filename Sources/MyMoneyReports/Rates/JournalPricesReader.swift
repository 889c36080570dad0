/// Reads market prices from plain-text journals: hledger `P` directives and beancount `price`
/// entries, skipping every other line (transactions, options, comments).
///
/// ```
/// P 2026-10-05 USD 0.8800 EUR          ; hledger (also 2026/10/05, and EUR 0.88 or the time of day)
/// 2026-10-05 price USD 0.8800 EUR      ; beancount
/// ```
/// Both read as "one USD was worth 0.88 EUR on that day". Only currencies convert: a price of a
/// commodity that is not an ISO 4217 currency (a fund, a stock) is skipped with a warning
/// (`rates.commodity`). When a file gives one pair twice on a day, the last wins (beancount's rule).
/// Errors: `rates.fields` (a price line without its parts), `rates.date`, `rates.rate` (not a
/// number, zero or negative), `rates.same-currency`.
enum JournalPricesReader {
    /// Whether `line` is an hledger `P` directive.
    static func isHledgerPrice(_ line: RateLine) -> Bool {
        guard line.text.first == "P", let second = line.text.dropFirst().first else { return false }
        return second == " " || second == "\t"
    }

    /// Whether `line` is a beancount `price` entry.
    static func isBeancountPrice(_ line: RateLine) -> Bool {
        let words = line.words()
        return words.count >= 2 && words[1].text == "price" && Day(iso: words[0].text) != nil
    }

    static func read(_ lines: [RateLine], name: String, format: RatesFile.Format) -> RatesFile {
        var file = RatesFile(name: name, format: format)
        var latest: [String: Int] = [:]
        for line in lines {
            let isPrice = format == .hledger ? isHledgerPrice(line)
                : (line.words().dropFirst().first?.text == "price")
            guard isPrice else { continue }
            var words = line.words()
            // The parts after the keyword: DATE [TIME] COMMODITY AMOUNT (hledger) or DATE price COMMODITY AMOUNT.
            let dateWord: (text: String, column: Int)
            if format == .hledger {
                words.removeFirst()
                guard let first = words.first else { file.diagnostics.append(missing(line, name)); continue }
                dateWord = first
                words.removeFirst()
                if let time = words.first, time.text.contains(":") { words.removeFirst() }
            } else {
                dateWord = words[0]
                words.removeFirst(2)
            }
            guard let day = JournalPricesReader.day(dateWord.text, slashes: format == .hledger) else {
                file.diagnostics.append(.error("rates.date", "cannot read \"\(dateWord.text)\" as a day; write YYYY-MM-DD",
                                               file: name, at: line.position(column: dateWord.column)))
                continue
            }
            guard words.count >= 2 else { file.diagnostics.append(missing(line, name)); continue }
            let commodity = words[0]
            // The amount: NUMBER CODE or CODE NUMBER.
            func numeric(_ w: (text: String, column: Int)) -> Bool {
                w.text.first.map { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." } ?? false
            }
            let number: (text: String, column: Int), code: (text: String, column: Int)
            if numeric(words[1]) {
                guard words.count >= 3 else { file.diagnostics.append(missing(line, name)); continue }
                (number, code) = (words[1], words[2])
            } else if words.count >= 3 && numeric(words[2]) {
                (number, code) = (words[2], words[1])
            } else if words.count >= 3 {
                file.diagnostics.append(.error("rates.rate", "cannot read \"\(words[1].text)\" as a rate; write a decimal with a point, e.g. 0.8800",
                                               file: name, at: line.position(column: words[1].column)))
                continue
            } else {
                // `P 2026-10-05 € $1.35`: an amount with a symbol, not an ISO code.
                file.diagnostics.append(.warning("rates.commodity", "\"\(words[1].text)\" is not an amount in an ISO 4217 currency: this price is skipped (only currencies convert)",
                                                 file: name, at: line.position(column: words[1].column)))
                continue
            }
            guard let from = JournalPricesReader.currency(commodity.text), let to = JournalPricesReader.currency(code.text) else {
                let bad = JournalPricesReader.currency(commodity.text) == nil ? commodity : code
                file.diagnostics.append(.warning("rates.commodity", "\"\(bad.text)\" is not an ISO 4217 currency: this price is skipped (only currencies convert)",
                                                 file: name, at: line.position(column: bad.column)))
                continue
            }
            guard from != to else {
                file.diagnostics.append(.error("rates.same-currency", "a price of \(from.code) in itself says nothing; name two different currencies",
                                               file: name, at: line.position(column: commodity.column)))
                continue
            }
            guard let rate = try? Amount(parsing: number.text, format: .plain) else {
                file.diagnostics.append(.error("rates.rate", "cannot read \"\(number.text)\" as a rate; write a decimal with a point, e.g. 0.8800",
                                               file: name, at: line.position(column: number.column)))
                continue
            }
            guard rate.isPositive else {
                file.diagnostics.append(.error("rates.rate", "a rate should be more than zero, not \(rate)",
                                               file: name, at: line.position(column: number.column)))
                continue
            }
            let stored = StoredRate(day: day, from: from, to: to, rate: rate, source: format.source, file: name)
            let key = "\(day) \(from.code) \(to.code)"
            if let earlier = latest[key] { file.rates[earlier] = stored } else {
                latest[key] = file.rates.count
                file.rates.append(stored)
            }
        }
        return file
    }

    static func missing(_ line: RateLine, _ name: String) -> Diagnostic {
        .error("rates.fields", "a price needs a day, a currency and its rate in another currency, e.g. P 2026-10-05 USD 0.88 EUR",
               file: name, at: line.position(column: 1))
    }

    /// `2026-10-05`; with `slashes`, also `2026/10/05` and `2026.10.05` (hledger).
    static func day(_ text: String, slashes: Bool) -> Day? {
        if let day = Day(iso: text) { return day }
        guard slashes else { return nil }
        return Day(iso: text.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".", with: "-"))
    }

    /// An ISO 4217 code written as one (three letters, upper case), quoted or not.
    static func currency(_ text: String) -> Currency? {
        let bare = text.hasPrefix("\"") && text.hasSuffix("\"") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
        guard bare.count == 3, bare.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        return Currency(code: bare)
    }
}

/// Facts a bank writes above (or below) its table: the account, the period, balances.
///
/// ING DE: `IBAN;DE12 3456…`, `Zeitraum;28.12.2017 - 28.12.2018`, `Saldo;150,00;EUR`;
/// DKB: `"Kontonummer:";"DE…"`; mBank: `#Numer rachunku;` then the value on the next line,
/// `#Saldo początkowe;623,67 PLN;`; Bank of America: `Beginning balance as of 01/01/2020,,"1,000.00"`.
struct PreambleFacts: Sendable {
    enum Key: Sendable {
        case account, period, balance, opening, closing, currency
        /// A balance at export time (ING DE's `Saldo`): kept as information, not as a dated balance.
        case exportBalance
        /// A balance "as of" a date (`Solde au 31/10/2026`, `Saldo per …`): the opening above the
        /// table, the closing below it.
        case datedBalance
    }

    /// One recognized line: what it is, its value cells, and where.
    struct Fact: Sendable {
        var key: Key
        var label: String
        var values: [String]
        var row: Int
    }

    var facts: [Fact] = []

    /// The fact a label introduces, from the languages' label tables (``Vocabulary``).
    static func key(for label: String) -> Key? { Vocabulary.fact(forLabel: label) }

    /// Collects facts from `rows` (cells already trimmed). A label whose value cells are empty
    /// takes its value from the next row (mBank writes `#Waluta;` then `PLN;`).
    static func read(rows: [(row: Int, cells: [String])]) -> PreambleFacts {
        var result = PreambleFacts()
        var k = 0
        while k < rows.count {
            let (row, cells) = rows[k]
            k += 1
            // The label is the first non-empty cell (mBank's closing line starts with empty cells).
            guard let labelIndex = cells.firstIndex(where: { !$0.isEmpty }) else { continue }
            let label = cells[labelIndex]
            guard let key = key(for: label) else { continue }
            var values = cells[(labelIndex + 1)...].filter { !$0.isEmpty }
            if values.isEmpty, k < rows.count {
                let next = rows[k].cells.filter { !$0.isEmpty }
                if !next.isEmpty, PreambleFacts.key(for: next[0]) == nil {
                    values = next
                    k += 1
                }
            }
            guard !values.isEmpty else { continue }
            result.facts.append(Fact(key: key, label: label, values: Array(values), row: row))
        }
        return result
    }

    /// The account id: an IBAN or account number without inner spaces.
    var accountId: String? {
        guard let fact = facts.first(where: { $0.key == .account }), let value = fact.values.first else { return nil }
        let compact = value.filter { $0 != " " && $0 != "'" }
        guard compact.count >= 4, compact.contains(where: \.isNumber) else { return nil }
        return compact
    }

    var currency: Currency? {
        for fact in facts where fact.key == .currency {
            if let v = fact.values.first, let c = Currency(code: v.trimmingSpaces) { return c }
        }
        for fact in facts where [.balance, .opening, .closing, .exportBalance, .datedBalance].contains(fact.key) {
            for v in fact.values {
                if let code = v.split(separator: " ").last, code.count == 3, let c = Currency(code: String(code)), code.uppercased() == code { return c }
            }
        }
        return nil
    }

    /// The period: `28.12.2017 - 28.12.2018` in one cell, or the start and end in two cells.
    func period(order: DayOrder) -> DayRange? {
        guard let fact = facts.first(where: { $0.key == .period }) else { return nil }
        var texts: [String] = []
        if fact.values.count >= 2 {
            texts = [fact.values[0], fact.values[1]]
        } else if let v = fact.values.first {
            for sep in [" - ", " – ", " bis ", " to ", " tot ", " au ", "-", "–"] {
                if let r = v.range(of: sep) {
                    texts = [String(v[..<r.lowerBound]), String(v[r.upperBound...])]
                    if Day.parse(texts[0].trimmingSpaces, order: order) != nil { break }
                }
            }
        }
        guard texts.count == 2,
              let start = Day.parse(texts[0].trimmingSpaces, order: order),
              let end = Day.parse(texts[1].trimmingSpaces, order: order), start <= end else { return nil }
        return DayRange(start: start, end: end)
    }
}

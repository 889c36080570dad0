/// The books as an hledger journal (`mymoney export hledger`), checked by `hledger check`.
///
/// Accounts as `assets:bank:Girokonto`, `liabilities:credit card:Visa`, `expenses:Food:Groceries`,
/// `income:Salary` (uncategorized: `expenses:unknown`, `income:unknown`); payee and memo as the
/// description (`payee | memo`); notes as comment lines; tags, project, place, bank id and import
/// batch as tags. A transfer is one transaction with both legs, the arriving one dated by a
/// posting date when its day differs, cross-currency with `@@` so it balances. Every statement
/// balance is a balance assertion (`= AMOUNT`) on the account's last posting of its day, or on a
/// zero posting of its own. Opening balances post against `equity:opening balances`; rates are
/// `P` directives. Amounts are exact, with `.` as the decimal mark (declared).
public struct HledgerJournal: Sendable {
    public var journal: Journal

    public init(_ journal: Journal) { self.journal = journal }

    public init(_ books: BooksSnapshot) throws(AmountError) {
        journal = try Journal(books, transfersAcrossDays: true)
    }

    /// An hledger account name: components without `:`, single spaces, no leading bracket.
    public static func spell(_ name: Journal.AccountName) -> String {
        ([name.root.rawValue] + name.components.map { component in
            var c = JournalText.oneLine(component).replacingOccurrences(of: ":", with: "-")
                .replacingOccurrences(of: ";", with: ",")
            while let first = c.first, "([".contains(first) { c.removeFirst() }
            while let last = c.last, ")]".contains(last) { c.removeLast() }
            return c.isEmpty ? "unnamed" : c
        }).joined(separator: ":")
    }

    /// A tag name: no spaces, commas or colons.
    static func tagName(_ text: String) -> String {
        let t = JournalText.restricted(text) { !$0.properties.isWhitespace && $0 != "," && $0 != ":" && $0.value >= 0x20 }
        return t.isEmpty ? "tag" : t
    }

    /// A tag value: one line, no commas (they end a tag's value).
    static func tagValue(_ text: String) -> String {
        JournalText.oneLine(text).replacingOccurrences(of: ",", with: ";")
    }

    static func amount(_ amount: Amount, _ currency: Currency) -> String { "\(amount) \(currency.code)" }

    /// The journal text.
    public func render() -> String {
        let names = JournalNames(journal.accounts, spell: HledgerJournal.spell)
        var out = "; My Money export (hledger journal)\n\ndecimal-mark .\n\n"
        for c in journal.currencies {
            let digits = c.minorUnits ?? 2
            // hledger wants a decimal mark in every commodity directive: `1000.` for no decimals (JPY, ISK).
            out += "commodity 1000.\(String(repeating: "0", count: digits)) \(c.code)\n"
        }
        if !journal.currencies.isEmpty { out += "\n" }
        for a in journal.accounts { out += "account \(names[a])\n" }
        if !journal.accounts.isEmpty { out += "\n" }
        for p in journal.prices { out += "P \(p.day) \(p.base.code) \(p.rate) \(p.quote.code)\n" }
        if !journal.prices.isEmpty { out += "\n" }

        let placed = HledgerAssertions(journal)
        var pending = placed.standalone[...]
        for (index, entry) in journal.entries.enumerated() {
            while let next = pending.first, next.endOfDay < entry.day {
                out += HledgerJournal.assertionEntry(next, names: names)
                pending.removeFirst()
            }
            out += render(entry, assertions: placed.onPosting[index] ?? [:], names: names)
        }
        for next in pending { out += HledgerJournal.assertionEntry(next, names: names) }
        return out
    }

    static func assertionEntry(_ c: Journal.Checkpoint, names: JournalNames) -> String {
        let source = c.source.map { " from \(JournalText.oneLine($0))" } ?? ""
        return "\(c.endOfDay) statement balance (\(c.kind.rawValue)\(source))\n    \(names[c.account])  \(amount(.zero, c.currency)) = \(amount(c.amount, c.currency))\n\n"
    }

    func render(_ entry: Journal.Entry, assertions: [Int: Journal.Checkpoint], names: JournalNames) -> String {
        var head = "\(entry.day)"
        var description = JournalText.oneLine(entry.payee ?? "").replacingOccurrences(of: "|", with: "/")
        if let narration = entry.narration.map(JournalText.oneLine), !narration.isEmpty {
            description += " | " + narration.replacingOccurrences(of: "|", with: "/")
        }
        description = description.replacingOccurrences(of: ";", with: ",")
        if !description.isEmpty { head += " " + description }
        var tags = entry.tags.map { "\(HledgerJournal.tagName($0)):" }
        tags += entry.metadata.map { "\($0.key): \(HledgerJournal.tagValue($0.value))" }
        if let link = entry.link { tags.append("link: \(link)") }
        var out = head + (tags.isEmpty ? "" : "  ; " + tags.joined(separator: ", ")) + "\n"
        if let notes = entry.notes {
            for line in notes.split(whereSeparator: \.isNewline) {
                out += "    ; \(JournalText.oneLine(String(line)))\n"
            }
        }
        for (i, p) in entry.postings.enumerated() {
            var line = "    \(names[p.account])  \(HledgerJournal.amount(p.amount, p.currency))"
            if let cost = p.totalCost, let currency = p.costCurrency { line += " @@ \(HledgerJournal.amount(cost, currency))" }
            if let check = assertions[i] { line += " = \(HledgerJournal.amount(check.amount, check.currency))" }
            var comments: [String] = []
            if let day = p.day { comments.append("date:\(day)") }
            comments += p.tags.map { "\(HledgerJournal.tagName($0)):" }
            if let comment = p.comment.map(JournalText.oneLine), !comment.isEmpty { comments.append(comment) }
            if !comments.isEmpty { line += "  ; " + comments.joined(separator: ", ") }
            out += line + "\n"
        }
        return out + "\n"
    }
}

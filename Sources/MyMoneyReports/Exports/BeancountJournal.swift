/// The books as a beancount file (`mymoney export beancount`), checked by `bean-check`.
///
/// Account names are made valid: one of the five roots capitalized (`Assets`, `Liabilities`,
/// `Equity`, `Income`, `Expenses`), then components starting with a capital letter or digit, of
/// ASCII letters, digits and `-` only (`Assets:Bank:Girokonto`, `Liabilities:Credit-Card:Visa`,
/// `Expenses:Food:Groceries`); names that become equal are told apart with `-2`. Every account is
/// opened, with its currencies, on the journal's first day. A transfer is one transaction
/// (cross-currency with an unsigned `@@` total on the leaving leg); when its legs lie on different
/// days it is two transactions through `Assets:Transfers-In-Transit` sharing a `^transfer-ID` link,
/// since beancount cannot date a posting apart. A balance at the end of day D is a `balance`
/// directive on D+1 (beancount checks at the start of a day), at most one per account, currency
/// and day. Rates are `price` entries; the bank's id and the import batch are metadata.
public struct BeancountJournal: Sendable {
    public var journal: Journal

    public init(_ journal: Journal) { self.journal = journal }

    public init(_ books: BooksSnapshot) throws(AmountError) {
        journal = try Journal(books, transfersAcrossDays: false)
    }

    static func isAllowed(_ s: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(s) || ("a"..."z").contains(s) || ("0"..."9").contains(s)
    }

    /// One valid component: accents dropped (`Bäckerei` → `Backerei`), other characters as `-`,
    /// each word capitalized; `X` when nothing is left.
    static func component(_ text: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "ß", with: "ss")
        var c = JournalText.restricted(folded, allowed: isAllowed)
        guard !c.isEmpty else { return "X" }
        // Each word capitalized (`credit card` → `Credit-Card`).
        c = c.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: "-")
        return c
    }

    public static func spell(_ name: Journal.AccountName) -> String {
        let root = name.root.rawValue.prefix(1).uppercased() + name.root.rawValue.dropFirst()
        let parts = name.components.map { component($0.replacingOccurrences(of: " ", with: "-")) }
        return ([root] + (parts.isEmpty ? ["X"] : parts)).joined(separator: ":")
    }

    /// A tag or link: `[A-Za-z0-9-_/.]` only.
    static func tag(_ text: String) -> String {
        let t = JournalText.restricted(text) { isAllowed($0) || "-_/.".unicodeScalars.contains($0) }
        return t.isEmpty ? "tag" : t
    }

    /// A double-quoted string, one line, `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        "\"" + JournalText.oneLine(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func amount(_ amount: Amount, _ currency: Currency) -> String { "\(amount) \(currency.code)" }

    /// The journal text.
    public func render() -> String {
        let names = JournalNames(journal.accounts, spell: BeancountJournal.spell)
        var out = "; My Money export (beancount)\n\n"
        guard let first = journal.firstDay else { return out }
        var currenciesOf: [Journal.AccountName: Set<Currency>] = [:]
        for e in journal.entries { for p in e.postings { currenciesOf[p.account, default: []].insert(p.currency) } }
        for c in journal.checkpoints { currenciesOf[c.account, default: []].insert(c.currency) }
        for a in journal.accounts {
            let codes = (currenciesOf[a] ?? []).sorted().map(\.code).joined(separator: ",")
            out += "\(first) open \(names[a])\(codes.isEmpty ? "" : " " + codes)\n"
        }
        out += "\n"
        for p in journal.prices { out += "\(p.day) price \(p.base.code) \(p.rate) \(p.quote.code)\n" }
        if !journal.prices.isEmpty { out += "\n" }
        // Balances are checked before the day's transactions whatever their place in the file;
        // written by day among the entries for the reader.
        var seen = Set<HledgerAssertions.Key>()
        var balances: [Journal.Checkpoint] = []
        for c in journal.checkpoints where seen.insert(HledgerAssertions.Key(account: c.account, day: c.endOfDay, currency: c.currency)).inserted {
            balances.append(c)
        }
        var pending = balances[...]
        for entry in journal.entries {
            while let next = pending.first, next.endOfDay < entry.day {
                out += BeancountJournal.balance(next, names: names)
                pending.removeFirst()
            }
            out += render(entry, names: names)
        }
        for next in pending { out += BeancountJournal.balance(next, names: names) }
        return out
    }

    static func balance(_ c: Journal.Checkpoint, names: JournalNames) -> String {
        let source = c.source.map { "  source: \(quoted($0))\n" } ?? ""
        return "\(c.endOfDay.advanced(by: 1)) balance \(names[c.account])  \(amount(c.amount, c.currency))\n  statement-balance: \(quoted(c.kind.rawValue))\n\(source)\n"
    }

    func render(_ entry: Journal.Entry, names: JournalNames) -> String {
        var head = "\(entry.day) * \(BeancountJournal.quoted(entry.payee ?? "")) \(BeancountJournal.quoted(entry.narration ?? ""))"
        var tags = entry.tags.map(BeancountJournal.tag)
        for p in entry.postings { tags += p.tags.map(BeancountJournal.tag) }
        var unique: [String] = []
        for t in tags where !unique.contains(t) { unique.append(t) }
        for t in unique { head += " #\(t)" }
        if let link = entry.link { head += " ^\(BeancountJournal.tag(link))" }
        var out = head + "\n"
        for m in entry.metadata {
            out += "  \(m.key): \(m.isNumber ? m.value : BeancountJournal.quoted(m.value))\n"
        }
        if let notes = entry.notes { out += "  notes: \(BeancountJournal.quoted(notes.split(whereSeparator: \.isNewline).joined(separator: " / ")))\n" }
        for p in entry.postings {
            var line = "  \(names[p.account])  \(BeancountJournal.amount(p.amount, p.currency))"
            if let cost = p.totalCost, let currency = p.costCurrency { line += " @@ \(BeancountJournal.amount(cost, currency))" }
            out += line + "\n"
            if let comment = p.comment.map(JournalText.oneLine), !comment.isEmpty { out += "    memo: \(BeancountJournal.quoted(comment))\n" }
        }
        return out + "\n"
    }
}

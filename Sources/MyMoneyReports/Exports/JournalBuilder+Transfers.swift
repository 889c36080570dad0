/// Transfers as journal entries.
extension JournalBuilder {
    /// Writes one transfer: the leaving leg (with `@@` the arriving total when the currencies differ),
    /// the fee, the arriving leg.
    ///
    /// In one currency, whatever the legs do not agree on is the fee. Across currencies the leaving
    /// leg is split into the part converted (worth exactly the arriving amount) and the fee, so the
    /// entry balances. When the legs' days differ and postings cannot carry their own day, the
    /// entry becomes two entries through ``Journal/inTransit`` sharing a link.
    mutating func addTransfer(_ transfer: BooksSnapshot.TransferRecord, from: (LedgerTransaction, Account),
                              to: (LedgerTransaction, Account), order: Int) throws(AmountError) {
        let (out, outAccount) = from
        let (into, intoAccount) = to
        let outName = Journal.name(of: outAccount)
        let intoName = Journal.name(of: intoAccount)
        var leaving: [Journal.Posting] = []
        var arriving = Journal.Posting(account: intoName, amount: into.amount, currency: into.currency,
                                       day: into.day != out.day ? into.day : nil)
        if out.currency == into.currency {
            leaving.append(Journal.Posting(account: outName, amount: out.amount, currency: out.currency))
            let residue = try -(try out.amount + into.amount)
            if !residue.isZero {
                leaving.append(Journal.Posting(account: Journal.transferFees, amount: residue, currency: out.currency))
            }
        } else {
            let total = try into.amount.magnitude()
            if let fee = transfer.fee, fee.isPositive, fee < (try out.amount.magnitude()) {
                leaving.append(Journal.Posting(account: outName, amount: try out.amount + fee, currency: out.currency,
                                               totalCost: total, costCurrency: into.currency))
                leaving.append(Journal.Posting(account: outName, amount: try -fee, currency: out.currency))
                leaving.append(Journal.Posting(account: Journal.transferFees, amount: fee, currency: out.currency))
            } else {
                leaving.append(Journal.Posting(account: outName, amount: out.amount, currency: out.currency,
                                               totalCost: total, costCurrency: into.currency))
            }
        }
        let notes = [out.notes, into.notes].compactMap { $0 }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var (tags, metadata) = facts(of: out)
        metadata.removeAll { $0.key == "id" || $0.key == "bank-id" }
        metadata.insert(contentsOf: [Journal.Metadatum("transfer", String(transfer.id), isNumber: true)], at: 0)
        tags += into.tags.filter { !tags.contains($0) }
        let narration = "transfer \(outAccount.name) to \(intoAccount.name)"
        let payee = out.payee ?? into.payee
        let notesText = notes.isEmpty ? nil : notes.joined(separator: "\n")
        if arriving.day == nil || transfersAcrossDays {
            entries.append((order, Journal.Entry(kind: .transfer, day: out.day, payee: payee, narration: narration,
                                                 notes: notesText, tags: tags, metadata: metadata,
                                                 postings: leaving + [arriving])))
            return
        }
        arriving.day = nil
        let link = "transfer-\(transfer.id)"
        let transit = Journal.Posting(account: Journal.inTransit, amount: into.amount, currency: into.currency)
        entries.append((order, Journal.Entry(kind: .transfer, day: out.day, payee: payee, narration: narration,
                                             notes: notesText, tags: tags, metadata: metadata,
                                             postings: leaving + [transit], link: link)))
        let back = Journal.Posting(account: Journal.inTransit, amount: try -into.amount, currency: into.currency)
        // Ordered among the arriving day's entries by the arriving leg's place in the ledger.
        let arrivalOrder = into.id.flatMap { orderOf[$0] } ?? order
        entries.append((arrivalOrder, Journal.Entry(kind: .transfer, day: into.day, payee: into.payee ?? payee,
                                                    narration: narration, tags: tags, metadata: metadata,
                                                    postings: [back, arriving], link: link)))
    }

    /// The finished journal: entries sorted, checkpoints sorted and deduplicated, names collected.
    func journal() -> Journal {
        let sorted = entries.enumerated().sorted { a, b in
            if a.element.entry.day != b.element.entry.day { return a.element.entry.day < b.element.entry.day }
            if a.element.order != b.element.order { return a.element.order < b.element.order }
            return a.offset < b.offset
        }.map(\.element.entry)
        var seen = Set<Journal.Checkpoint>()
        var checks: [Journal.Checkpoint] = []
        for c in checkpoints.sorted(by: { a, b in
            a.endOfDay != b.endOfDay ? a.endOfDay < b.endOfDay : a.account < b.account
        }) {
            var key = c
            key.kind = .ledger
            key.source = nil
            if seen.insert(key).inserted { checks.append(c) }
        }
        var currencies = Set<Currency>()
        var accounts = Set<Journal.AccountName>()
        var first: Day?
        for e in sorted {
            first = min(first ?? e.day, e.day)
            for p in e.postings {
                currencies.insert(p.currency)
                if let c = p.costCurrency { currencies.insert(c) }
                accounts.insert(p.account)
            }
        }
        for c in checks {
            currencies.insert(c.currency)
            accounts.insert(c.account)
            first = min(first ?? c.endOfDay, c.endOfDay)
        }
        // One price per day and pair (the ledger may hold the same day's rate from two sources:
        // the later one in the snapshot wins), by day.
        var priceIndex: [BooksSnapshot.Price: Int] = [:]
        var prices: [BooksSnapshot.Price] = []
        for p in books.prices {
            let key = BooksSnapshot.Price(day: p.day, base: p.base, quote: p.quote, rate: .zero, source: "")
            if let i = priceIndex[key] { prices[i] = p } else { priceIndex[key] = prices.count; prices.append(p) }
            currencies.insert(p.base)
            currencies.insert(p.quote)
            first = min(first ?? p.day, p.day)
        }
        prices.sort { a, b in a.day != b.day ? a.day < b.day : (a.base.code, a.quote.code) < (b.base.code, b.quote.code) }
        return Journal(entries: sorted, checkpoints: checks, prices: prices, currencies: currencies.sorted(),
                       accounts: accounts.sorted(), firstDay: first)
    }
}

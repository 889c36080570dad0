import MyMoneyStore
import MyMoneyTransfers

extension Books {
    /// Stored transfers (only those with `status` when given), by the leaving leg's day, then id.
    public func transfers(status: Transfer.Status? = nil) throws(BooksError) -> [Transfer] {
        let links = try store { () throws(LedgerError) in
            try ledger.transfers(status: status.map { MyMoneyStore.TransferLink.Status(rawValue: $0.rawValue) ?? .proposed })
        }
        let names = try accountNames()
        var result: [Transfer] = []
        result.reserveCapacity(links.count)
        for link in links { result.append(try transfer(link, names: names)) }
        return result
    }

    /// The same transfers as ``transfers(status:)``, in the same order, handed to `body` one at
    /// a time, each made from its stored link (and its two legs read) as it comes: only the
    /// compact links are held, not every transfer with both transactions.
    public func eachTransfer(status: Transfer.Status? = nil, _ body: (Transfer) -> Void) throws(BooksError) {
        let links = try store { () throws(LedgerError) in
            try ledger.transfers(status: status.map { MyMoneyStore.TransferLink.Status(rawValue: $0.rawValue) ?? .proposed })
        }
        let names = try accountNames()
        for link in links { body(try transfer(link, names: names)) }
    }

    public func transfer(id: Int64) throws(BooksError) -> Transfer {
        let link = try store { () throws(LedgerError) in try ledger.transfer(id: id) }
        return try transfer(link, names: try accountNames())
    }

    func transfer(_ link: MyMoneyStore.TransferLink, names: [Int64: String]) throws(BooksError) -> Transfer {
        let from = try transaction(id: link.fromTransactionId)
        let to = try transaction(id: link.toTransactionId)
        return Transfer(id: link.id ?? 0,
                        from: Transfer.Leg(transaction: from, accountName: names[from.accountId] ?? String(from.accountId)),
                        to: Transfer.Leg(transaction: to, accountName: names[to.accountId] ?? String(to.accountId)),
                        rate: link.rate, fee: link.fee, confidence: link.confidence,
                        status: link.status == .confirmed ? .confirmed : .proposed, reasons: link.reasons)
    }

    /// Records a transfer typed in by hand as one entry: both legs (typed `transfer`, notes on
    /// both) and the confirmed link between them, with its rate (what arrived per unit sent,
    /// exact where the division ends; see ``TransferEntry``) and fee. Nothing is stored when
    /// anything is refused.
    ///
    /// - Parameter known: problems the caller found already; they are reported with the entry's own.
    /// - Throws: ``BooksError`` `invalid` with every problem (unknown or equal accounts, amounts
    ///   not above zero or with too many digits, a missing `toAmount` across currencies or a
    ///   different one within a currency, a negative fee); `locked` for a day in a reconciled period.
    @discardableResult
    public func addTransfer(_ entry: TransferEntry, force: Bool = false,
                            problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Transfer {
        var problems = known
        let accounts = try self.accounts()
        func find(_ name: String, _ field: String) -> Account? {
            if let found = accounts.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) { return found }
            problems.add(field, "there is no account named \(name) (see mymoney accounts list)")
            return nil
        }
        let from = find(entry.fromAccount, "from"), to = find(entry.toAccount, "to")
        if let from, let to, from.id == to.id { problems.add("to", "the money leaves and arrives in \(from.name): a transfer needs two accounts") }
        if !entry.amount.isPositive { problems.add("amount", "amount should be more than zero, not \(entry.amount)") }
        if let toAmount = entry.toAmount, !toAmount.isPositive { problems.add("to-amount", "to-amount should be more than zero, not \(toAmount)") }
        if let fee = entry.fee, fee.isNegative { problems.add("fee", "fee should not be negative, not \(fee)") }
        var received = entry.toAmount ?? entry.amount
        if let from, let to {
            problems.checkDecimals(entry.amount, in: from.currency, field: "amount")
            if let fee = entry.fee { problems.checkDecimals(fee, in: from.currency, field: "fee") }
            if let toAmount = entry.toAmount { problems.checkDecimals(toAmount, in: to.currency, field: "to-amount") }
            if from.currency != to.currency && entry.toAmount == nil {
                problems.add("to-amount", "\(from.name) is in \(from.currency.code) and \(to.name) in \(to.currency.code): say what arrived with --to-amount")
            }
            if from.currency == to.currency, let toAmount = entry.toAmount, toAmount != entry.amount {
                problems.add("to-amount", "both accounts are in \(from.currency.code): what arrives is the amount (\(entry.amount)), not \(toAmount); a cost goes in --fee")
            }
            if from.currency == to.currency { received = entry.amount }
        }
        try problems.throwIfAny()
        guard let from, let to, let fromId = from.id, let toId = to.id else { throw BooksError(problems) }
        if !force {
            for account in [from, to] {
                if let through = account.reconciledThrough, entry.day <= through {
                    throw BooksError(.locked, "\(account.name) is reconciled through \(through): a transfer on \(entry.day) changes a reconciled balance (add --force to do it anyway)")
                }
            }
        }
        let fee = entry.fee.flatMap { $0.isZero ? nil : $0.atMinorUnits(of: from.currency) }
        let sent: Amount
        do { sent = try -(try entry.amount + (fee ?? .zero)) } catch {
            throw BooksError(.invalid, "the amount and fee together are more than an amount can hold")
        }
        let notes = entry.notes.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        let leaving = LedgerTransaction(accountId: fromId, day: entry.day, amount: sent.atMinorUnits(of: from.currency),
                                        currency: from.currency, originalPayee: "Transfer to \(to.name)", notes: notes,
                                        type: .transfer, transferHint: to.name, sourceFormat: "manual")
        let arriving = LedgerTransaction(accountId: toId, day: entry.day, amount: received.atMinorUnits(of: to.currency),
                                         currency: to.currency, originalPayee: "Transfer from \(from.name)", notes: notes,
                                         type: .transfer, transferHint: from.name, sourceFormat: "manual")
        let rate = from.currency == to.currency ? nil : TransferTerms.rate(received: received, sent: entry.amount)
        let link = try atomically { () throws -> MyMoneyStore.TransferLink in
            let a = try ledger.addTransaction(leaving), b = try ledger.addTransaction(arriving)
            return try ledger.linkTransfer(MyMoneyStore.TransferLink(fromTransactionId: a.id ?? 0, toTransactionId: b.id ?? 0,
                                                                     rate: rate, fee: fee, confidence: 1, status: .confirmed,
                                                                     reasons: ["entered by hand as one transfer"]))
        }
        return try transfer(link, names: try accountNames())
    }

    /// Accepts a proposed transfer: both legs are typed `transfer`.
    @discardableResult
    public func confirmTransfer(id: Int64) throws(BooksError) -> Transfer {
        _ = try store { () throws(LedgerError) in try ledger.confirmTransfer(id: id) }
        return try transfer(id: id)
    }

    /// Not a transfer: unlinked, and never proposed again.
    @discardableResult
    public func rejectTransfer(id: Int64) throws(BooksError) -> Transfer {
        let transfer = try transfer(id: id)
        try store { () throws(LedgerError) in
            try ledger.rejectTransfer(transfer.from.transaction.id ?? -1, transfer.to.transaction.id ?? -1)
        }
        return transfer
    }

    /// Removes a transfer; both legs count as income or expense again, a decision the matcher
    /// respects (their types count as set by hand).
    @discardableResult
    public func unlinkTransfer(id: Int64) throws(BooksError) -> Transfer {
        let transfer = try transfer(id: id)
        try atomically {
            try ledger.unlinkTransfer(id: id)
            for leg in [transfer.from.transaction, transfer.to.transaction] {
                guard let legId = leg.id else { continue }
                _ = try ledger.editTransaction(id: legId, [.type(leg.amount.isNegative ? .expense : .income)])
            }
        }
        return transfer
    }

    /// Pairs two stored transactions by hand as a confirmed transfer (the negative one is the
    /// leaving leg). The rate and fee are worked out from the legs where not given (see
    /// ``TransferTerms``): in one currency the fee is what left beyond what arrived; across
    /// currencies the rate is what arrived per unit of what left less the fee.
    ///
    /// - Throws: ``BooksError`` `invalid` with every problem (a given rate or fee the legs
    ///   contradict, legs on one account, signs that do not make a transfer), `duplicate` when a
    ///   leg is in another transfer.
    public func linkTransfer(_ first: Int64, _ second: Int64, rate: Amount? = nil, fee: Amount? = nil,
                             problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Transfer {
        var problems = known
        let a = try transaction(id: first), b = try transaction(id: second)
        let (from, to) = a.amount.isNegative ? (a, b) : (b, a)
        if !from.amount.isNegative || !to.amount.isPositive {
            problems.add("transactions", "a transfer links a negative leg (money leaving) with a positive one (money arriving); \(first) is \(a.amount) and \(second) is \(b.amount)")
        }
        if from.accountId == to.accountId { problems.add("transactions", "both transactions are on one account: a transfer needs two") }
        let terms = TransferTerms.terms(from: from, to: to, rate: rate, fee: fee, problems: &problems)
        try problems.throwIfAny()
        let link = try store { () throws(LedgerError) in
            try ledger.linkTransfer(MyMoneyStore.TransferLink(fromTransactionId: from.id ?? 0, toTransactionId: to.id ?? 0,
                                                              rate: terms.rate, fee: terms.fee, confidence: 1, status: .confirmed,
                                                              reasons: ["linked by hand"]))
        }
        return try transfer(link, names: try accountNames())
    }

    /// Matches the whole ledger again and stores the new pairs (confirmed at or above
    /// `confirmThreshold`, proposed below it) and the close calls it finds (for review).
    public func matchTransfers(rates: [ExchangeRate] = [], confirmThreshold: Double = ImportRequest.defaultConfirmThreshold) throws(BooksError) -> TransferMatching {
        try atomically { try TransferLinking.match(ledger: ledger, confirmThreshold: confirmThreshold, rates: rates) }
    }
}

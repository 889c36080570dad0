import MyMoneyStore
import MyMoneyTransfers

/// The matcher's ambiguous cases and the transfers waiting for a decision.
public struct TransferReview: Sendable {
    /// Transfers the matcher proposed, waiting for `confirm` or `reject`.
    public var proposed: [Transfer]
    /// Close calls the matcher did not decide: several candidates about equally likely.
    public var undecided: TransferMatchResult
}

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

    public func transfer(id: Int64) throws(BooksError) -> Transfer {
        let link = try store { () throws(LedgerError) in try ledger.transfer(id: id) }
        return try transfer(link, names: try accountNames())
    }

    private func transfer(_ link: MyMoneyStore.TransferLink, names: [Int64: String]) throws(BooksError) -> Transfer {
        let from = try transaction(id: link.fromTransactionId)
        let to = try transaction(id: link.toTransactionId)
        return Transfer(id: link.id ?? 0,
                        from: Transfer.Leg(transaction: from, accountName: names[from.accountId] ?? String(from.accountId)),
                        to: Transfer.Leg(transaction: to, accountName: names[to.accountId] ?? String(to.accountId)),
                        rate: link.rate, fee: link.fee, confidence: link.confidence,
                        status: link.status == .confirmed ? .confirmed : .proposed)
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

    /// Pairs two stored transactions by hand as a confirmed transfer (the negative one is the leaving leg).
    public func linkTransfer(_ first: Int64, _ second: Int64, rate: Amount? = nil, fee: Amount? = nil) throws(BooksError) -> Transfer {
        let a = try transaction(id: first)
        let (from, to) = a.amount.isNegative ? (first, second) : (second, first)
        let link = try store { () throws(LedgerError) in
            try ledger.linkTransfer(MyMoneyStore.TransferLink(fromTransactionId: from, toTransactionId: to, rate: rate, fee: fee,
                                                              confidence: 1, status: .confirmed))
        }
        return try transfer(link, names: try accountNames())
    }

    /// Matches the whole ledger again and stores the new pairs (confirmed at or above
    /// `confirmThreshold`, proposed below it).
    public func matchTransfers(rates: [ExchangeRate] = [], confirmThreshold: Double = ImportRequest.defaultConfirmThreshold) throws(BooksError) -> TransferMatching {
        try atomically { try TransferLinking.match(ledger: ledger, confirmThreshold: confirmThreshold, rates: rates) }
    }

    /// The proposed transfers and the matcher's undecided close calls, changing nothing.
    public func transferReview() throws(BooksError) -> TransferReview {
        let proposed = try transfers(status: .proposed)
        let outcome = try step { try TransferLinking.match(ledger: ledger, confirmThreshold: 1, store: false) }
        return TransferReview(proposed: proposed, undecided: TransferMatchResult(pairs: [], ambiguous: outcome.result.ambiguous))
    }
}

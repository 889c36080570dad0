import MyMoneyStore
import MyMoneyTransfers

/// What matching transfers found and stored.
public struct TransferMatching: Sendable {
    public var result: TransferMatchResult
    /// Pairs stored as confirmed transfers (their legs now typed `transfer`).
    public var confirmed: Int
    /// Pairs stored as proposed, waiting for `mymoney transfers confirm|reject`.
    public var proposed: Int
}

/// Runs the transfer matcher over the ledger and stores what it finds.
enum TransferLinking {
    typealias Outcome = TransferMatching

    /// Matches the ledger's unpaired transactions (all days) and links each new pair: confirmed at
    /// or above `confirmThreshold`, proposed below it (nothing is stored when `store` is false).
    /// Ambiguous cases are reported, never linked. Pairs the user rejected are never proposed again.
    static func match(ledger: Ledger, confirmThreshold: Double, rates: [ExchangeRate] = [],
                      options: TransferMatchOptions = TransferMatchOptions(), store: Bool = true) throws -> Outcome {
        let input = try matchInput(ledger: ledger, candidates: try ledger.transactions(), rates: rates)
        let result = TransferMatcher(options: options).match(input)
        return store ? try link(result, ledger: ledger, confirmThreshold: confirmThreshold)
                     : Outcome(result: result, confirmed: 0, proposed: 0)
    }

    /// What the matcher needs besides `candidates`, read from the ledger: the accounts, the stored
    /// transfers (passed as `linked`: held as they are, their legs still competing, so matching a
    /// matched ledger again proposes nothing new; a link with a leg outside `candidates` leaves
    /// its other leg out), the pairs the user rejected, and the rates confirmed cross-currency
    /// transfers imply (added to `rates`).
    static func matchInput(ledger: Ledger, candidates: [LedgerTransaction], rates: [ExchangeRate]) throws -> TransferMatchInput {
        let links = try ledger.transfers()
        let linked = links.map { MyMoneyTransfers.TransferLink(fromId: $0.fromTransactionId, toId: $0.toTransactionId) }
        // Rates implied by the cross-currency transfers the user has (confirmed) are references too.
        var rates = rates
        for link in links where link.status == .confirmed {
            guard let day = link.fromDay, let from = link.fromCurrency, let to = link.toCurrency, from != to,
                  let sent = try? link.fromAmount?.magnitude(), let received = try? link.toAmount?.magnitude(),
                  !sent.isZero, let rate = try? received.divided(by: sent, scale: 6), rate.isPositive else { continue }
            rates.append(ExchangeRate(day: day, from: from, to: to, rate: rate, source: .confirmedTransfer))
        }
        let rejected = try ledger.rejectedTransfers().map { MyMoneyTransfers.TransferLink(fromId: $0.0, toId: $0.1) }
        return TransferMatchInput(transactions: candidates, accounts: try ledger.accounts(), rates: rates,
                                  rejected: rejected, linked: linked)
    }

    /// Stores the matcher's new pairs: confirmed at or above `confirmThreshold`, proposed below
    /// it. A pair with a leg whose type the user set by hand (or unlinked) is their decision: it
    /// is never re-linked and is left out of the result.
    static func link(_ matched: TransferMatchResult, ledger: Ledger, confirmThreshold: Double) throws -> Outcome {
        var result = matched
        var positions: [Int] = []
        var links: [MyMoneyStore.TransferLink] = []
        for (index, pair) in result.pairs.enumerated() where pair.status == .proposed {
            guard let from = pair.from.transactionId, let to = pair.to.transactionId else { continue }
            positions.append(index)
            links.append(MyMoneyStore.TransferLink(fromTransactionId: from, toTransactionId: to, rate: pair.rate, fee: pair.fee,
                                                   confidence: min(1, max(0, pair.confidence)),
                                                   status: pair.confidence >= confirmThreshold ? .confirmed : .proposed,
                                                   reasons: pair.reasons))
        }
        let ids = try ledger.linkTransfers(links, sparingHandTypedLegs: true)
        // Close calls are kept until the user decides them: `transfers review` lists every one
        // reported here, whatever is linked or imported meanwhile.
        try ledger.recordCloseCalls(result.ambiguous.map(closeCall))
        var confirmed = 0, proposed = 0
        var declined = Set<Int>()
        for (k, index) in positions.enumerated() {
            guard ids[k] != nil else { declined.insert(index); continue }
            if links[k].status == .confirmed {
                confirmed += 1
                result.pairs[index].status = .confirmed
            } else {
                proposed += 1
            }
        }
        if !declined.isEmpty { result.pairs = result.pairs.enumerated().filter { !declined.contains($0.offset) }.map(\.element) }
        return Outcome(result: result, confirmed: confirmed, proposed: proposed)
    }

    /// A close call as the ledger keeps it: its candidates between stored legs.
    static func closeCall(_ ambiguity: TransferAmbiguity) -> CloseCall {
        CloseCall(candidates: ambiguity.candidates.compactMap { pair in
            guard let from = pair.from.transactionId, let to = pair.to.transactionId else { return nil }
            return CloseCall.Candidate(fromTransactionId: from, toTransactionId: to, confidence: min(1, max(0, pair.confidence)),
                                       rate: pair.rate, fee: pair.fee, reasons: pair.reasons)
        })
    }
}

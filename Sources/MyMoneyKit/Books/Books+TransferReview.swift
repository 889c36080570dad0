import MyMoneyStore
import MyMoneyTransfers

/// What waits for the user's decision about transfers.
public struct TransferReview: Sendable {
    /// Transfers the matcher proposed, waiting for `confirm` or `reject`.
    public var proposed: [Transfer]
    /// Close calls (several candidates about equally likely, each with both transactions' ids)
    /// and hints without a counterpart. Every close call an import or a match reported is here
    /// until it is decided (a candidate linked, rejected or removed), and so is any the matcher
    /// finds in the ledger as it is now.
    public var undecided: TransferMatchResult
    /// Transfers already confirmed (not to review).
    public var confirmedCount: Int
}

extension Books {
    /// The proposed transfers, the close calls still open and the hints without a counterpart,
    /// changing nothing.
    public func transferReview() throws(BooksError) -> TransferReview {
        let all = try transfers()
        return TransferReview(proposed: all.filter { $0.status == .proposed }, undecided: try undecidedTransfers(),
                              confirmedCount: all.count { $0.status == .confirmed })
    }

    /// The close calls still open and the hints without a counterpart (``TransferReview/undecided``),
    /// without reading the stored transfers.
    public func undecidedTransfers() throws(BooksError) -> TransferMatchResult {
        let fresh = try step { try TransferLinking.match(ledger: ledger, confirmThreshold: 1, store: false) }.result
        let stored = try store { () throws(LedgerError) in try ledger.closeCalls() }
        // The matcher's reasons for each candidate pair it holds now, to say why a stored close call is one.
        var freshReasons: [[Int64]: [String]] = [:]
        for found in fresh.ambiguous {
            for pair in found.candidates {
                if let from = pair.from.transactionId, let to = pair.to.transactionId { freshReasons[[from, to]] = found.reasons }
            }
        }
        var ambiguous: [TransferAmbiguity] = []
        var shown = Set<[Int64]>()
        let accounts = Dictionary(try accounts().compactMap { a in a.id.map { ($0, a) } }, uniquingKeysWith: { a, _ in a })
        for call in stored {
            var candidates: [TransferPair] = []
            for c in call.candidates {
                guard let pair = try closeCallPair(c, accounts: accounts) else { continue }
                candidates.append(pair)
                shown.insert([c.fromTransactionId, c.toTransactionId])
            }
            guard !candidates.isEmpty else { continue }
            let reasons = call.candidates.lazy.compactMap { freshReasons[[$0.fromTransactionId, $0.toTransactionId]] }.first
                ?? ["a close call " + (call.foundAt.map { "found on \($0)" } ?? "found earlier")
                    + ", kept until you link, reject or remove one of its candidates"]
            ambiguous.append(TransferAmbiguity(legs: Self.legs(of: candidates), candidates: candidates, reasons: reasons))
        }
        // What the matcher finds now and no stored close call holds yet.
        for found in fresh.ambiguous where !found.candidates.allSatisfy({ pair in
            guard let from = pair.from.transactionId, let to = pair.to.transactionId else { return true }
            return shown.contains([from, to])
        }) {
            ambiguous.append(found)
        }
        return TransferMatchResult(pairs: [], ambiguous: ambiguous, unpairedHints: fresh.unpairedHints)
    }

    /// A stored candidate as the matcher's pair, with both legs read from the ledger.
    private func closeCallPair(_ c: CloseCall.Candidate, accounts: [Int64: Account]) throws(BooksError) -> TransferPair? {
        let from = try transaction(id: c.fromTransactionId), to = try transaction(id: c.toTransactionId)
        guard let fromAccount = accounts[from.accountId], let toAccount = accounts[to.accountId] else { return nil }
        return TransferPair(from: TransferLeg(from, account: fromAccount), to: TransferLeg(to, account: toAccount),
                            rate: c.rate, fee: c.fee, confidence: c.confidence, reasons: c.reasons, status: .ambiguous)
    }

    /// The distinct legs of `candidates`, by day, then account, then id.
    static func legs(of candidates: [TransferPair]) -> [TransferLeg] {
        var seen = Set<Int64>()
        var legs: [TransferLeg] = []
        for pair in candidates {
            for leg in [pair.from, pair.to] where seen.insert(leg.transactionId ?? -1).inserted { legs.append(leg) }
        }
        return legs.sorted { ($0.day, $0.accountName, $0.transactionId ?? 0) < ($1.day, $1.accountName, $1.transactionId ?? 0) }
    }
}

/// What the matcher found: pairs, close calls for review, hints without a counterpart.
public struct TransferMatchResult: Sendable, Hashable, Codable {
    /// Confirmed pairs (unchanged) and proposed pairs, by the sending leg's day, then account, then amount.
    public var pairs: [TransferPair]
    /// Close calls, left unpaired for the user.
    public var ambiguous: [TransferAmbiguity]
    /// Legs with a hint naming another account and no counterpart.
    public var unpairedHints: [UnpairedTransferHint]
    /// Problems with the input: transactions in unknown accounts, amounts too large to compare.
    public var diagnostics: [Diagnostic]
    /// How much work the match did.
    public var statistics: TransferMatchStatistics

    public init(pairs: [TransferPair] = [], ambiguous: [TransferAmbiguity] = [], unpairedHints: [UnpairedTransferHint] = [],
                diagnostics: [Diagnostic] = [], statistics: TransferMatchStatistics = TransferMatchStatistics()) {
        self.pairs = pairs
        self.ambiguous = ambiguous
        self.unpairedHints = unpairedHints
        self.diagnostics = diagnostics
        self.statistics = statistics
    }

    /// The pairs this match proposes (not the confirmed ones passed in).
    public var proposed: [TransferPair] { pairs.filter { $0.status == .proposed } }
}

/// Counters for one match, for benchmarks and `--verbose` output.
public struct TransferMatchStatistics: Sendable, Hashable, Codable {
    /// Transactions that took part (after exclusions).
    public var legs: Int = 0
    /// Candidate pairs scored.
    public var candidatesScored: Int = 0
    /// Candidate pairs at or above the threshold.
    public var candidatesKept: Int = 0
    /// Of those scored: beyond the day window (legs whose texts name something), and across
    /// currencies outside a reference's band (words on both legs).
    public var candidatesBeyondWindow: Int = 0
    public var candidatesOffReference: Int = 0
    /// Groups of competing candidates resolved exactly, and by the greedy fallback.
    public var groupsSolvedExactly: Int = 0
    public var groupsSolvedGreedily: Int = 0

    public init() {}
}

extension TransferMatchResult {
    /// Sets type `.transfer` on both legs of every pair found in `transactions` (the input the
    /// match ran on, by position), so they count neither as income nor as expense. Fee lines keep
    /// their type: a fee is a real expense. Close calls and unpaired hints are left as they are.
    public func markTransfers(in transactions: inout [LedgerTransaction]) {
        for pair in pairs where pair.status != .ambiguous {
            for leg in [pair.from, pair.to] {
                if let index = leg.transactionIndex, transactions.indices.contains(index) {
                    transactions[index].type = .transfer
                }
            }
        }
    }
}

/// A balance the ledger must agree with on a day: from a statement or asserted by the user.
///
/// Day semantics, the same everywhere in this module: a balance *as of* a day includes everything
/// posted on that day. The one exception is an ``Source/opening`` balance, which is the balance
/// *before* its day's transactions, so it is compared with the ledger as of the day before
/// (see ``throughDay``).
public struct Checkpoint: Sendable, Hashable {
    /// Where a checkpoint comes from.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// Before the first transaction of its day (QIF opening balance, a CSV preamble's opening).
        case opening
        /// The end of a day, taken from a statement's running balance column.
        case running
        /// The booked balance at the end of its day (OFX LEDGERBAL).
        case ledger
        /// After the statement's last transaction.
        case closing
        /// A balance the user asserted (`--balance`, a balances file).
        case assertion

        var rank: Int {
            switch self {
            case .opening: return 0
            case .running: return 1
            case .ledger: return 2
            case .closing: return 3
            case .assertion: return 4
            }
        }
    }

    /// The day the balance is as of (for an opening balance: the day it precedes).
    public var day: Day
    /// The balance the bank reported or the user asserted, in the account's currency.
    public var balance: Amount
    public var source: Source
    /// The balance's currency when the source states one; a checkpoint in another currency than
    /// its account's is reported and not compared.
    public var currency: Currency?
    /// The file the balance was read from, when there is one.
    public var file: String?
    /// Where in `file` the balance was written.
    public var position: SourcePosition?
    /// For running balances: the statement row (index in `Statement.transactions`) it follows.
    public var transactionIndex: Int?

    public init(day: Day, balance: Amount, source: Source, currency: Currency? = nil, file: String? = nil,
                position: SourcePosition? = nil, transactionIndex: Int? = nil) {
        self.day = day
        self.balance = balance
        self.source = source
        self.currency = currency
        self.file = file
        self.position = position
        self.transactionIndex = transactionIndex
    }

    /// Whether the balance includes the transactions posted on ``day`` (all but opening balances).
    public var includesDay: Bool { source != .opening }

    /// The last day whose transactions the balance includes: ``day``, or the day before for an opening balance.
    public var throughDay: Day { includesDay ? day : day.advanced(by: -1) }

    /// The checkpoint a user's assertion stands for.
    public init(_ assertion: BalanceAssertion) {
        self.init(day: assertion.day, balance: assertion.amount, source: .assertion, currency: assertion.currency,
                  file: assertion.file, position: assertion.position)
    }
}

extension Checkpoint {
    /// The checkpoint a stored statement balance stands for: nil for `available` balances
    /// (information only) and for `running` ones (check them with ``RunningBalanceChain`` and use
    /// its day-end balances, or store those as `.running` checkpoints).
    ///
    /// A balance without a day takes `fallbackDay` (the statement's period end, or its start for an
    /// opening balance); without either it is nil.
    public init?(_ balance: StatementBalance, file: String? = nil, fallbackDay: Day? = nil) {
        let source: Source
        switch balance.kind {
        case .available, .running: return nil
        case .opening: source = .opening
        case .closing: source = .closing
        case .ledger: source = .ledger
        }
        guard let day = balance.day ?? fallbackDay else { return nil }
        self.init(day: day, balance: balance.amount, source: source, currency: balance.currency, file: file,
                  position: balance.position)
    }

    /// The order checkpoints are evaluated in: by the last day they include, then source, file,
    /// position and balance, so equal inputs always give equal output.
    static func precedes(_ a: Checkpoint, _ b: Checkpoint) -> Bool {
        if a.throughDay != b.throughDay { return a.throughDay < b.throughDay }
        if a.source.rank != b.source.rank { return a.source.rank < b.source.rank }
        if (a.file ?? "") != (b.file ?? "") { return (a.file ?? "") < (b.file ?? "") }
        let pa = a.position?.offset ?? -1, pb = b.position?.offset ?? -1
        if pa != pb { return pa < pb }
        return a.balance < b.balance
    }
}

/// The checkpoints a statement gives: its ledger, opening and closing balances, and the end of
/// each day of its running balances (after checking their chain).
///
/// `available` balances are information only and never become checkpoints. A balance without a
/// day takes the statement's period (start for opening, end for ledger and closing) or else its
/// first or last transaction's day; when there is neither it is reported (`reconcile.balance.day`)
/// and left out.
public struct StatementCheckpoints: Sendable {
    public var checkpoints: [Checkpoint]
    /// The running-balance chain, when the statement has running balances.
    public var chain: RunningBalanceChain?
    public var diagnostics: [Diagnostic]

    public init(_ statement: Statement) {
        var checkpoints: [Checkpoint] = []
        var diagnostics: [Diagnostic] = []
        let file = statement.source.file
        let days = statement.transactions.map(\.day)
        let firstDay = statement.period?.start ?? days.min()
        let lastDay = statement.period?.end ?? days.max()
        var opening: StatementBalance?
        for b in statement.balances {
            let currency = b.currency ?? statement.account.currency
            let source: Checkpoint.Source
            let fallback: Day?
            switch b.kind {
            case .available, .running: continue
            case .opening:
                source = .opening
                fallback = firstDay
                if opening == nil { opening = b }
            case .closing:
                source = .closing
                fallback = lastDay
            case .ledger:
                source = .ledger
                fallback = lastDay
            }
            guard let day = b.day ?? fallback else {
                diagnostics.append(.warning("reconcile.balance.day",
                                            "the \(b.kind.rawValue) balance \(b.amount) has no day and the statement has no period or transactions to date it: it is not reconciled",
                                            file: file, at: b.position))
                continue
            }
            checkpoints.append(Checkpoint(day: day, balance: b.amount, source: source, currency: currency,
                                          file: file, position: b.position))
        }
        let unplaced = statement.balances.filter { b in
            b.kind == .running && !(b.transactionIndex.map { statement.transactions.indices.contains($0) } ?? false)
        }
        if let b = unplaced.first {
            diagnostics.append(.warning("reconcile.running.row",
                                        "the running balance \(b.amount) does not name a row of the statement: \(unplaced.count == 1 ? "it is" : "\(unplaced.count) running balances are") not checked",
                                        file: file, at: b.position))
        }
        var chain: RunningBalanceChain?
        do {
            let openingAmount = opening.flatMap { o -> Amount? in
                guard let d = o.day, let first = days.min() else { return o.amount }
                return d <= first ? o.amount : nil
            }
            chain = try RunningBalanceChain.check(transactions: statement.transactions, balances: statement.balances,
                                                  opening: openingAmount)
        } catch {
            diagnostics.append(.error("reconcile.overflow", "the running balances add up to more than an amount can hold: they are not checked",
                                      file: file))
        }
        if let chain {
            for b in chain.breaks.prefix(1) {
                let before = b.previous.map { "row \($0.index + 1) (\($0.balance))" } ?? "the opening balance"
                diagnostics.append(.warning("reconcile.running.break",
                                            "the running balance on row \(b.row.index + 1) is \(b.stated), but \(before) plus \(b.row.amount) is \(b.expected): the bank's balances jump by \(b.difference)",
                                            file: file, at: b.row.position,
                                            notes: chain.breaks.count > 1 ? ["\(chain.breaks.count - 1) more break\(chain.breaks.count == 2 ? "" : "s") later in the file"] : []))
            }
            let currency = statement.account.currency
            for end in chain.dayEndBalances {
                checkpoints.append(Checkpoint(day: end.day, balance: end.balance, source: .running, currency: currency,
                                              file: file, position: end.position, transactionIndex: end.index))
            }
        }
        self.checkpoints = checkpoints
        self.chain = chain
        self.diagnostics = diagnostics
    }
}

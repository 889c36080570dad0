/// The orders results are given in: every sort has a tie-breaker, so output is stable.
extension TransferMatcher {
    /// The pairs in ``pairOrder``, sorting compact keys instead of moving whole pairs around.
    static func sortedPairs(_ pairs: [TransferPair]) -> [TransferPair] {
        let names = Array(Set(pairs.flatMap { [$0.from.accountName, $0.to.accountName] })).sorted()
        var rank: [String: Int] = [:]
        for (index, name) in names.enumerated() { rank[name] = index }
        struct Key { var day: Int32; var account: Int; var amount: Amount; var toDay: Int32; var toAccount: Int; var toAmount: Amount
                     var tie: (Int, Int64, Int, Int64) }
        let keys = pairs.map { p in
            Key(day: p.from.day.daysSinceEpoch, account: rank[p.from.accountName] ?? 0, amount: p.from.amount,
                toDay: p.to.day.daysSinceEpoch, toAccount: rank[p.to.accountName] ?? 0, toAmount: p.to.amount,
                tie: (p.from.transactionIndex ?? -1, p.from.transactionId ?? -1, p.to.transactionIndex ?? -1, p.to.transactionId ?? -1))
        }
        let order = pairs.indices.sorted { x, y in
            let a = keys[x], b = keys[y]
            if a.day != b.day { return a.day < b.day }
            if a.account != b.account { return a.account < b.account }
            if a.amount != b.amount { return a.amount < b.amount }
            if a.toDay != b.toDay { return a.toDay < b.toDay }
            if a.toAccount != b.toAccount { return a.toAccount < b.toAccount }
            if a.toAmount != b.toAmount { return a.toAmount < b.toAmount }
            if a.tie != b.tie { return a.tie < b.tie }
            return x < y
        }
        return order.map { pairs[$0] }
    }

    static func legOrder(_ a: TransferLeg, _ b: TransferLeg) -> Bool {
        if a.day != b.day { return a.day < b.day }
        if a.accountName != b.accountName { return a.accountName < b.accountName }
        if a.amount != b.amount { return a.amount < b.amount }
        return (a.transactionIndex ?? -1, a.transactionId ?? -1) < (b.transactionIndex ?? -1, b.transactionId ?? -1)
    }

    static func pairOrder(_ a: TransferPair, _ b: TransferPair) -> Bool {
        if a.from != b.from { return legOrder(a.from, b.from) }
        return legOrder(a.to, b.to)
    }
}

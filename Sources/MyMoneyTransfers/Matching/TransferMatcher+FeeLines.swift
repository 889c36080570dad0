extension TransferMatcher {
    /// Joins separate fee lines (a small sending leg with a fee word, same account and day as a
    /// transfer's sending leg) to their transfer. With several transfers that day, the one whose
    /// text shares a word with the fee line wins; with no clear winner the fee line stays alone.
    func attachFeeLines(to pairs: inout [TransferPair], options: TransferMatchOptions, legs: LegTable, directory: AccountDirectory,
                                reader: TextEvidenceReader, input: TransferMatchInput, excluding used: Set<Int32>) {
        let cap = (try? options.feeMaximum.rescaled(to: LegTable.keyScale).units) ?? Int64.max
        struct AccountDay: Hashable { var account: Int64; var day: Day }
        var pairsByDay: [AccountDay: [Int]] = [:]
        for (index, pair) in pairs.enumerated() where pair.fee == nil {
            pairsByDay[AccountDay(account: pair.from.accountId, day: pair.from.day), default: []].append(index)
        }
        guard !pairsByDay.isEmpty else { return }
        var wordCache: [Int: Set<String>] = [:]
        for line in 0..<legs.count where legs.outgoing[line] && legs.text[line].has(.fee) && legs.key[line] <= cap
            && !used.contains(Int32(line)) {
            let tx = input.transactions[legs.transactionIndex[line]]
            let key = AccountDay(account: tx.accountId, day: tx.day)
            guard let candidates = pairsByDay[key], !candidates.isEmpty else { continue }
            var chosen: Int?
            if candidates.count == 1 {
                chosen = candidates[0]
            } else {
                let words = TransferMatcher.distinctiveWords(tx.payee, tx.memo, reader: reader)
                let overlaps = candidates.map { candidate in
                    let theirs = wordCache[candidate] ?? TransferMatcher.distinctiveWords(pairs[candidate].from.payee, pairs[candidate].from.memo, reader: reader)
                    wordCache[candidate] = theirs
                    return words.intersection(theirs).count
                }
                let best = overlaps.max() ?? 0
                if best > 0, overlaps.filter({ $0 == best }).count == 1, let position = overlaps.firstIndex(of: best) {
                    chosen = candidates[position]
                }
            }
            guard let chosen else { continue }
            let account = directory.accounts[Int(legs.account[line])]
            pairs[chosen].feeLeg = TransferLeg(tx, account: account, index: legs.transactionIndex[line])
            pairs[chosen].fee = try? tx.amount.magnitude()
            pairs[chosen].reasons.append("fee \(pairs[chosen].fee?.description ?? "") \(tx.currency.code) booked separately (“\(tx.payee ?? tx.memo ?? "")”)")
            pairsByDay[key]?.removeAll { $0 == chosen }
        }
    }

    /// Upper-cased words of four letters or more, without fee words.
    static func distinctiveWords(_ payee: String?, _ memo: String?, reader: TextEvidenceReader) -> Set<String> {
        var result = Set<String>()
        for text in [payee, memo] {
            guard let text else { continue }
            for word in text.uppercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where word.count >= 4 {
                if !reader.read(String(word), payee: false).has(.fee) { result.insert(String(word)) }
            }
        }
        return result
    }

}

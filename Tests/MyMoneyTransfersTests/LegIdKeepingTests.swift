import Testing
import MyMoneyTestSupport
@testable import MyMoneyTransfers

/// The leg table keeps ids compactly (``LegTable/IdKeeping/compact``: ``TakenIds`` as bits over
/// the ids' range, leg indices only for linked ids, rows read in place): a match must come out
/// exactly as with the plain twin (a `Set` of every id, a leg index for every id).
@Suite("transfers: the leg table's compact ids")
struct LegIdKeepingTests {
    static func match(_ input: TransferMatchInput, _ keeping: LegTable.IdKeeping) -> TransferMatchResult {
        var matcher = TransferMatcher()
        matcher.legIds = keeping
        return matcher.match(input)
    }

    /// Generated ledgers of four to ten accounts in up to four currencies, with transfers, fees,
    /// hard cases and decoys; ids shifted, spread, repeated and missing; half of the first
    /// match's pairs passed as stored links, some with a leg left out.
    @Test(arguments: [UInt64(3), 11, 29])
    func aMatchIsTheSameAsWithThePlainTwin(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let ledger = SyntheticTransferLedger(.init(count: 2_500, accounts: 4 + random.below(7), seed: seed, rateCoverage: 0.5, hardCases: true))
        var checked = 0
        for variant in 0..<4 {
            var transactions = ledger.transactions
            switch variant {
            case 1: // far apart: the Set, not the bits
                for i in transactions.indices { transactions[i].id = Int64(i) * 1_000_003 + 7 }
            case 2: // repeated ids (counted once) and rows without an id
                for i in transactions.indices where random.below(9) == 0 {
                    transactions[i].id = random.below(2) == 0 ? nil : transactions[random.below(transactions.count)].id
                }
            case 3: // two runs far apart, as a ledger's rows around an import's
                for i in transactions.indices where i % 2 == 1 { transactions[i].id = (transactions[i].id ?? 0) + 5_000_000 }
            default: break
            }
            var input = TransferMatchInput(transactions: transactions, accounts: ledger.accounts, rates: ledger.rates)
            let first = LegIdKeepingTests.match(input, .plain)
            #expect(first == LegIdKeepingTests.match(input, .compact), "variant \(variant)")
            // Stored links: every other pair, and a link whose other leg is not among the rows.
            input.linked = first.pairs.enumerated().compactMap { k, pair in
                guard k % 2 == 0, let a = pair.from.transactionId, let b = pair.to.transactionId else { return nil }
                return TransferLink(fromId: a, toId: b)
            } + [TransferLink(fromId: transactions.first?.id ?? 1, toId: -42)]
            let plain = LegIdKeepingTests.match(input, .plain)
            #expect(plain == LegIdKeepingTests.match(input, .compact), "variant \(variant), with links")
            #expect(!first.pairs.isEmpty)
            checked += first.pairs.count
        }
        #expect(checked > 100)
    }

    @Test func takenIdsAnswerAsASet() {
        var random = SeededGenerator(seed: 5)
        for round in 0..<40 {
            let count = 1 + random.below(400)
            let spread: Int64 = [1, 2, 17, 100_000, Int64.max / 4][round % 5]
            let base = Int64(random.below(1_000)) - 500
            var ids: [Int64] = (0..<count).map { _ in base &+ Int64(random.below(count * 2)) &* spread }
            if round % 7 == 0 { ids += [Int64.min, Int64.max] }
            let rows = ids.map { LedgerTransaction(id: $0, accountId: 1, day: Day(daysSinceEpoch: 0), amount: .zero, currency: .EUR) }
            var dense = TakenIds(for: rows), plain = TakenIds(for: rows, dense: false)
            #expect(!plain.isDense)
            // Close ids are bits; ids that span all of Int64 keep the Set.
            if spread <= 2 { #expect(dense.isDense == (round % 7 != 0)) }
            for id in ids + ids.reversed() { #expect(dense.insert(id) == plain.insert(id), "round \(round), id \(id)") }
        }
    }
}

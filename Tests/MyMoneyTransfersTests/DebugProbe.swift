import Testing
import Foundation
import MyMoneyTransfers

@Suite struct DebugProbe {
    @Test func probe() {
        let ledger = SyntheticTransferLedger(count: 5_000, seed: 7, rateCoverage: 0.5)
        let t0 = Date()
        let result = TransferMatcher().match(TransferMatchInput(transactions: ledger.transactions, accounts: ledger.accounts, rates: ProcessInfo.processInfo.environment["NORATES"] == "1" ? [] : ledger.rates))
        print("seconds", Date().timeIntervalSince(t0), result.statistics)
        print(ledger.score(result))
        let fees = ledger.truth.filter { $0.feeLine != nil }
        print("fee truths", fees.count, "attached", result.proposed.filter { $0.feeLeg != nil }.count)
        for t in fees.filter({ t in !result.pairs.contains { $0.feeLeg?.transactionIndex == t.feeLine } }).prefix(3) {
            let p = result.pairs.first { $0.from.transactionIndex == t.from }
            let f = ledger.transactions[t.feeLine!]
            print("same day giro pairs", result.pairs.filter { $0.from.accountId == f.accountId && $0.from.day == f.day }.map { "\($0.from.memo ?? "-") \($0.fee ?? .zero)" }, f.day, f.amount)
            print("fee truth", ledger.transactions[t.feeLine!].payee ?? "", p?.feeLeg?.transactionIndex ?? -1, t.feeLine!, p?.fee ?? .zero, p?.reasons ?? [])
        }
        let truth = Set(ledger.truth.map { "\($0.from)>\($0.to)" })
        var shown = 0
        for pair in result.proposed where !truth.contains("\(pair.from.transactionIndex!)>\(pair.to.transactionIndex!)") && shown < 12 {
            shown += 1
            print("FP", pair.from.accountName, pair.from.day, pair.from.amount, pair.from.payee ?? "", "|", pair.from.memo ?? "", "->", pair.to.accountName, pair.to.day, pair.to.amount, pair.to.payee ?? "", String(format: "%.2f", pair.confidence), pair.reasons)
        }
        let found = Set(result.proposed.map { "\($0.from.transactionIndex!)>\($0.to.transactionIndex!)" })
        shown = 0
        for t in ledger.truth where !found.contains("\(t.from)>\(t.to)") && shown < 15 {
            shown += 1
            let a = ledger.transactions[t.from], b = ledger.transactions[t.to]
            print("FN", a.accountId, a.day, a.amount, a.payee ?? "", "|", a.memo ?? "", "->", b.accountId, b.day, b.amount, b.payee ?? "", "|", b.memo ?? "")
        }
        print("ambiguous groups", result.ambiguous.count, result.ambiguous.prefix(3).map { $0.candidates.map { "\($0.route) \($0.from.amount) \($0.to.amount) \($0.from.day) \($0.to.day) \(String(format: "%.2f", $0.confidence))" } })
    }
}

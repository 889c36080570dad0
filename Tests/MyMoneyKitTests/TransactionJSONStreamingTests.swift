import Testing
@testable import MyMoneyCLI
import MyMoneyKit
import MyMoneyTestSupport

/// `transactions --format json` streams: each transaction written by `TransactionJSON.write`
/// against its plain twin `TransactionJSON.make` (the tree the command printed before), byte
/// for byte, inside the same document.
@Suite("transaction JSON, streamed")
struct TransactionJSONStreamingTests {
    static let texts: [String?] = [nil, "", "REWE", "\"quoted\" \\ back", "line\nfeed\ttab", "\u{1B}]0;title\u{07}", "\u{9B}C1", "Müller €"]

    static func transaction(_ random: inout SeededGenerator) -> LedgerTransaction {
        func text() -> String? { texts.randomElement(using: &random)! }
        var t = LedgerTransaction(
            id: Bool.random(using: &random) ? Int64.random(in: 1...9_000_000, using: &random) : nil,
            accountId: 1, day: Day(daysSinceEpoch: Int32.random(in: 0...30_000, using: &random)),
            amount: Amount(units: Int64.random(in: -1_000_000...1_000_000, using: &random), scale: Int.random(in: 0...3, using: &random)),
            currency: [Currency.EUR, Currency(code: "JPY")!].randomElement(using: &random)!,
            originalPayee: text(), payee: text(), memo: text(), notes: text(),
            type: TransactionType.allCases.randomElement(using: &random)!,
            category: [nil, CategoryPath(["Food", "Groceries"]), CategoryPath(["Gifts"])].randomElement(using: &random)!,
            tags: (0..<Int.random(in: 0...2, using: &random)).map { _ in text() ?? "t" },
            project: text(), place: text(), bankId: text(),
            sourceFile: text(), sourceLine: Bool.random(using: &random) ? Int.random(in: 1...500, using: &random) : nil)
        t.splits = (0..<(Bool.random(using: &random) ? 0 : 2)).map { _ in
            StatementSplit(amount: Amount(units: Int64.random(in: -500...500, using: &random), scale: 2), category: text(),
                           memo: text(), tags: Bool.random(using: &random) ? ["flowers"] : [])
        }
        return t
    }

    @Test func streamedTransactionsEqualTheTree() {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<300 {
            let rows = (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.transaction(&random) }
            let tree = JSONValue.object([("transactions", .array(rows.map { TransactionJSON.make($0, accountName: "Giro \"1\"") }))])
            let sink = CollectedBytes()
            var json = JSONWriter(into: sink)
            json.beginObject()
            json.key("transactions")
            json.beginArray()
            for t in rows { TransactionJSON.write(t, accountName: "Giro \"1\"", into: &json) }
            json.endArray()
            json.endObject()
            json.finishLine()
            #expect(sink.text == tree.serialized() + "\n")
        }
    }
}

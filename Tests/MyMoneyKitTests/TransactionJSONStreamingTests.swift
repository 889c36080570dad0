import Testing
@testable import MyMoneyCLI
import MyMoneyKit
@testable import MyMoneyStore
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

    /// The document written from the rows' columns (`transactions --format json` now) is the
    /// document written from the values (before), byte for byte, for stored transactions with
    /// every kind of text, tags, parts, and a field holding bytes that are not UTF-8.
    @Test func theDocumentFromTheColumnsIsTheDocumentFromTheValues() throws {
        let ledger = try Ledger(path: MyMoneyBinary.scratch("json-rows").appendingPathComponent("ledger.sqlite").path)
        var random = SeededGenerator(seed: 5)
        for currency in [Currency.EUR, Currency(code: "JPY")!] {
            let account = try #require(try ledger.addAccount(Account(name: "Konto \(currency.code) \"x\"", kind: .bank, currency: currency)).id)
            let rows = (0..<400).map { _ in
                var t = Self.transaction(&random)
                t.id = nil
                t.accountId = account
                t.currency = currency
                // Names (tags, project, place) refuse control characters; payees and memos keep them.
                t.tags = [[], ["market"], ["Zeta", "market"]].randomElement(using: &random)!
                t.project = [nil, "Haus \"Süd\""].randomElement(using: &random)!
                t.place = [nil, "Café Müller"].randomElement(using: &random)!
                t.amount = Amount(units: t.amount.units, scale: currency.minorUnits ?? 2)
                t.splits = t.splits.isEmpty ? [] : [StatementSplit(amount: t.amount, category: "Gifts:Flowers", memo: t.memo, tags: ["flowers"])]
                return t
            }
            _ = try ledger.importStatements([ImportStatement(accountId: account, transactions: rows)])
        }
        try ledger.db.execute("UPDATE transactions SET memo = CAST(X'4361669F' AS TEXT) WHERE id % 50 = 0")
        let names = Dictionary(uniqueKeysWithValues: try ledger.accounts().map { ($0.id!, $0.name) })
        func document(_ write: (inout JSONWriter) throws -> Void) rethrows -> [UInt8] {
            let sink = CollectedBytes()
            var json = JSONWriter(into: sink)
            json.beginObject(); json.key("transactions"); json.beginArray()
            try write(&json)
            json.endArray(); json.endObject(); json.finishLine()
            return sink.bytes
        }
        for filter in [TransactionFilter(), TransactionFilter(limit: 7), TransactionFilter(text: "müller"),
                       TransactionFilter(minimumAmount: Amount(units: 0, scale: 0))] {
            let fromValues = try document { json in
                try ledger.eachTransaction(matching: filter) { TransactionJSON.write($0, accountName: names[$0.accountId]!, into: &json) }
            }
            let fromRows = try document { json in
                let keys = TransactionJSON.Keys(elementsOf: json)
                try ledger.eachTransactionRow(matching: filter) { TransactionJSON.write($0, accountName: names[$0.accountId]!, keys: keys, into: &json) }
            }
            #expect(fromRows == fromValues, "\(filter)")
            #expect(fromRows.count > 200)
        }
        // The table's cells, from the columns and from the values.
        var cellsFromValues: [[String]] = [], cellsFromRows: [[String]] = []
        try ledger.eachTransaction { cellsFromValues.append(TransactionsCommand.cells($0, accountName: "Giro")) }
        try ledger.eachTransactionRow { cellsFromRows.append(TransactionsCommand.cells($0, accountName: "Giro")) }
        #expect(cellsFromRows == cellsFromValues)
        // The cells as bytes, where the row gives them so, are the cells.
        var asBytes = 0
        var bytes = TableRowBytes()
        try ledger.eachTransactionRow { row in
            if TransactionsCommand.cells(row, accountName: "Giro", into: &bytes) {
                #expect(bytes.cells == TransactionsCommand.cells(row, accountName: "Giro"))
                asBytes += 1
            }
        }
        #expect(asBytes > 300)
        #expect(cellsFromRows.count == 800 && cellsFromRows.contains { $0[5].hasPrefix("split: ") })
        let all = String(decoding: try document { json in
            let keys = TransactionJSON.Keys(elementsOf: json)
            try ledger.eachTransactionRow { TransactionJSON.write($0, accountName: names[$0.accountId]!, keys: keys, into: &json) }
        }, as: UTF8.self)
        // Not vacuous: the repaired bytes, escapes, tags and parts are in the document.
        #expect(all.contains("Caf\u{FFFD}") && all.contains("\\u001b") && all.contains("\"flowers\""))
    }
}

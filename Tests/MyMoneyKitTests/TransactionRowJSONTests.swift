import Testing
@testable import MyMoneyCLI
import MyMoneyKit
@testable import MyMoneyStore
import MyMoneyTestSupport

/// `transactions --format json` writes each row as one record (`TransactionRowJSON`): the same
/// bytes as its twin, `TransactionJSON.write` of the row with the keys, for every kind of row.
@Suite("transaction rows as records")
struct TransactionRowJSONTests {
    /// A ledger of two accounts (one named with a quote and an umlaut) whose rows have every
    /// kind of text, tags, parts, NULLs, bytes that are not UTF-8 and days outside four-digit years.
    static func ledger(_ name: String) throws -> (Ledger, [Int64: String]) {
        let ledger = try Ledger(path: MyMoneyBinary.scratch(name).appendingPathComponent("ledger.sqlite").path)
        var random = SeededGenerator(seed: 17)
        for (currency, name) in [(Currency.EUR, "Giro"), (Currency(code: "JPY")!, "Konto \"Süd\"")] {
            let account = try #require(try ledger.addAccount(Account(name: name, kind: .bank, currency: currency)).id)
            let rows = (0..<500).map { i in
                var t = TransactionJSONStreamingTests.transaction(&random)
                t.id = nil
                t.accountId = account
                t.currency = currency
                // Most rows plain (as a bank's are), so both paths are taken often.
                if i % 3 != 0 {
                    t.payee = ["REWE 123", nil, ""].randomElement(using: &random)!
                    t.memo = ["Card payment 1", nil].randomElement(using: &random)!
                    t.notes = nil
                    t.originalPayee = "REWE SAGT DANKE"
                    t.bankId = [nil, "F\(i)"].randomElement(using: &random)!
                    t.sourceFile = [nil, "/tmp/a.csv"].randomElement(using: &random)!
                }
                t.tags = [[], ["market"], ["Zeta", "market"], ["Café"]].randomElement(using: &random)!
                t.project = [nil, "Haus", "Haus \"Süd\""].randomElement(using: &random)!
                t.place = [nil, "Berlin", "Café Müller"].randomElement(using: &random)!
                t.category = [nil, CategoryPath(["Food", "Groceries"]), CategoryPath(["Gebühren"])].randomElement(using: &random)!
                if i % 3 != 0 {
                    t.tags = [[], ["market"], ["Zeta", "market"]].randomElement(using: &random)!
                    t.project = [nil, "Haus"].randomElement(using: &random)!
                    t.place = [nil, "Berlin"].randomElement(using: &random)!
                    t.category = [nil, CategoryPath(["Food", "Groceries"])].randomElement(using: &random)!
                }
                t.amount = Amount(units: t.amount.units, scale: currency.minorUnits ?? 2)
                t.splits = i % 7 == 0 ? [StatementSplit(amount: t.amount, category: "Gifts:Flowers", memo: t.memo, tags: ["flowers"])] : []
                return t
            }
            _ = try ledger.importStatements([ImportStatement(accountId: account, transactions: rows)])
        }
        try ledger.db.execute("UPDATE transactions SET memo = CAST(X'4361669F' AS TEXT) WHERE id % 50 = 0")
        try ledger.db.execute("UPDATE transactions SET day = -800000 WHERE id % 97 = 0")
        try ledger.db.execute("UPDATE transactions SET day = 3000000 WHERE id % 89 = 0")
        try ledger.db.execute("UPDATE transactions SET source_line = NULL WHERE id % 5 = 0")
        let names = Dictionary(uniqueKeysWithValues: try ledger.accounts().map { ($0.id!, $0.name) })
        return (ledger, names)
    }

    static func document(pretty: Bool, _ write: (inout JSONWriter) throws -> Void) rethrows -> [UInt8] {
        let sink = CollectedBytes()
        var json = JSONWriter(into: sink, pretty: pretty)
        json.beginObject(); json.key("transactions"); json.beginArray()
        try write(&json)
        json.endArray(); json.endObject(); json.finishLine()
        return sink.bytes
    }

    @Test(arguments: [true, false])
    func recordsAreTheTwinsBytes(pretty: Bool) throws {
        let (ledger, names) = try Self.ledger("row-records-\(pretty)")
        for filter in [TransactionFilter(), TransactionFilter(limit: 9), TransactionFilter(text: "müller"),
                       TransactionFilter(tags: ["market"])] {
            let twin = try Self.document(pretty: pretty) { json in
                let keys = TransactionJSON.Keys(elementsOf: json)
                try ledger.eachTransactionRow(matching: filter) { TransactionJSON.write($0, accountName: names[$0.accountId]!, keys: keys, into: &json) }
            }
            var written = 0, rows = 0
            let fast = try Self.document(pretty: pretty) { json in
                var records = TransactionRowJSON(elementsOf: json)
                try ledger.eachTransactionRow(matching: filter) { row in
                    records.write(row, accountName: { names[row.accountId]! }, into: &json)
                    rows += 1
                }
                written = records.records
            }
            #expect(fast == twin, "\(filter)")
            // Not vacuous: both paths were taken, over more than one buffer.
            if filter.limit == nil && filter.text == nil {
                #expect(written > rows / 4 && written < rows, "\(written) of \(rows)")
            }
        }
        let all = try Self.document(pretty: pretty) { json in
            var records = TransactionRowJSON(elementsOf: json)
            try ledger.eachTransactionRow { row in records.write(row, accountName: { names[row.accountId]! }, into: &json) }
        }
        #expect(all.count > 2 * BufferedOutput.capacity)
        let text = String(decoding: all, as: UTF8.self)
        #expect(text.contains("Caf\u{FFFD}") && text.contains("\"flowers\"") && text.contains("Konto \\\"Süd\\\""))
    }

    /// Rows of two accounts taking turns each get their own account's name (it is kept from
    /// row to row): the document is the one written from the whole values.
    @Test func theAccountNameFollowsTheRow() throws {
        let (ledger, names) = try Self.ledger("row-records-names")
        let fast = try Self.document(pretty: true) { json in
            var records = TransactionRowJSON(elementsOf: json)
            try ledger.eachTransactionRow { row in
                records.write(row, accountName: { names[row.accountId]! }, into: &json)
            }
        }
        let twin = try Self.document(pretty: true) { json in
            for t in try ledger.transactions() { TransactionJSON.write(t, accountName: names[t.accountId]!, into: &json) }
        }
        #expect(fast == twin)
    }
}

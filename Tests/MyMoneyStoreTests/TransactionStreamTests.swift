import Testing
import MyMoneyStore
import MyMoneyTestSupport

/// `eachTransaction(matching:)`, the stream behind `transactions --format json`, against its
/// plain twin `transactions(matching:)`: the same transactions (splits and tags included) in the
/// same order, for every kind of filter, on ledgers small and large enough (1,000 rows and up)
/// for the list to take its other paths (counted, tags read up front, sorted in Swift).
@Suite struct TransactionStreamTests {
    /// Three accounts whose transactions share days (the merge must order them by day, then id),
    /// added out of day order, some tagged, categorized, at a place or split into parts.
    static func ledger(rows: Int, seed: UInt64) throws -> (LedgerFixture, [Int64]) {
        let fixture = try LedgerFixture("stream")
        let accounts = [try fixture.account("Giro"), try fixture.account("Visa", kind: .creditCard), try fixture.account("Wallet", kind: .cash)]
        var random = SeededGenerator(seed: seed)
        var statements: [Int64: [LedgerTransaction]] = [:]
        for i in 0..<rows {
            let account = accounts.randomElement(using: &random)!
            let cents = Int64.random(in: -50_000...50_000, using: &random)
            let payees = ["REWE", "Rewe Markt", "Café Müller", "Stadtwerke", "Lohn", "Tankstelle"]
            var t = row(account, 1, "0", payees.randomElement(using: &random)!, memo: Bool.random(using: &random) ? "Tulpen \(i)" : nil,
                        bankId: "b\(i)", category: ["Food:Groceries", "Gifts", nil, "Car:Fuel"].randomElement(using: &random)!,
                        tags: [[], ["market"], ["market", "Zeta"], ["alpha"]].randomElement(using: &random)!,
                        place: Bool.random(using: &random) ? "Markt" : nil)
            t.day = Day(daysSinceEpoch: 20_000 + Int32.random(in: 0...40, using: &random))
            t.amount = Amount(units: cents, scale: 2)
            if i % 7 == 0 {
                let first = Amount(units: cents / 2, scale: 2)
                t.splits = [StatementSplit(amount: first, category: "Gifts:Flowers", memo: "Tulpen"),
                            StatementSplit(amount: Amount(units: cents - cents / 2, scale: 2), category: nil, tags: ["flowers"])]
            }
            statements[account, default: []].append(t)
        }
        for account in accounts {
            _ = try fixture.ledger.importStatements([ImportStatement(accountId: account, transactions: statements[account] ?? [])])
        }
        return (fixture, accounts)
    }

    static func filters(_ accounts: [Int64]) -> [TransactionFilter] {
        let day = Day(daysSinceEpoch: 20_010)
        return [
            TransactionFilter(),
            TransactionFilter(limit: 5),
            TransactionFilter(from: day, through: Day(daysSinceEpoch: 20_020)),
            TransactionFilter(accountIds: [accounts[1]]),
            TransactionFilter(accountIds: [accounts[2], accounts[0], accounts[2]]),
            TransactionFilter(minimumAmount: Amount(units: -1000, scale: 2), maximumAmount: Amount(units: 1000, scale: 2)),
            TransactionFilter(category: CategoryPath(["Gifts"])),
            TransactionFilter(uncategorized: true),
            TransactionFilter(types: [.income]),
            TransactionFilter(place: "Markt", limit: 3),
            TransactionFilter(tags: ["market", "alpha"]),
            TransactionFilter(tags: ["market", "zeta"], tagMatch: .all),
            TransactionFilter(text: "tulpen", limit: 4),
            TransactionFilter(text: "cafe"),
            TransactionFilter(accountIds: [accounts[0]], text: "rewe", limit: 2),
        ]
    }

    static func streamed(_ ledger: Ledger, _ filter: TransactionFilter) throws -> [LedgerTransaction] {
        var rows: [LedgerTransaction] = []
        try ledger.eachTransaction(matching: filter) { rows.append($0) }
        return rows
    }

    @Test(arguments: [40, 1_300])
    func theStreamHandsOnWhatTheListReturnsInItsOrder(rows: Int) throws {
        let (fixture, accounts) = try Self.ledger(rows: rows, seed: UInt64(rows))
        for filter in Self.filters(accounts) {
            let listed = try fixture.ledger.transactions(matching: filter)
            let streamed = try Self.streamed(fixture.ledger, filter)
            #expect(streamed.count == listed.count, "\(filter)")
            #expect(streamed == listed, "\(filter)")
        }
        // Not vacuous: the splits, tags and several accounts are there.
        let all = try fixture.ledger.transactions()
        #expect(all.count == rows)
        #expect(all.contains { !$0.splits.isEmpty } && all.contains { $0.tags.count == 2 })
        #expect(Set(all.map(\.accountId)).count == 3)
    }

    @Test func anEmptyLedgerStreamsNothing() throws {
        let fixture = try LedgerFixture("stream-empty")
        #expect(try Self.streamed(fixture.ledger, TransactionFilter()).isEmpty)
    }

    @Test func aFilterNamingAnUnknownCategoryFailsAsTheListDoes() throws {
        let (fixture, _) = try Self.ledger(rows: 5, seed: 1)
        #expect(throws: LedgerError.self) { try Self.streamed(fixture.ledger, TransactionFilter(category: CategoryPath(["Nowhere"]))) }
    }
}

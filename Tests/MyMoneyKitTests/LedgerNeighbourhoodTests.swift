import Testing
@testable import MyMoneyKit
import MyMoneyStore

/// ``LedgerNeighbourhood/transactions(of:)`` shares the neighbourhood's array when it holds one
/// account only; its plain twin ``LedgerNeighbourhood/copiedTransactions(of:)`` copies row by row.
@Suite("import: the transactions around the imported days")
struct LedgerNeighbourhoodTests {
    /// `count` rows of the accounts `accounts` picks by row, days out of order, ids descending, two
    /// identical rows on one day.
    static func rows(_ count: Int, accounts: (Int) -> Int64) -> [LedgerTransaction] {
        (0..<count).map { i in
            LedgerTransaction(id: Int64(1_000 - i), accountId: accounts(i), day: Day(daysSinceEpoch: Int32(20_000 + (i * 7) % 13)),
                              amount: Amount(units: Int64(i % 3 == 0 ? -250 : 100 + i), scale: 2), currency: .EUR,
                              originalPayee: i % 3 == 0 ? "Corner Bakery" : "Shop \(i)", memo: i % 2 == 0 ? "memo \(i)" : nil)
        }
    }

    @Test("one account: the shared array is the copy, row for row")
    func oneAccountSharesTheSameRows() {
        let neighbourhood = LedgerNeighbourhood(transactions: Self.rows(40) { _ in 7 })
        let shared = neighbourhood.transactions(of: 7)
        #expect(shared.count == 40)
        #expect(shared == neighbourhood.copiedTransactions(of: 7))
        #expect(shared == neighbourhood.transactions)
        #expect(neighbourhood.transactions(of: 8).isEmpty)
        #expect(neighbourhood.copiedTransactions(of: 8).isEmpty)
    }

    @Test("several accounts: each account's rows only, by day and id, as the copy")
    func severalAccountsGetTheirOwnRows() {
        let neighbourhood = LedgerNeighbourhood(transactions: Self.rows(60) { Int64(1 + $0 % 3) })
        var seen = 0
        for account: Int64 in [1, 2, 3] {
            let rows = neighbourhood.transactions(of: account)
            #expect(rows == neighbourhood.copiedTransactions(of: account))
            #expect(rows.count == 20)
            #expect(rows.allSatisfy { $0.accountId == account })
            #expect(zip(rows, rows.dropFirst()).allSatisfy { ($0.day, $0.id ?? 0) <= ($1.day, $1.id ?? 0) })
            seen += rows.count
        }
        #expect(seen == 60)
        #expect(neighbourhood.transactions(of: 4).isEmpty)
    }

    @Test("no rows: nothing for any account")
    func noRowsGiveNothing() {
        let neighbourhood = LedgerNeighbourhood(transactions: [])
        #expect(neighbourhood.transactions(of: 1).isEmpty)
        #expect(LedgerNeighbourhood().transactions(of: 1).isEmpty)
    }
}

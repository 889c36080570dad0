import Testing
import MyMoneyCore
import MyMoneyTestSupport
@testable import MyMoneyTransfers

/// The rows of a single account cannot pair (``TransferMatcher/canPair(_:)``): the matcher then
/// neither reads their texts nor looks for candidates. The result must be exactly the full
/// match's (``TransferMatcher/oneAccountShortcut`` off is the twin): the same legs, no pairs,
/// the same unpaired hints and diagnostics.
@Suite("transfers: one account's rows are not searched")
struct OneAccountShortcutTests {
    static func match(_ input: TransferMatchInput, shortcut: Bool) -> TransferMatchResult {
        var matcher = TransferMatcher()
        matcher.oneAccountShortcut = shortcut
        return matcher.match(input)
    }

    /// Each account of generated ledgers alone, with its telling texts, with transfer hints
    /// added that name another account, its own account, no account, and with zero amounts,
    /// repeated ids and a row too large to compare among them.
    @Test(arguments: [UInt64(5), 17])
    func oneAccountsRowsMatchAsInTheFullMatch(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let ledger = SyntheticTransferLedger(.init(count: 1_500, accounts: 4 + random.below(7), seed: seed, rateCoverage: 0.5, hardCases: true))
        var hinted = 0
        for account in ledger.accounts {
            var rows = ledger.transactions.filter { $0.accountId == account.id }
            guard !rows.isEmpty else { continue }
            let others = ledger.accounts.filter { $0.id != account.id }
            for i in rows.indices {
                switch random.below(12) {
                case 0: rows[i].transferHint = "[\(others[random.below(others.count)].name)]"
                case 1: rows[i].transferHint = "[\(account.name)]"
                case 2: rows[i].transferHint = "[Nowhere \(random.below(3))]"
                case 3: rows[i].amount = .zero
                case 4: rows[i].id = rows[random.below(rows.count)].id
                default: break
                }
            }
            rows[0].amount = Amount(units: .max, scale: 0)
            let input = TransferMatchInput(transactions: rows, accounts: ledger.accounts, rates: ledger.rates,
                                           ownerNames: ["Alex Morgan"])
            #expect(!TransferMatcher.canPair(input))
            let full = OneAccountShortcutTests.match(input, shortcut: false)
            let quick = OneAccountShortcutTests.match(input, shortcut: true)
            #expect(quick == full, "account \(account.name)")
            #expect(full.diagnostics.contains { $0.code == "transfers.amount-range" })
            #expect(full.pairs.isEmpty && full.ambiguous.isEmpty)
            hinted += full.unpairedHints.count
        }
        #expect(hinted > 20)
    }

    @Test func rowsOfTwoAccountsOrStoredLinksArePaired() {
        let ledger = SyntheticTransferLedger(.init(count: 400, accounts: 4, seed: 3))
        var input = TransferMatchInput(transactions: ledger.transactions, accounts: ledger.accounts, rates: ledger.rates)
        #expect(TransferMatcher.canPair(input))
        #expect(!OneAccountShortcutTests.match(input, shortcut: true).pairs.isEmpty)
        input.transactions = ledger.transactions.filter { $0.accountId == ledger.accounts[0].id }
        #expect(!TransferMatcher.canPair(input))
        input.linked = [TransferLink(fromId: 1, toId: 2)]
        #expect(TransferMatcher.canPair(input))
        #expect(TransferMatcher.canPair(TransferMatchInput(transactions: [], accounts: ledger.accounts)))
    }
}

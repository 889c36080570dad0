import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore
import MyMoneyTestSupport

/// Accounts new to the ledger, imported beside others, get their opening balances and
/// reconciliation from their rows' balance rows (``ImportRequest/balanceRowsOfNewAccounts``),
/// whole rows only where a checkpoint disagrees: the import must end as the plain twin's does,
/// which copies every row of each account out of the neighbourhood.
@Suite("import: balance rows of new accounts for opening balances and reconciliation")
struct BalanceRowsOfNewAccountsTests {
    /// Generated CSV statements of `accounts` accounts (EUR and USD) with running balances and
    /// transfers between them (one account without balances). (A wrong running balance breaks its statement's chain and the
    /// statement is refused, so the whole rows' path of a disagreeing account is the one
    /// ``LedgerReconciliation`` already takes for rows read from the ledger.)
    static func statements(seed: UInt64, accounts: Int) -> [(name: String, csv: String)] {
        var random = SeededGenerator(seed: seed)
        var lines = (0..<accounts).map { _ in ["Date,Description,Memo,Amount,Currency,Balance"] }
        var balances = (0..<accounts).map { _ in Int64(random.below(500_000)) }
        func currency(_ a: Int) -> String { a % 3 == 2 ? "USD" : "EUR" }
        func money(_ cents: Int64) -> String { String(format: "%@%lld.%02lld", cents < 0 ? "-" : "", abs(cents) / 100, abs(cents) % 100) }
        func add(_ a: Int, _ day: String, _ payee: String, _ memo: String, _ cents: Int64) {
            balances[a] += cents
            // With three accounts or more, the second has no balances (no checkpoint to check).
            lines[a].append("\(day),\(payee),\(memo),\(money(cents)),\(currency(a)),\(accounts >= 3 && a == 1 ? "" : money(balances[a]))")
        }
        for i in 0..<(300 * accounts) {
            let day = String(format: "2026-%02d-%02d", 1 + i / (28 * 10 * accounts) % 12, 1 + (i / (10 * accounts)) % 28)
            let a = random.below(accounts)
            if random.below(8) == 0 {
                var b = random.below(accounts)
                if b == a { b = (a + 1) % accounts }
                let cents = Int64(1_000 + random.below(90_000))
                let received = currency(a) == currency(b) ? cents : cents * 108 / 100
                add(a, day, "Transfer to account-\(b)", "Own account transfer", -cents)
                add(b, day, "Transfer from account-\(a)", "Own account transfer", received)
            } else {
                add(a, day, ["REWE Markt", "Shell", "Corner Bakery", "Salary ACME"][random.below(4)] + " \(random.below(90))",
                    "Card payment \(random.below(999_999))", Int64(random.below(20_000)) - 15_000)
            }
        }
        return (0..<accounts).map { ("account-\($0).csv", lines[$0].joined(separator: "\n") + "\n") }
    }

    func imported(_ files: [URL], balanceRows: Bool) throws -> (report: String, transactions: [LedgerTransaction], accounts: [Account], mismatch: Bool, paired: Int) {
        let ledger = MyMoneyBinary.scratch("balance-rows-ledger").appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: files.map(\.path))
        request.balanceRowsOfNewAccounts = balanceRows
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: nil)
        let after = try Books.open(at: ledger)
        return (ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                try after.ledger.transactions(), try after.ledger.accounts(), outcome.reconciliation?.hasMismatch ?? false,
                outcome.transfersConfirmed + outcome.transfersProposed)
    }

    @Test(arguments: [(UInt64(1), 3), (2, 4), (3, 2), (4, 1)])
    func anImportOfNewAccountsEndsAsThePlainTwins(seed: UInt64, accounts: Int) throws {
        let folder = MyMoneyBinary.scratch("balance-rows-in")
        var files: [URL] = []
        for (name, csv) in Self.statements(seed: seed, accounts: accounts) {
            let file = folder.appendingPathComponent(name)
            try Data(csv.utf8).write(to: file)
            files.append(file)
        }
        let fast = try imported(files, balanceRows: true)
        let plain = try imported(files, balanceRows: false)
        #expect(fast.report == plain.report)
        #expect(fast.transactions == plain.transactions)
        #expect(fast.accounts == plain.accounts)
        #expect(fast.transactions.count >= 300 * accounts)
        // The opening balances were derived, and every account reconciles.
        #expect(fast.accounts.contains { !$0.openingBalance.isZero })
        #expect(!fast.mismatch && !plain.mismatch)
        // The accounts' transfers were paired (none with one account).
        #expect((fast.paired > 20) == (accounts > 1))
    }
}

import Foundation
import MyMoneyStore
import Testing

/// A fresh ledger in its own temporary folder, removed when the fixture is released.
final class LedgerFixture {
    let folder: URL
    let path: String
    let ledger: Ledger

    init(_ name: String = "ledger") throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mymoney-store-\(name)-\(getpid())-\(UUID().uuidString)")
        path = folder.appendingPathComponent("ledger.sqlite").path
        ledger = try Ledger(path: path)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Adds an account and returns its id.
    func account(_ name: String, currency: Currency = .EUR, kind: AccountKind = .bank,
                 opening: Amount = .zero, numbers: [String] = []) throws -> Int64 {
        let account = try ledger.addAccount(Account(name: name, kind: kind, currency: currency, numbers: numbers,
                                                    openingBalance: opening))
        return try #require(account.id)
    }
}

/// `2026-10-dd`.
func october(_ day: Int) -> Day { Day(year: 2026, month: 10, day: day)! }

/// An amount from its plain decimal text.
func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }

/// A transaction as a reader and the rules would hand it over.
func row(_ accountId: Int64, _ day: Int, _ value: String, _ payee: String, memo: String? = nil, bankId: String? = nil,
         currency: Currency = .EUR, category: String? = nil, tags: [String] = [], project: String? = nil,
         place: String? = nil, notes: String? = nil) -> LedgerTransaction {
    LedgerTransaction(accountId: accountId, day: october(day), amount: amount(value), currency: currency,
                      originalPayee: payee, memo: memo, notes: notes, category: category.flatMap(CategoryPath.init(parsing:)),
                      tags: tags, project: project, place: place, bankId: bankId, sourceFormat: "csv", sourceFile: "test.csv")
}


import Foundation
import Testing
@testable import MyMoneyCore

/// A statement's balances and transactions keep their positions (and a balance its other
/// optional fields) in compact parts, for their size (a million of each are held through an
/// import): each field gives back what it was set to, an absent one compares and hashes as
/// absent whatever it held before, and the coded form is exactly that of the plain fields,
/// written by twins here with the synthesized coding.
@Suite struct StatementBalanceFieldsTests {
    /// ``StatementBalance`` as it was, plain fields and synthesized coding.
    struct PlainBalance: Codable {
        var kind: StatementBalance.Kind
        var amount: Amount
        var day: Day?
        var currency: Currency?
        var transactionIndex: Int?
        var position: SourcePosition?
    }

    /// ``StatementTransaction`` as it was, plain fields and synthesized coding.
    struct PlainTransaction: Codable {
        var day: Day
        var amount: Amount
        var currency: Currency?
        var payee: String?, memo: String?, id: String?, bankType: String?, checkNumber: String?, category: String?
        var transferAccount: String?
        var tags: [String]
        var splits: [StatementSplit]
        var extra: [StatementField]
        var position: SourcePosition?
    }

    func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aBalanceIsSmallAndEveryFieldRoundTrips() throws {
        #expect(MemoryLayout<StatementBalance>.stride <= 56)
        let position = SourcePosition(offset: 3_000_000_000, line: 40_000_000, column: 17)
        let eur = try #require(Currency(code: "EUR"))
        var b = StatementBalance(kind: .running, amount: Amount(units: -12_345, scale: 2), day: Day(daysSinceEpoch: -3),
                                 currency: eur, transactionIndex: 999_999, position: position)
        #expect(b.kind == .running && b.amount == Amount(units: -12_345, scale: 2))
        #expect(b.day == Day(daysSinceEpoch: -3) && b.currency == eur && b.transactionIndex == 999_999 && b.position == position)
        b.day = Day(daysSinceEpoch: 0)
        b.transactionIndex = 0
        b.position = SourcePosition(offset: 0, line: 0, column: 0)
        #expect(b.day == Day(daysSinceEpoch: 0) && b.transactionIndex == 0 && b.position == SourcePosition(offset: 0, line: 0, column: 0))
        b.day = nil
        b.transactionIndex = nil
        b.position = nil
        b.currency = nil
        b.kind = .closing
        #expect(b.day == nil && b.transactionIndex == nil && b.position == nil && b.kind == .closing)
        let plain = StatementBalance(kind: .closing, amount: Amount(units: -12_345, scale: 2))
        #expect(b == plain && b.hashValue == plain.hashValue)
    }

    @Test func aBalanceIsCodedAsThePlainFieldsAre() throws {
        let full = PlainBalance(kind: .ledger, amount: Amount(units: 100, scale: 2), day: Day(daysSinceEpoch: 20_000),
                                currency: Currency(code: "USD"), transactionIndex: 4, position: SourcePosition(offset: 10, line: 2, column: 1))
        let bare = PlainBalance(kind: .opening, amount: Amount(units: 5, scale: 0))
        for plain in [full, bare] {
            let balance = StatementBalance(kind: plain.kind, amount: plain.amount, day: plain.day, currency: plain.currency,
                                           transactionIndex: plain.transactionIndex, position: plain.position)
            #expect(try json(balance) == json(plain))
            #expect(try JSONDecoder().decode(StatementBalance.self, from: Data(try json(plain).utf8)) == balance)
        }
    }

    @Test func aTransactionIsSmallAndKeepsItsPosition() throws {
        #expect(MemoryLayout<StatementTransaction>.stride <= 184)
        var t = StatementTransaction(day: Day(daysSinceEpoch: 1), amount: Amount(units: 1, scale: 0),
                                     position: SourcePosition(offset: 5_000_000_000, line: 70_000_000, column: 3))
        #expect(t.position == SourcePosition(offset: 5_000_000_000, line: 70_000_000, column: 3))
        t.position = SourcePosition(offset: 0, line: 0, column: 0)
        #expect(t.position == SourcePosition(offset: 0, line: 0, column: 0))
        t.position = nil
        let plain = StatementTransaction(day: Day(daysSinceEpoch: 1), amount: Amount(units: 1, scale: 0))
        #expect(t.position == nil && t == plain && t.hashValue == plain.hashValue)
    }

    @Test func aTransactionIsCodedAsThePlainFieldsAre() throws {
        let full = PlainTransaction(day: Day(daysSinceEpoch: 19_000), amount: Amount(units: -4_250, scale: 2), currency: Currency(code: "CHF"),
                                    payee: "Migros", memo: "Karte 1234", id: "A1", bankType: "DEBIT", checkNumber: "77", category: "Food",
                                    transferAccount: "Savings", tags: ["trip"], splits: [StatementSplit(amount: Amount(units: -4_250, scale: 2), category: "Food")],
                                    extra: [StatementField("value date", "2022-01-03")], position: SourcePosition(offset: 99, line: 4, column: 1))
        let bare = PlainTransaction(day: Day(daysSinceEpoch: 0), amount: .zero, tags: [], splits: [], extra: [])
        for plain in [full, bare] {
            let t = StatementTransaction(day: plain.day, amount: plain.amount, currency: plain.currency, payee: plain.payee, memo: plain.memo,
                                         id: plain.id, bankType: plain.bankType, checkNumber: plain.checkNumber, category: plain.category,
                                         transferAccount: plain.transferAccount, tags: plain.tags, splits: plain.splits, extra: plain.extra,
                                         position: plain.position)
            #expect(try json(t) == json(plain))
            #expect(try JSONDecoder().decode(StatementTransaction.self, from: Data(try json(plain).utf8)) == t)
        }
    }
}

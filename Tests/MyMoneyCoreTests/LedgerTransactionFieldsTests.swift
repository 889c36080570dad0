import Foundation
import Testing
@testable import MyMoneyCore

/// The fields a ledger transaction keeps out of line (notes, project, place, transfer hint,
/// splits) behave as the stored fields they were: read back as set, a copy
/// changed alone, equal rows equal and hashed alike however they got there, and coded under the
/// same keys.
@Suite struct LedgerTransactionFieldsTests {
    static let plain = LedgerTransaction(accountId: 1, day: Day(year: 2026, month: 3, day: 4)!, amount: Amount(units: -1250, scale: 2),
                                         currency: Currency(code: "EUR")!, originalPayee: "Bakery", memo: "card", tags: ["food"],
                                         bankId: "F1", sourceFormat: "csv", sourceFile: "a.csv", sourceLine: 2)
    static let split = StatementSplit(amount: Amount(units: -1250, scale: 2), category: "Food", memo: "bread")

    static func everyField() -> LedgerTransaction {
        var t = plain
        t.notes = "for the party"
        t.project = "Party"
        t.place = "Berlin"
        t.checkNumber = "1001"
        t.transferHint = "Savings"
        t.splits = [split]
        return t
    }

    @Test func readsBackWhatWasSet() {
        let t = Self.everyField()
        #expect(t.notes == "for the party")
        #expect(t.project == "Party")
        #expect(t.place == "Berlin")
        #expect(t.checkNumber == "1001")
        #expect(t.transferHint == "Savings")
        #expect(t.splits == [Self.split])
        // The inline fields are untouched by them.
        #expect(t.payee == "Bakery" && t.memo == "card" && t.tags == ["food"] && t.sourceLine == 2)
    }

    @Test func theInitializerAndTheSettersAgree() {
        let made = LedgerTransaction(accountId: 1, day: Day(year: 2026, month: 3, day: 4)!, amount: Amount(units: -1250, scale: 2),
                                     currency: Currency(code: "EUR")!, originalPayee: "Bakery", memo: "card", notes: "for the party",
                                     tags: ["food"], project: "Party", place: "Berlin", bankId: "F1", checkNumber: "1001",
                                     transferHint: "Savings", splits: [Self.split], sourceFormat: "csv", sourceFile: "a.csv", sourceLine: 2)
        #expect(made == Self.everyField())
        #expect(made.hashValue == Self.everyField().hashValue)
    }

    @Test func aCopyChangesAlone() {
        let original = Self.everyField()
        var copy = original
        copy.project = "Other"
        copy.splits.append(Self.split)
        #expect(original.project == "Party")
        #expect(original.splits.count == 1)
        #expect(copy.project == "Other")
        #expect(copy.splits.count == 2)
        #expect(copy != original)
    }

    @Test func emptiedFieldsMakeTheRowEqualToOneThatNeverHadThem() {
        var t = Self.everyField()
        t.notes = nil
        t.project = nil
        t.place = nil
        t.checkNumber = nil
        t.transferHint = nil
        #expect(t != Self.plain) // the splits are still there
        t.splits = []
        #expect(t == Self.plain)
        #expect(t.hashValue == Self.plain.hashValue)
        #expect(Set([t, Self.plain]).count == 1)
    }

    @Test func codesUnderTheKeysOfItsFields() throws {
        let t = Self.everyField()
        let data = try JSONEncoder().encode(t)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["notes", "project", "place", "checkNumber", "transferHint", "splits", "payee", "originalPayee", "tags", "extra"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["rare"] == nil)
        #expect(try JSONDecoder().decode(LedgerTransaction.self, from: data) == t)
        // A row without them, and a payee coded as nil beside an original one, come back as they were.
        var cleared = Self.plain
        cleared.payee = nil
        let back = try JSONDecoder().decode(LedgerTransaction.self, from: try JSONEncoder().encode(cleared))
        #expect(back == cleared)
        #expect(back.payee == nil && back.originalPayee == "Bakery")
    }

    /// What the out-of-line fields and the flagged id and line are for: a million rows held by an
    /// import (`mymoney-bench sizes`).
    @Test func staysSmall() {
        #expect(MemoryLayout<LedgerTransaction>.stride <= 208)
    }

    /// The id and the source line, kept as integers with a flag each: nil, 0 and any other value
    /// come back as set, and a row whose id and line are cleared equals one that never had them.
    @Test func theIdAndTheSourceLineComeBackAsSet() {
        var t = Self.plain
        t.id = nil
        t.sourceLine = nil
        let never = t
        for (id, line) in [(Int64(0), 0), (1, 1), (Int64.max, 4_000_000_000), (-7, 12)] as [(Int64, Int)] {
            t.id = id
            t.sourceLine = line
            #expect(t.id == id && t.sourceLine == line)
            #expect(t != never)
        }
        t.id = nil
        t.sourceLine = nil
        #expect(t.id == nil && t.sourceLine == nil)
        #expect(t == never && t.hashValue == never.hashValue)
        let made = LedgerTransaction(id: 42, accountId: 1, day: Day(daysSinceEpoch: 5), amount: Amount(units: 1, scale: 0),
                                     currency: Currency(code: "EUR")!, sourceLine: 9)
        #expect(made.id == 42 && made.sourceLine == 9)
    }
}

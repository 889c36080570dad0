import Foundation
import Testing
@testable import MyMoneyStore

/// The texts an import binds many rows to an INSERT (``StagedText``, the field lists worked out
/// once per set in ``NameCache``, the currency code made once for a run of rows) are stored as
/// the rows written one by one store them: the plain twin, compared field by field.
@Suite struct StoredTextTests {
    /// Every set of fields gets the text ``Ledger/fieldList(_:)`` makes of it, asked for in any order
    /// and more than once.
    @Test func fieldListsWorkedOutOnceAreThePlainOnes() {
        let all = TransactionField.allCases
        var names = NameCache()
        for pass in 0..<2 {
            for bits in 0..<(1 << all.count) {
                let mask = pass == 0 ? bits : (1 << all.count) - 1 - bits
                let fields = Set(all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] })
                #expect(names.fieldList(fields) == Ledger.fieldList(fields), "\(fields.sorted())")
            }
        }
    }

    /// Texts of every length (empty, short enough to sit inside a String, a few bytes beyond the
    /// staging's first 4 KiB, 10,500 bytes) and of every script, in rows stored many to an INSERT
    /// and after rows in another currency.
    func rows(_ accountId: Int64) -> [LedgerTransaction] {
        let texts = ["", "x", "REWE Markt 1234", "Café Zürich – Ölwechsel", "日本語の支払い 🍣", "e\u{0301}\u{0308}",
                     String(repeating: "ab", count: 2_100), String(repeating: "ΔΩ€", count: 1_500)]
        return (0..<600).map { i in
            var t = row(accountId, 1 + i % 28, "-\(i % 50 + 1).\(i % 90 + 10)", texts[i % texts.count],
                        memo: i % 3 == 0 ? nil : texts[(i + 3) % texts.count], bankId: i % 4 == 0 ? "id-\(i)" : nil,
                        category: i % 5 == 0 ? "Food:Groceries" : (i % 7 == 0 ? "Ökologie:Bücher" : nil),
                        tags: i % 6 == 0 ? ["weekly"] : [], notes: i % 9 == 0 ? texts[(i + 5) % texts.count] : nil)
            if i % 8 == 1 { t.payee = "Cleaned \(texts[(i + 1) % texts.count])" }
            t.bankType = i % 2 == 0 ? "DEBIT" : nil
            t.checkNumber = i % 10 == 0 ? "\(1000 + i)" : nil
            return t
        }
    }

    /// A row's stored fields, and where each field came from.
    func line(_ t: LedgerTransaction, ruleSet: Set<TransactionField>) -> String {
        let origins = TransactionField.allCases.map { "\($0.rawValue)=\(ruleSet.contains($0) ? "rule" : "source")" }.sorted()
        return [t.day.description, t.amount.description, t.currency.code, t.type.rawValue, t.originalPayee ?? "∅", t.payee ?? "∅",
                t.memo ?? "∅", t.notes ?? "∅", t.bankId ?? "∅", t.bankType ?? "∅", t.checkNumber ?? "∅",
                t.category?.description ?? "∅", t.tags.joined(separator: ","), t.sourceFile ?? "∅", origins.joined(separator: ",")]
            .joined(separator: "|")
    }

    /// Every stored row of the account as ``line(_:ruleSet:)`` gives it, in id order.
    func dump(_ ledger: Ledger, accountId: Int64) throws -> [String] {
        try ledger.transactions(matching: TransactionFilter(accountIds: [accountId])).sorted { ($0.id ?? 0) < ($1.id ?? 0) }.map { t in
            let origins = try ledger.fieldOrigins(transactionId: t.id ?? 0)
            return line(t, ruleSet: Set(origins.filter { $0.value == .rule }.keys))
        }
    }

    /// The source's extra fields are stored as the same text in every process (key, then value),
    /// whatever their texts hold, and read back as they were.
    @Test func extraFieldsAreStoredKeyThenValueAndReadBack() throws {
        let fields = [[StatementField("DTPOSTED", "20160101120000")],
                      [StatementField("reference", "a \"quoted\" \\ back\nslash\u{01}"), StatementField("Wert", "Café – 日本")]]
        for batching in [false, true] {
            let fixture = try LedgerFixture()
            let account = try fixture.account("Euros")
            let rows = fields.enumerated().map { i, extra in
                var t = row(account, i + 1, "-1.00", "Shop \(i)")
                t.extra = extra
                return t
            }
            _ = try fixture.ledger.importStatements([ImportStatement(accountId: account, sourceFile: "e.csv", transactions: rows)], batching: batching)
            let stored = try fixture.ledger.db.uncachedStatement("SELECT extra FROM transactions ORDER BY id").rows { $0.text(0) }
            #expect(stored.first == #"[{"key":"DTPOSTED","value":"20160101120000"}]"#)
            #expect(stored.count == 2 && stored[1].hasPrefix(#"[{"key":"reference","value":"#))
            let back = try fixture.ledger.transactions(matching: TransactionFilter(accountIds: [account])).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
            #expect(back.map(\.extra) == fields)
        }
    }

    @Test func textsStoredManyToAnInsertAreTheTextsStoredOneByOne() throws {
        var dumps: [[String]] = []
        for batching in [false, true] {
            let fixture = try LedgerFixture()
            let usd = try fixture.account("Dollars", currency: .USD)
            let eur = try fixture.account("Euros")
            let dollars = (0..<3).map { row(usd, $0 + 1, "-1.00", "Diner \($0)", currency: .USD) }
            let euros = rows(eur)
            let sets: [Set<TransactionField>] = [[], [.category], [.payee, .category], [.tags, .category, .payee], [.project]]
            let ruleFields = euros.indices.map { sets[$0 % sets.count] }
            let report = try fixture.ledger.importStatements([
                ImportStatement(accountId: usd, sourceFile: "dollars.csv", transactions: dollars),
                ImportStatement(accountId: eur, sourceFile: "euros.csv", transactions: euros, ruleFields: ruleFields),
            ], batching: batching)
            #expect(report.addedCount == 603)
            dumps.append(try dump(fixture.ledger, accountId: usd) + dump(fixture.ledger, accountId: eur))
        }
        #expect(dumps[0].count == 603)
        let same = dumps[0] == dumps[1]
        #expect(same, "the rows stored many to an INSERT differ from those stored one by one")
        // And they are the rows as they came, text for text.
        let sets: [Set<TransactionField>] = [[], [.category], [.payee, .category], [.tags, .category, .payee], [.project]]
        let expected = rows(2).enumerated().map { line($0.element, ruleSet: sets[$0.offset % sets.count]) }
        let asCame = Array(dumps[1].dropFirst(3)) == expected
        #expect(asCame, "the stored rows are not the rows as they came")
    }
}

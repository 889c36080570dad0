import Testing
import MyMoneyImport
import MyMoneyStore

/// A statement of rows with bank ids imported with new rows among the old (next month's export
/// that repeats this month's): when every stored row near its days has a bank id, rule 1 decides
/// alone (``TransactionIdentity/matchNewAmongBankIds(_:against:hashMask:)``, no stored text key read).
/// The same import into a ledger that also holds one row without a bank id runs the whole match:
/// both must add the same rows and skip the same ones for the same reasons.
@Suite("store: new rows among rows stored by bank id")
struct NewRowsAmongBankIdsTests {
    static func stored(_ account: Int64) -> [LedgerTransaction] {
        [row(account, 1, "-108.64", "Deutsche Bahn", bankId: "F1"), row(account, 1, "-100.54", "IKEA", bankId: "F10"),
         row(account, 2, "-2.50", "Coffee", bankId: "C1"), row(account, 2, "-2.50", "Coffee", bankId: "C2"),
         row(account, 3, "-1.20", "Bakery", bankId: "B1"), row(account, 3, "-4.00", "Fee", bankId: "X"),
         row(account, 3, "-4.00", "Fee", bankId: "X")]
    }

    /// The stored rows with new ones among them: two more identical coffees on one day, a row of
    /// a known bank id at another amount, and a third fee under the repeated id.
    static func partlyNew(_ account: Int64) -> [LedgerTransaction] {
        let old = stored(account)
        return [old[0], old[1], old[2], row(account, 2, "-2.50", "Coffee", bankId: "N1"), old[3],
                row(account, 2, "-2.50", "Coffee", bankId: "N2"), old[4], row(account, 3, "-1.25", "Bakery", bankId: "B1"),
                old[5], old[6], row(account, 3, "-4.00", "Fee", bankId: "X"), row(account, 4, "-9.99", "New shop", bankId: "N3")]
    }

    struct Seen: Equatable {
        var added: [Int]
        var skipped: [String]
        var rows: [String]
    }

    func importing(withRowWithoutBankId: Bool) throws -> (first: Seen, again: Seen) {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: Self.stored(giro))])
        // Typed by hand, on a day and amount no imported row has: it claims nothing, but it makes the store run the whole match.
        if withRowWithoutBankId { try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: [row(giro, 2, "-77.77", "Cash")])]) }
        // Rows by what they are, not by id: the row typed by hand takes an id in one ledger only.
        func seen(_ report: ImportReport) throws -> Seen {
            let account = report.accounts[0]
            let rows = try fixture.ledger.transactions().filter { $0.amount != amount("-77.77") }
            var described: [Int64: String] = [:]
            for (k, r) in rows.enumerated() { if let id = r.id { described[id] = "row \(k)" } }
            return Seen(added: account.added.map(\.index),
                        skipped: account.skipped.map { "\($0.index) \($0.reason.rawValue) \(described[$0.existingId] ?? "?")" },
                        rows: rows.map { "\($0.day) \($0.amount) \($0.payee ?? "") \($0.bankId ?? "")" })
        }
        let first = try seen(fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: Self.partlyNew(giro))]))
        let again = try seen(fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: Self.partlyNew(giro))]))
        return (first, again)
    }

    @Test func newRowsAmongStoredOnesAreAddedAsTheWholeMatchAddsThem() throws {
        let ruleOne = try importing(withRowWithoutBankId: false)
        let whole = try importing(withRowWithoutBankId: true)
        #expect(ruleOne.first == whole.first)
        #expect(ruleOne.again == whole.again)
        // The new rows, the identical coffees among them, are added once each; the file again adds nothing.
        #expect(ruleOne.first.added == [3, 5, 7, 10, 11])
        #expect(ruleOne.first.rows.count { $0.contains("Coffee") } == 4)
        #expect(ruleOne.again.added.isEmpty)
        #expect(ruleOne.again.skipped.count == Self.partlyNew(1).count)
        #expect(!(ruleOne.first.skipped + ruleOne.again.skipped).contains { $0.hasSuffix("?") })
    }
}

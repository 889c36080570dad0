import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore
import MyMoneyTestSupport

/// Issue 18: the reconciler names a hand-edited row, a missing transfer leg or a skipped
/// statement row only when the Kit hands it what the ledger knows. Through `Books`, end to end:
/// statements imported from files, edits made through the Kit, then `reconcile`.
@Suite("reconcile: what the ledger knows about how rows came in")
struct ReconcileEvidenceTests {
    let folder = MyMoneyBinary.scratch("reconcile-evidence")
    var path: String { folder.appendingPathComponent("ledger.sqlite").path }
    static let giroNumber = "DE89370400440532013000"
    static let savingsNumber = "DE02120300000000202051"

    /// A German bank CSV: `rows` are `DD.MM.YYYY;payee;text;amount`, the closing balance as of `period`'s end.
    func statement(_ name: String, iban: String, period: String, closing: String, rows: [String]) throws -> String {
        let text = (["Umsatzanzeige;Konto", "IBAN;\(iban)", "Zeitraum;\(period)", "Neuer Kontostand;\(closing);EUR", "",
                     "Buchungstag;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Währung"] + rows.map { $0 + ";EUR" })
            .joined(separator: "\n") + "\n"
        let file = folder.appendingPathComponent(name).path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// New books with a Girokonto (opening balance 1000.00) and a Tagesgeld account.
    func books() throws -> Books {
        _ = try Books.create(at: path, with: BooksSetup(primaryCurrency: .EUR))
        let books = try Books.open(at: path)
        _ = try books.addAccount(Account(name: "Girokonto", kind: .bank, currency: .EUR, numbers: [Self.giroNumber],
                                         openingBalance: Amount(units: 100_000, scale: 2)))
        _ = try books.addAccount(Account(name: "Tagesgeld", kind: .savings, currency: .EUR, numbers: [Self.savingsNumber],
                                         openingBalance: Amount(units: 500_000, scale: 2)))
        return books
    }

    @discardableResult
    func importing(_ file: String, into books: Books) throws -> ImportOutcome {
        try books.importStatements(ImportRequest(paths: [file]), readers: Readers.standard(profilesDirectory: "/nonexistent").readers, rules: nil)
    }

    func firstMismatch(_ report: ReconciliationReport, _ account: String = "Girokonto") throws -> CheckpointResult {
        let result = try #require(report.accounts.first { $0.account.name == account })
        return try #require(result.checkpoints.first { $0.status == .mismatch })
    }

    /// January: six purchases whose last two digits could have been swapped (each explains a
    /// difference of 0.09, and they are dated before it, so they rank first on the ledger alone),
    /// then a 12.34 purchase. The user edits the first to 12.43 after the import; February's statement shows
    /// the bank's balance: the edited row is the first suspect, with the bank's amount.
    @Test func anAmountEditedAfterImportIsTheFirstSuspectWithTheBanksAmount() throws {
        let books = try books()
        let january = ["25.01.2026;REWE Markt;Kartenzahlung;-12,34", "10.01.2026;EDEKA Center;Kartenzahlung;-23,65",
                       "12.01.2026;Lidl;Kartenzahlung;-34,76", "15.01.2026;dm Drogerie;Kartenzahlung;-7,21",
                       "18.01.2026;Rossmann;Kartenzahlung;-8,32", "22.01.2026;Kaufland;Kartenzahlung;-45,87",
                       "05.01.2026;Shell;Kartenzahlung;-56,98"]
        // 1000.00 - 189.13
        try importing(try statement("jan.csv", iban: Self.giroNumber, period: "01.01.2026 - 31.01.2026", closing: "810,87", rows: january), into: books)
        let rewe = try #require(try books.transactions(matching: TransactionFilter(accountIds: [1])).first { $0.payee == "REWE Markt" })
        _ = try books.editTransaction(id: rewe.id!, [.amount(Amount(units: -1243, scale: 2))])

        let outcome = try importing(try statement("feb.csv", iban: Self.giroNumber, period: "01.02.2026 - 28.02.2026", closing: "790,87",
                                                  rows: ["03.02.2026;Bäckerei Kamps;Kartenzahlung;-20,00"]), into: books)
        for report in [try #require(outcome.reconciliation), try books.reconcile().report] {
            let mismatch = try firstMismatch(report)
            #expect(mismatch.difference == Amount(units: 9, scale: 2))
            let first = try #require(mismatch.suspects.first)
            #expect(first.kind == .transposedDigits, "\(mismatch.suspects.map(\.reason))")
            #expect(first.transactions.map(\.id) == [rewe.id])
            #expect(first.amount == Amount(units: -1234, scale: 2))
            #expect(first.reason.contains("typed or edited by hand"), "\(first.reason)")
        }
    }

    /// The savings account shows 500.00 arriving "Umbuchung von Girokonto"; the Girokonto export
    /// lacks the leg leaving, and its balance is 500.00 lower than the ledger's.
    @Test func aTransferWhoseCounterLegIsMissingIsNamed() throws {
        let books = try books()
        try importing(try statement("tagesgeld.csv", iban: Self.savingsNumber, period: "01.01.2026 - 31.01.2026", closing: "5.500,00",
                                    rows: ["15.01.2026;Alex Morgan;Umbuchung von Girokonto;500,00"]), into: books)
        let giro = try statement("giro.csv", iban: Self.giroNumber, period: "01.01.2026 - 31.01.2026", closing: "460,00",
                                 rows: ["05.01.2026;REWE Markt;Kartenzahlung;-40,00"])
        let outcome = try importing(giro, into: books)
        for report in [try #require(outcome.reconciliation), try books.reconcile(accountName: "Girokonto").report] {
            let mismatch = try firstMismatch(report)
            #expect(mismatch.difference == Amount(units: -50_000, scale: 2))
            let first = try #require(mismatch.suspects.first)
            #expect(first.kind == .missingTransferLeg, "\(mismatch.suspects.map(\.reason))")
            #expect(first.amount == Amount(units: -50_000, scale: 2))
            #expect(first.missingRows.map(\.amount) == [Amount(units: -50_000, scale: 2)])
        }
    }

    /// The savings account's row names the Girokonto only by its IBAN, written with dots (as some
    /// banks print it in the purpose text): the store's sieve took out only spaces and dashes, so
    /// the leg never reached the exact check, which reads every digit.
    @Test func aCounterLegNamingTheAccountNumberWithDotsIsFound() throws {
        let books = try books()
        try importing(try statement("tagesgeld.csv", iban: Self.savingsNumber, period: "01.01.2026 - 31.01.2026", closing: "5.500,00",
                                    rows: ["15.01.2026;Alex Morgan;Gutschrift aus DE89.3704.0044.0532.0130.00;500,00"]), into: books)
        let giro = try statement("giro.csv", iban: Self.giroNumber, period: "01.01.2026 - 31.01.2026", closing: "460,00",
                                 rows: ["05.01.2026;REWE Markt;Kartenzahlung;-40,00"])
        let mismatch = try firstMismatch(try #require(try importing(giro, into: books).reconciliation))
        let first = try #require(mismatch.suspects.first)
        #expect(first.kind == .missingTransferLeg, "\(mismatch.suspects.map(\.reason))")
        #expect(first.missingRows.map(\.amount) == [Amount(units: -50_000, scale: 2)])
        #expect(Ledger.sievePattern(for: "013000") == "%0%1%3%0%0%0%")
        #expect(Ledger.sievePattern(for: "tagesgeld") == "%tagesgeld%")
    }

    /// The January export was cut in the middle of the 20th, after one 4.50 bakery purchase; the
    /// next export starts with the 20th and shows only the second 4.50 purchase, which the import
    /// takes for the first and skips. A later `reconcile`, in other books opened on the same file,
    /// names it.
    @Test func aSkippedStatementRowIsNamedByALaterReconcile() throws {
        let books = try books()
        try importing(try statement("a.csv", iban: Self.giroNumber, period: "01.01.2026 - 20.01.2026", closing: "983,16",
                                    rows: ["02.01.2026;REWE Markt;Kartenzahlung;-12,34", "20.01.2026;Bäckerei Kamps;Kartenzahlung;-4,50"]), into: books)
        let second = try importing(try statement("b.csv", iban: Self.giroNumber, period: "20.01.2026 - 28.02.2026", closing: "958,66",
                                                 rows: ["20.01.2026;Bäckerei Kamps;Kartenzahlung;-4,50", "03.02.2026;EDEKA Center;Kartenzahlung;-20,00"]),
                                   into: books)
        #expect(second.duplicateCount == 1 && second.addedCount == 1)
        let later = try Books.open(at: path).reconcile().report
        let mismatch = try firstMismatch(later)
        #expect(mismatch.difference == Amount(units: -450, scale: 2))
        let first = try #require(mismatch.suspects.first)
        #expect(first.kind == .skippedStatementRow, "\(mismatch.suspects.map(\.reason))")
        #expect(first.missingRows.map(\.day) == [Day(iso: "2026-01-20")!])
        #expect(first.reason.contains("b.csv"), "\(first.reason)")

        // Undoing that import forgets its skipped rows with it.
        _ = try books.undoImport(id: try #require(second.batchId))
        let undone = try Books.open(at: path).reconcile().report
        #expect(try #require(undone.accounts.first { $0.account.name == "Girokonto" }).checkpoints.allSatisfy { $0.status == .ok })
    }

    /// A statement imported again whole tells nothing about rows the ledger lacks: its skipped rows
    /// are not kept (a re-import of a million rows writes none).
    @Test func aStatementImportedAgainWholeKeepsNoSkippedRows() throws {
        let books = try books()
        let file = try statement("a.csv", iban: Self.giroNumber, period: "01.01.2026 - 20.01.2026", closing: "983,16",
                                 rows: ["02.01.2026;REWE Markt;Kartenzahlung;-12,34", "20.01.2026;Bäckerei Kamps;Kartenzahlung;-4,50"])
        try importing(file, into: books)
        let again = try importing(file, into: books)
        #expect(again.duplicateCount == 2)
        #expect(try books.ledger.skippedStatementRows(accountId: 1).isEmpty)
    }

    /// Only the statements that also add rows keep their skipped rows, by text and day, at most
    /// ``ReconcileEvidence/skippedRowsKeptPerStatement`` each, the latest-dated.
    @Test func skippedRowsKeptAreThoseOfOverlappingStatementsLatestFirst() {
        func row(_ day: Int, _ reason: DuplicateReason) -> Ledger.SkippedStatementRow {
            Ledger.SkippedStatementRow(row: LedgerTransaction(accountId: 1, day: Day(daysSinceEpoch: Int32(day)), amount: Amount(units: -100, scale: 2),
                                                              currency: .EUR), reason: reason, existingId: 1)
        }
        let cap = ReconcileEvidence.skippedRowsKeptPerStatement
        var skipped: [(slot: Int, row: Ledger.SkippedStatementRow)] = (0..<(cap + 10)).map { (0, row(20_000 + $0, .sameFingerprint)) }
        skipped += [(0, row(30_000, .sameBankId)), (1, row(20_000, .sameFingerprint)), (2, row(20_001, .rewrittenDescription))]
        let kept = ReconcileEvidence.rowsToKeep(skipped, addedBySlot: [0: 3, 2: 1])
        #expect(kept.count == cap + 1)
        #expect(kept.prefix(cap).allSatisfy { $0.row.day.daysSinceEpoch >= 20_010 })
        #expect(kept.last?.reason == .rewrittenDescription)
        #expect(!kept.contains { $0.reason == .sameBankId })
    }

    /// The import copies a skipped row out only when ``ReconcileEvidence/mayKeep(_:)`` accepts its
    /// reason (a partly new statement of a million rows skipped by bank id copied them all, then
    /// kept none): it must accept every reason ``ReconcileEvidence/rowsToKeep(_:addedBySlot:)``
    /// keeps, and the rows kept from the filtered rows are the rows kept from all.
    @Test func skippedRowsAreFilteredByReasonBeforeTheyAreCopiedOut() {
        for reason in DuplicateReason.allCases {
            let row = Ledger.SkippedStatementRow(row: LedgerTransaction(accountId: 1, day: Day(daysSinceEpoch: 20_000), amount: Amount(units: -100, scale: 2),
                                                                        currency: .EUR), reason: reason, existingId: 1)
            let kept = ReconcileEvidence.rowsToKeep([(0, row)], addedBySlot: [0: 1])
            #expect(kept.count == (ReconcileEvidence.mayKeep(reason) ? 1 : 0), "\(reason)")
        }
        var skipped: [(slot: Int, row: Ledger.SkippedStatementRow)] = []
        for k in 0..<40 {
            let reason = DuplicateReason.allCases[k % DuplicateReason.allCases.count]
            skipped.append((k % 3, Ledger.SkippedStatementRow(row: LedgerTransaction(accountId: 1, day: Day(daysSinceEpoch: Int32(20_000 + k % 7)),
                                                                                     amount: Amount(units: Int64(-k), scale: 2), currency: .EUR),
                                                              reason: reason, existingId: Int64(k))))
        }
        let added = [0: 2, 1: 1]
        let all = ReconcileEvidence.rowsToKeep(skipped, addedBySlot: added).map(\.existingId)
        let filtered = ReconcileEvidence.rowsToKeep(skipped.filter { ReconcileEvidence.mayKeep($0.row.reason) }, addedBySlot: added).map(\.existingId)
        #expect(!all.isEmpty)
        #expect(filtered == all)
    }

    /// The sieve the store runs before the exact check: an account name with a word that is not
    /// ASCII reads every leg (SQLite's LIKE folds only ASCII case).
    @Test func theLegSieveReadsEveryLegForANameSQLiteCannotFold() {
        #expect(ReconcileEvidence.needles(for: Account(name: "Tagesgeld Plus", kind: .savings, currency: .EUR, numbers: [Self.savingsNumber]))
                == ["tagesgeld", "202051"])
        #expect(ReconcileEvidence.needles(for: Account(name: "Bürokonto", kind: .bank, currency: .EUR)) == nil)
    }
}

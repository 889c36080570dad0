import Foundation
import Testing
import MyMoneyTestSupport

/// Issue 18 at the command line: `mymoney reconcile` names an amount the user edited after the
/// import, with the bank's amount, because the ledger records the edit.
@Suite("mymoney reconcile: a hand edit is the first suspect")
struct ReconcileEvidenceCommandTests {
    @Test func anEditedAmountIsTheFirstSuspectInJSON() throws {
        let folder = MyMoneyBinary.scratch("reconcile-evidence-cli")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        func statement(_ name: String, period: String, closing: String, rows: [String]) throws -> String {
            let text = (["Umsatzanzeige;Konto", "IBAN;DE89 3704 0044 0532 0130 00", "Zeitraum;\(period)", "Neuer Kontostand;\(closing);EUR", "",
                         "Buchungstag;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Währung"] + rows.map { $0 + ";EUR" })
                .joined(separator: "\n") + "\n"
            let file = folder.appendingPathComponent(name).path
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }
        let add = try MyMoneyBinary.run(["accounts", "add", "Girokonto", "--kind", "bank", "--currency", "EUR",
                                         "--number", "DE89370400440532013000", "--ledger", ledger])
        #expect(add.status == 0, "\(add.stderr)")
        // Six earlier rows could be digit swaps too (on the ledger alone the earliest ranks first); REWE is the one edited.
        let january = try statement("jan.csv", period: "01.01.2026 - 31.01.2026", closing: "810,87", rows: [
            "25.01.2026;REWE Markt;Kartenzahlung;-12,34", "10.01.2026;EDEKA Center;Kartenzahlung;-23,65",
            "12.01.2026;Lidl;Kartenzahlung;-34,76", "15.01.2026;dm Drogerie;Kartenzahlung;-7,21",
            "18.01.2026;Rossmann;Kartenzahlung;-8,32", "22.01.2026;Kaufland;Kartenzahlung;-45,87",
            "05.01.2026;Shell;Kartenzahlung;-56,98", "01.01.2026;Acme Software GmbH;Gehalt;1.000,00"])
        // The opening balance is derived from this statement (1000.00 - 189.13 + 1000.00 - 1810.87 = 0).
        let first = try MyMoneyBinary.run(["import", january, "--account", "Girokonto", "--ledger", ledger])
        #expect(first.status == 0, "\(first.stderr)")
        let listed = try MyMoneyBinary.run(["transactions", "--search", "REWE", "--format", "json", "--ledger", ledger])
        let rows = try #require((try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?["transactions"] as? [[String: Any]])
        let id = try #require(rows.first?["id"] as? Int)
        let edit = try MyMoneyBinary.run(["transactions", "edit", "\(id)", "--amount", "-12.43", "--ledger", ledger])
        #expect(edit.status == 0, "\(edit.stderr)")
        let february = try statement("feb.csv", period: "01.02.2026 - 28.02.2026", closing: "790,87",
                                     rows: ["03.02.2026;Bäckerei Kamps;Kartenzahlung;-20,00"])
        _ = try MyMoneyBinary.run(["import", february, "--account", "Girokonto", "--ledger", ledger])

        let reconcile = try MyMoneyBinary.run(["reconcile", "--format", "json", "--ledger", ledger])
        #expect(reconcile.status == 1, "\(reconcile.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reconcile.stdout.utf8)) as? [String: Any])
        let account = try #require((json["accounts"] as? [[String: Any]])?.first)
        let suspect = try #require((account["suspects"] as? [[String: Any]])?.first)
        #expect(suspect["kind"] as? String == "transposed_digits", "\(reconcile.stdout)")
        #expect(suspect["amount"] as? String == "-12.34")
        #expect((suspect["transactions"] as? [[String: Any]])?.first?["id"] as? Int == id)
    }
}

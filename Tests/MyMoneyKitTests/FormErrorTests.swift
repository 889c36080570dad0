import Foundation
import Testing
import MyMoneyTestSupport

/// Every add and edit checks every field and reports every problem at once, one per line, with
/// exit status 65; 2 only when the command line itself cannot be used.
@Suite("forms report every field error")
struct FormErrorTests {
    let ledger: String

    init() throws {
        ledger = MyMoneyBinary.scratch("forms").appendingPathComponent("ledger.sqlite").path
        let run = try MyMoneyBinary.run(["accounts", "add", "Girokonto", "--kind", "bank", "--currency", "EUR", "--ledger", ledger])
        #expect(run.status == 0, "\(run.stderr)")
    }

    func mymoney(_ arguments: [String]) throws -> CommandRun {
        try MyMoneyBinary.run(arguments + ["--ledger", ledger])
    }

    func errorLines(_ run: CommandRun) -> [String] { run.stderr.split(separator: "\n").map(String.init) }

    @Test func everyInvalidValueIsReportedAtOnceEachOnItsLine() throws {
        let project = try mymoney(["projects", "add", " ", "--start", "2026-03-01", "--end", "2026-01-01"])
        #expect(project.status == 65)
        #expect(errorLines(project) == ["mymoney projects: title should not be blank",
                                        "mymoney projects: end date 2026-01-01 is before start date 2026-03-01"])
        let place = try mymoney(["places", "add", "Berlin", "--country", "Germany", "--latitude", "91", "--longitude", "13.4"])
        #expect(place.status == 65)
        #expect(errorLines(place) == ["mymoney places: country \"Germany\" should be a two-letter ISO 3166 code (DE, FR, US, …)",
                                      "mymoney places: latitude should be a decimal number between -90 and 90, not \"91\""])
        let tag = try mymoney(["tags", "add", " ", "--color", "red"])
        #expect(errorLines(tag).count == 2 && tag.status == 65)
        let account = try mymoney(["accounts", "add", "Visa", "--kind", "plastic", "--currency", "XYZ"])
        #expect(account.status == 65)
        #expect(errorLines(account).count == 2, "\(account.stderr)")
        let transaction = try mymoney(["transactions", "add", "--account", "Girokonto", "--date", "2026-13-01", "--amount", "1.234",
                                       "--category", "A:B:C:D:E:F"])
        #expect(transaction.status == 65)
        #expect(errorLines(transaction).count == 3, "\(transaction.stderr)")
        #expect(transaction.stderr.contains("EUR has 2 decimal places: 1.234"))
        #expect(transaction.stderr.contains("--date: \"2026-13-01\" is not a day"))
        // Nothing was stored.
        #expect(try mymoney(["projects", "--format", "json"]).stdout.contains("\"projects\": []"))
        #expect(try mymoney(["places", "--format", "json"]).stdout.contains("\"places\": []"))
    }

    @Test func aValidCountryCodeIsKeptInCapitals() throws {
        #expect(try mymoney(["places", "add", "Berlin", "--country", "de"]).status == 0)
        #expect(try mymoney(["places", "--format", "json"]).stdout.contains("\"country\": \"DE\""))
    }

    @Test func onlyAnUnusableCommandLineExitsTwo() throws {
        #expect(try mymoney(["tags", "--bogus"]).status == 2)
        #expect(try mymoney(["accounts", "add", "X", "--currency", "EUR"]).status == 2)          // --kind missing
        #expect(try mymoney(["transactions", "add", "--account", "Girokonto", "--date", "2026-10-01"]).status == 2)
        #expect(try mymoney(["transactions", "--limit"]).status == 2)                            // a value missing
    }

    @Test func listFiltersAreCheckedToo() throws {
        for limit in ["0", "-3", "ten"] {
            let run = try mymoney(["transactions", "--limit", limit])
            #expect(run.status == 65, "--limit \(limit)")
            #expect(run.stderr.contains("--limit should be a whole number above zero"))
        }
        let backwards = try mymoney(["transactions", "--from", "2026-10-31", "--through", "2026-10-01"])
        #expect(backwards.status == 65)
        #expect(backwards.stderr.contains("--from 2026-10-31 is after --through 2026-10-01"))
        #expect(try mymoney(["transactions", "--from", "yesterday-ish"]).status == 65)
    }

    @Test func addingACategoryThatIsThereChangesNothingAndSaysSo() throws {
        #expect(try mymoney(["categories", "add", "Food:Groceries"]).status == 0)
        let again = try mymoney(["categories", "add", "food:groceries"])
        #expect(again.status == 0)
        #expect(again.stdout == "category Food:Groceries is already there: nothing changed\n")
        #expect(try mymoney(["categories", "add", "Food:Groceries", "--format", "json"]).stdout.contains("\"action\": \"unchanged\""))
    }

    /// Digits a bank gave are the bank's: an edit checks the values it changes, not those.
    @Test func anEditChecksWhatItChangesNotWhatWasImported() throws {
        let file = MyMoneyBinary.scratch("digits").appendingPathComponent("fuel.csv")
        try Data("Date,Description,Amount\n2026-10-09,Fuel,-41.505\n".utf8).write(to: file)
        #expect(try mymoney(["import", file.path, "--account", "Girokonto"]).status == 0)
        let notes = try mymoney(["transactions", "edit", "1", "--notes", "company car"])
        #expect(notes.status == 0, "\(notes.stderr)")
        let amount = try mymoney(["transactions", "edit", "1", "--amount", "-41.515"])
        #expect(amount.status == 65 && amount.stderr.contains("EUR has 2 decimal places: -41.515"))
    }

    @Test func anUnwritableLedgerPathIsOnePlainSentence() throws {
        let run = try MyMoneyBinary.run(["tags", "add", "x", "--ledger", "/proc/x/ledger.sqlite"])
        #expect(run.status == 74)
        #expect(run.stderr == "mymoney tags: cannot create the folder /proc/x for the ledger: no such file or directory\n")
    }
}

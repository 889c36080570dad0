import Foundation
import Testing
import MyMoneyTestSupport

/// Everyday editing after `mymoney import Samples`: splits, dates and amounts, transfers as one
/// entry, ids that are never reused.
@Suite("everyday editing")
struct EditingCommandTests {
    let ledger: String

    init() throws {
        ledger = MyMoneyBinary.scratch("editing").appendingPathComponent("ledger.sqlite").path
        let run = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        #expect(run.status == 0, "\(run.stderr)")
    }

    func mymoney(_ arguments: [String]) throws -> CommandRun {
        try MyMoneyBinary.run(arguments + ["--ledger", ledger])
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try mymoney(arguments + ["--format", "json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)\(run.stderr)")
    }

    func transactions(_ filters: [String] = []) throws -> [[String: Any]] {
        try json(["transactions"] + filters)["transactions"] as? [[String: Any]] ?? []
    }

    /// Samples/wallet-2026-10.qif splits the market day: -18.00 Food:Groceries, -5.50 Gifts:Flowers.
    @Test func qifSplitsReachTheLedgerEachUnderItsOwnCategory() throws {
        let gifts = try transactions(["--category", "Gifts"])
        #expect(gifts.map { $0["payee"] as? String } == ["Wochenmarkt"])
        let splits = try #require(gifts.first?["splits"] as? [[String: Any]])
        #expect(splits.map { $0["amount"] as? String } == ["-18.00", "-5.50"])
        #expect(splits.map { $0["category"] as? String } == ["Food:Groceries", "Gifts:Flowers"])
        #expect(splits.map { $0["memo"] as? String } == ["Gemüse und Brot", "Tulpen"])
        #expect(splits.allSatisfy { ($0["tags"] as? [String]) == [] })
        let categories = try json(["categories"])["categories"] as? [[String: Any]] ?? []
        func expense(_ path: String) -> String? {
            ((categories.first { $0["path"] as? String == path }?["figures"] as? [[String: Any]])?.first { $0["currency"] as? String == "EUR" })?["expense"] as? String
        }
        #expect(expense("Gifts:Flowers") == "-5.50")
        // 54.37 + 23.45 + 31.10 + 18.00 (the market day's groceries, not its flowers)
        #expect(expense("Food:Groceries") == "-126.92")
    }

    @Test func typedInSplitsMustAddUpExactlyAndNameValidCategories() throws {
        let bad = try mymoney(["transactions", "add", "--account", "Wallet", "--date", "2026-11-02", "--amount", "-10.00",
                               "--split", "Food:Snacks=-4.00", "--split", "A:B:C:D:E:F=-5.00", "--split", "Reading=-1.005"])
        #expect(bad.status == 65)
        let lines = bad.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("mymoney transactions: EUR has 2 decimal places: -1.005"), "\(bad.stderr)")
        #expect(lines.contains { $0.contains("categories nest at most 5 levels deep") })
        #expect(lines.contains("mymoney transactions: the splits add up to -10.005, not the amount -10.00"))
        #expect(try transactions(["--from", "2026-11-01"]).isEmpty)

        let added = try json(["transactions", "add", "--account", "Wallet", "--date", "2026-11-02", "--amount", "-10",
                              "--split", "Food:Snacks=-4", "--split", "Reading=-6.00;memo=Zeitung;tag=paper"])
        #expect(added["action"] as? String == "added")
        let t = try #require(added["transaction"] as? [String: Any])
        #expect(t["amount"] as? String == "-10.00")
        let splits = try #require(t["splits"] as? [[String: Any]])
        #expect(splits.map { $0["amount"] as? String } == ["-4.00", "-6.00"])
        #expect(splits[1]["memo"] as? String == "Zeitung" && splits[1]["tags"] as? [String] == ["paper"])
        #expect(try transactions(["--category", "Reading"]).count == 1)
        let id = try #require(t["id"] as? Int)
        #expect(try mymoney(["transactions", "edit", String(id), "--split", "-"]).status == 0)
        #expect(try transactions(["--category", "Reading"]).isEmpty)
    }

    @Test func anEditedDateAmountOrAccountIsNotImportedAgain() throws {
        // 9: EDEKA Center -23.45 on 2026-10-12 (Girokonto); 12: Café Einstein -8.40 (Girokonto).
        let edited = try mymoney(["transactions", "edit", "9", "--date", "2026-10-13", "--amount", "-23.54"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout == "updated transaction 9: 2026-10-13 -23.54 EUR in Girokonto EDEKA Center [Food:Groceries]\n")
        #expect(try mymoney(["transactions", "edit", "12", "--account", "Wallet"]).status == 0)
        let again = try json(["import", "Samples"])
        #expect(again["new"] as? Int == 0)
        let nine = try transactions(["--account", "Girokonto"]).first { $0["id"] as? Int == 9 }
        #expect(nine?["date"] as? String == "2026-10-13" && nine?["amount"] as? String == "-23.54")
        #expect(try transactions(["--account", "Wallet"]).contains { $0["id"] as? Int == 12 })
        // An account in another currency is refused, naming both.
        let usd = try mymoney(["transactions", "edit", "9", "--account", "Visa"])
        #expect(usd.status == 65)
        #expect(usd.stderr.contains("Visa is in USD and the transaction in EUR"), "\(usd.stderr)")
    }

    @Test func movingATransactionIntoOrOutOfAReconciledPeriodNeedsForce() throws {
        #expect(try mymoney(["reconcile", "--mark"]).status == 0)
        let out = try mymoney(["transactions", "edit", "3", "--date", "2026-11-05"])
        #expect(out.status == 65 && out.stderr.contains("reconciled through 2026-10-31"))
        let added = try json(["transactions", "add", "--account", "Girokonto", "--date", "2026-11-05", "--amount", "-1.00"])
        let id = try #require((added["transaction"] as? [String: Any])?["id"] as? Int)
        let into = try mymoney(["transactions", "edit", String(id), "--date", "2026-10-20"])
        #expect(into.status == 65 && into.stderr.contains("moving it there changes a reconciled balance"), "\(into.stderr)")
        #expect(try mymoney(["transactions", "edit", String(id), "--date", "2026-10-20", "--force"]).status == 0)
    }

    @Test func aTransferIsEnteredAsOneEntryWithItsRateAndFee() throws {
        let added = try json(["transfers", "add", "--from", "Girokonto", "--to", "US Checking", "--amount", "88.00",
                              "--to-amount", "100.00", "--fee", "2.50", "--date", "2026-11-05", "--notes", "Wise"])
        let transfer = try #require(added["transfer"] as? [String: Any])
        #expect(transfer["rate"] as? String == "1.136363636364")
        #expect(transfer["fee"] as? String == "2.50" && transfer["fee_currency"] as? String == "EUR")
        #expect((transfer["from"] as? [String: Any])?["amount"] as? String == "-90.50")
        #expect((transfer["to"] as? [String: Any])?["amount"] as? String == "100.00")
        let legs = try transactions(["--from", "2026-11-05"])
        #expect(legs.map { $0["type"] as? String } == ["transfer", "transfer"])
        #expect(legs.allSatisfy { $0["notes"] as? String == "Wise" })

        let same = try json(["transfers", "add", "--from", "Girokonto", "--to", "Tagesgeld", "--amount", "50", "--date", "2026-11-06"])
        let sameTransfer = try #require(same["transfer"] as? [String: Any])
        #expect(sameTransfer["rate"] as? String == "1" && sameTransfer["fee"] as? String == "0.00")

        let refused = try mymoney(["transfers", "add", "--from", "Girokonto", "--to", "Visa", "--amount", "10", "--fee", "-1",
                                   "--date", "2026-11-07"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("say what arrived with --to-amount"))
        #expect(refused.stderr.contains("fee should not be negative"))
        #expect(try transactions(["--from", "2026-11-07"]).isEmpty)
    }

    @Test func linkingTwoLegsWorksTheRateAndFeeOutFromTheirAmounts() throws {
        func add(_ account: String, _ amount: String) throws -> Int {
            let added = try json(["transactions", "add", "--account", account, "--date", "2026-11-07", "--amount", amount])
            return try #require((added["transaction"] as? [String: Any])?["id"] as? Int)
        }
        let (sent, received) = (try add("Girokonto", "-101.00"), try add("Tagesgeld", "100.00"))
        let wrongFee = try mymoney(["transfers", "link", String(sent), String(received), "--fee", "2.00"])
        #expect(wrongFee.status == 65 && wrongFee.stderr.contains("the legs differ by 1.00 EUR, not the fee 2.00"), "\(wrongFee.stderr)")
        let linked = try #require(try json(["transfers", "link", String(sent), String(received)])["transfer"] as? [String: Any])
        #expect(linked["fee"] as? String == "1.00" && linked["rate"] as? String == "1")
        #expect(linked["reasons"] as? [String] == ["linked by hand"])
        let (euros, dollars) = (try add("Girokonto", "-90.00"), try add("US Checking", "100.00"))
        let cross = try #require(try json(["transfers", "link", String(euros), String(dollars), "--fee", "2.00"])["transfer"] as? [String: Any])
        #expect(cross["rate"] as? String == "1.136363636364" && cross["fee"] as? String == "2.00")
    }

    /// Transfer 3: Girokonto -500.00 (transaction 10) → Tagesgeld 500.00.
    @Test func aTransferLegsNewAmountWorksTheFeeOutAgainAndKeepsItsSide() throws {
        #expect(try mymoney(["transactions", "edit", "10", "--amount", "-501.00"]).status == 0)
        let transfer = try #require((try json(["transfers"])["transfers"] as? [[String: Any]])?.first { $0["id"] as? Int == 3 })
        #expect(transfer["fee"] as? String == "1.00")
        let flipped = try mymoney(["transactions", "edit", "10", "--amount", "501.00"])
        #expect(flipped.status == 65 && flipped.stderr.contains("its amount should stay negative"), "\(flipped.stderr)")
        let sameAccount = try mymoney(["transactions", "edit", "10", "--account", "Tagesgeld"])
        #expect(sameAccount.status == 65 && sameAccount.stderr.contains("both legs cannot be on one account"))
    }

    @Test func idsAreNeverReusedAndAnUndoneImportStaysListed() throws {
        let undo = try mymoney(["imports", "undo", "1"])
        #expect(undo.stdout.hasPrefix("undid import 1: removed 34 transactions"), "\(undo.stdout)")
        #expect(try mymoney(["import", "Samples"]).stdout.contains("Import 2: undo with 'mymoney imports undo 2'"))
        let imports = try json(["imports"])["imports"] as? [[String: Any]] ?? []
        #expect(imports.map { $0["id"] as? Int } == [1, 2])
        #expect(imports.map { $0["status"] as? String } == ["undone", "in_ledger"])
        #expect(imports[0]["undone_at"] is String)
        #expect(try transactions().allSatisfy { ($0["id"] as? Int ?? 0) > 34 })
        let transfers = try json(["transfers"])["transfers"] as? [[String: Any]] ?? []
        #expect(transfers.count == 4 && transfers.allSatisfy { ($0["id"] as? Int ?? 0) > 4 })
        let twice = try mymoney(["imports", "undo", "1"])
        #expect(twice.status == 65 && twice.stderr.contains("import 1 was undone before"))
        #expect(try mymoney(["imports"]).stdout.contains("undone 20"))
    }
}

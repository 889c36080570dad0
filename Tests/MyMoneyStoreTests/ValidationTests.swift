import Foundation
import Testing
import MyMoneyStore

@Suite struct ValidationTests {
    func message(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch let error as LedgerError { return error.message } catch { return "\(error)" }
    }

    @Test func blankTitleIsRefused() throws {
        let fixture = try LedgerFixture()
        #expect(message { try fixture.ledger.addTag(LedgerTag(title: "  ")) } == "title should not be blank")
        #expect(message { try fixture.ledger.addProject(Project(title: "")) } == "title should not be blank")
        #expect(message { try fixture.ledger.addPlace(Place(name: " ")) } == "name should not be blank")
        #expect(message { _ = try fixture.account(" ") } == "account name should not be blank")
    }

    @Test func categoriesNestAtMostFiveLevels() throws {
        let fixture = try LedgerFixture()
        _ = try fixture.ledger.addCategory(CategoryPath(["a", "b", "c", "d", "e"]))
        let text = message { try fixture.ledger.addCategory(CategoryPath(["a", "b", "c", "d", "e", "f"])) }
        #expect(text?.hasPrefix("categories nest at most 5 levels deep") == true)
    }

    @Test func unknownCurrencyIsNamed() throws {
        #expect(message { _ = try LedgerValidation.currency(code: "xyz") } == "currency XYZ is unknown")
        #expect(try LedgerValidation.currency(code: "eur") == .EUR)
    }

    @Test func endBeforeStartIsRefused() throws {
        let fixture = try LedgerFixture()
        let text = message { try fixture.ledger.addProject(Project(title: "Trip", startDay: october(10), endDay: october(9))) }
        #expect(text == "end date 2026-10-09 is before start date 2026-10-10")
    }

    @Test func duplicateAccountNameIsRefused() throws {
        let fixture = try LedgerFixture()
        _ = try fixture.account("Visa")
        #expect(message { _ = try fixture.account("visa") } == "an account named Visa already exists")
    }

    @Test func colorShouldLookLikeHex() throws {
        let fixture = try LedgerFixture()
        #expect(message { try fixture.ledger.addTag(LedgerTag(title: "coffee", color: "red")) }?
            .hasPrefix("color should look like #RRGGBB") == true)
        #expect(message { try fixture.ledger.addTag(LedgerTag(title: "coffee", color: "#E4572")) } != nil)
        #expect(try fixture.ledger.addTag(LedgerTag(title: "coffee", color: "#e4572e")).color == "#E4572E")
    }

    @Test func duplicateTagProjectPlaceNamesAreRefused() throws {
        let fixture = try LedgerFixture()
        try fixture.ledger.addTag(LedgerTag(title: "Travel"))
        try fixture.ledger.addProject(Project(title: "Kitchen"))
        try fixture.ledger.addPlace(Place(name: "Berlin"))
        #expect(message { try fixture.ledger.addTag(LedgerTag(title: "travel ")) } == "a tag named Travel already exists")
        #expect(message { try fixture.ledger.addProject(Project(title: "KITCHEN")) } == "a project named Kitchen already exists")
        #expect(message { try fixture.ledger.addPlace(Place(name: "berlin")) } == "a place named Berlin already exists")
    }

    @Test func coordinatesAreExactDecimalsInRange() throws {
        let fixture = try LedgerFixture()
        let place = try fixture.ledger.addPlace(Place(name: "Alexanderplatz", city: "Berlin", country: "DE",
                                                      latitude: "52.521918", longitude: "13.413215"))
        #expect(try fixture.ledger.places().first == place)
        #expect(place.latitude == "52.521918")
        #expect(message { try fixture.ledger.addPlace(Place(name: "X", latitude: "91", longitude: "0")) }?
            .hasPrefix("latitude should be a decimal number between -90 and 90") == true)
        #expect(message { try fixture.ledger.addPlace(Place(name: "Y", latitude: "1", longitude: "east")) } != nil)
    }

    @Test func budgetAmountMustBePositiveAndTargetKnown() throws {
        let fixture = try LedgerFixture()
        try fixture.ledger.addCategory(CategoryPath(["Food"]))
        #expect(message {
            try fixture.ledger.addBudget(Budget(target: .category(CategoryPath(["Food"])), amount: amount("-5"),
                                                currency: .EUR, period: .month, startDay: october(1)))
        }?.hasPrefix("amount should be more than zero") == true)
        #expect(message {
            try fixture.ledger.addBudget(Budget(target: .tag("nope"), amount: amount("5"), currency: .EUR,
                                                period: .month, startDay: october(1)))
        } == "there is no tag named nope")
        let stored = try fixture.ledger.addBudget(Budget(target: .category(CategoryPath(["food"])), amount: amount("400.00"),
                                                         currency: .EUR, period: .month, startDay: october(1)))
        let listed = try fixture.ledger.budgets()
        #expect(listed.count == 1)
        #expect(listed.first?.amount.description == "400.00")
        #expect(listed.first?.id == stored.id)
    }

    @Test func transactionInAnotherCurrencyThanItsAccountIsRefused() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let text = message { try fixture.ledger.addTransaction(row(giro, 1, "-1", "x", currency: .USD)) }
        #expect(text?.contains("should be in the account's currency EUR") == true)
    }

    @Test func splitsMustAddUpToTheAmount() throws {
        let fixture = try LedgerFixture()
        let wallet = try fixture.account("Wallet", kind: .cash)
        var t = row(wallet, 11, "-23.50", "Wochenmarkt")
        t.splits = [StatementSplit(amount: amount("-18.00"), category: "Food:Groceries"),
                    StatementSplit(amount: amount("-5.00"), category: "Gifts:Flowers")]
        #expect(message { try fixture.ledger.addTransaction(t) }?.contains("add up to -23.00") == true)
        t.splits[1].amount = amount("-5.50")
        let stored = try fixture.ledger.addTransaction(t)
        #expect(stored.splits == t.splits)
    }
}

@Suite struct LedgerErrorTests {
    @Test func sqliteDetailStaysOutOfTheMessage() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(String(repeating: "garbage ", count: 200).utf8).write(to: URL(fileURLWithPath: path))
        let error = try #require(#expect(throws: LedgerError.self) { _ = try Ledger(path: path) })
        #expect(!error.message.lowercased().contains("sqlite"))
        #expect(error.diagnostic.code == "ledger.storage")
        #expect(error.diagnostic.notes.contains { $0.hasPrefix("sqlite: ") })
    }
}

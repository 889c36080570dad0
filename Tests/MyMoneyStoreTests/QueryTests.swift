import Foundation
import Testing
import MyMoneyStore

/// A small ledger from the sample story: Girokonto, Tagesgeld and Visa.
struct StoryLedger {
    let fixture: LedgerFixture
    let giro: Int64
    let tagesgeld: Int64
    let visa: Int64
    var ledger: Ledger { fixture.ledger }

    init() throws {
        fixture = try LedgerFixture("story")
        giro = try fixture.account("Girokonto", opening: amount("2450.00"), numbers: ["DE89 3704 0044 0532 0130 00"])
        tagesgeld = try fixture.account("Tagesgeld", kind: .savings, opening: amount("5000.00"))
        visa = try fixture.account("Visa", currency: .USD, kind: .creditCard, opening: amount("-310.00"))
        try fixture.ledger.importStatements([
            ImportStatement(accountId: giro, transactions: [
                row(giro, 1, "-950.00", "Hausverwaltung Schmidt GmbH", memo: "Miete Oktober", category: "Housing:Rent"),
                row(giro, 1, "3200.00", "Acme Software GmbH", memo: "Gehalt Oktober", category: "Income:Salary"),
                row(giro, 2, "-54.37", "REWE Markt Berlin", category: "Food:Groceries", place: "Berlin"),
                row(giro, 15, "-500.00", "Alex Morgan", memo: "Umbuchung auf Tagesgeld"),
                row(giro, 20, "-8.40", "Café Einstein", category: "Food:Coffee", tags: ["coffee"]),
                row(giro, 28, "-3.20", "Bäckerei Kamps", category: "Food:Coffee", tags: ["coffee", "bakery"]),
            ]),
            ImportStatement(accountId: tagesgeld, transactions: [
                row(tagesgeld, 15, "500.00", "Alex Morgan", memo: "Umbuchung von Girokonto"),
                row(tagesgeld, 31, "1.23", "Musterbank", memo: "Zinsen", category: "Income:Interest"),
            ]),
            ImportStatement(accountId: visa, transactions: [
                row(visa, 4, "-5.75", "STARBUCKS STORE 1234", bankId: "V1", currency: .USD, category: "Food:Coffee", tags: ["coffee"]),
                row(visa, 19, "-18.20", "UBER TRIP", bankId: "V2", currency: .USD, tags: ["travel"], project: "Lisbon trip"),
            ]),
        ])
    }

    func id(_ payee: String) throws -> Int64 {
        try #require(try ledger.transactions(matching: TransactionFilter(text: payee)).first?.id)
    }
}

@Suite struct QueryTests {
    @Test func transactionsAreSortedByDayThenId() throws {
        let story = try StoryLedger()
        let all = try story.ledger.transactions()
        #expect(all.count == 10)
        let keys = all.map { Int64($0.day.daysSinceEpoch) * 1_000_000 + ($0.id ?? 0) }
        #expect(keys == keys.sorted())
        #expect(all.first?.payee == "Hausverwaltung Schmidt GmbH")
    }

    @Test func filtersByDateRangeAccountAndAmount() throws {
        let story = try StoryLedger()
        let ledger = story.ledger
        #expect(try ledger.transactions(matching: TransactionFilter(from: october(15), through: october(20))).count == 4)
        #expect(try ledger.transactions(matching: TransactionFilter(accountIds: [story.tagesgeld])).count == 2)
        let middle = try ledger.transactions(matching: TransactionFilter(minimumAmount: amount("-60"), maximumAmount: amount("-5")))
        #expect(middle.map(\.payee) == ["REWE Markt Berlin", "STARBUCKS STORE 1234", "UBER TRIP", "Café Einstein"])
    }

    @Test func categoryFilterIncludesChildren() throws {
        let story = try StoryLedger()
        let food = try story.ledger.transactions(matching: TransactionFilter(category: CategoryPath(["food"])))
        #expect(food.count == 4)
        let coffee = try story.ledger.transactions(matching: TransactionFilter(category: CategoryPath(["Food", "Coffee"])))
        #expect(coffee.count == 3)
        #expect(try story.ledger.transactions(matching: TransactionFilter(uncategorized: true)).count == 3)
        #expect(throws: LedgerError.self) {
            try story.ledger.transactions(matching: TransactionFilter(category: CategoryPath(["Nope"])))
        }
    }

    @Test func siblingCategoryWithCommonPrefixIsNotAChild() throws {
        let story = try StoryLedger()
        try story.ledger.addCategory(CategoryPath(["Foodstuff"]))
        let id = try story.id("Musterbank")
        try story.ledger.editTransaction(id: id, [.category(CategoryPath(["Foodstuff"]))])
        #expect(try story.ledger.transactions(matching: TransactionFilter(category: CategoryPath(["Food"]))).count == 4)
    }

    @Test func filtersByTypePlaceProjectAndTags() throws {
        let story = try StoryLedger()
        let ledger = story.ledger
        #expect(try ledger.transactions(matching: TransactionFilter(types: [.income])).count == 3)
        #expect(try ledger.transactions(matching: TransactionFilter(place: "berlin")).map(\.payee) == ["REWE Markt Berlin"])
        #expect(try ledger.transactions(matching: TransactionFilter(project: "Lisbon Trip")).map(\.payee) == ["UBER TRIP"])
        #expect(try ledger.transactions(matching: TransactionFilter(tags: ["coffee", "travel"], tagMatch: .any)).count == 4)
        #expect(try ledger.transactions(matching: TransactionFilter(tags: ["coffee", "bakery"], tagMatch: .all))
            .map(\.payee) == ["Bäckerei Kamps"])
        #expect(throws: LedgerError.self) { try ledger.transactions(matching: TransactionFilter(tags: ["unknown"])) }
    }

    @Test func textSearchIgnoresCaseAndAccents() throws {
        let story = try StoryLedger()
        #expect(try story.ledger.transactions(matching: TransactionFilter(text: "cafe")).map(\.payee) == ["Café Einstein"])
        #expect(try story.ledger.transactions(matching: TransactionFilter(text: "ZINSEN")).count == 1)
        #expect(try story.ledger.transactions(matching: TransactionFilter(text: "umbuchung", limit: 1)).count == 1)
    }

    @Test func balanceAsOfADayIncludesThatDay() throws {
        let story = try StoryLedger()
        #expect(try story.ledger.balance(accountId: story.giro, asOf: october(1)) == amount("4700.00"))
        #expect(try story.ledger.balance(accountId: story.giro, asOf: october(14)) == amount("4645.63"))
        #expect(try story.ledger.balance(accountId: story.giro, asOf: october(31)) == amount("4134.03"))
        #expect(try story.ledger.balance(accountId: story.visa, asOf: october(31)) == amount("-333.95"))
        let all = try story.ledger.balances(asOf: october(31))
        #expect(all.map(\.account.name) == ["Girokonto", "Tagesgeld", "Visa"])
        #expect(all.map(\.balance.description) == ["4134.03", "5501.23", "-333.95"])
    }

    @Test func anAccountAddedWithNumbersAfterOneWithoutGetsItsOwnId() throws {
        let fixture = try LedgerFixture()
        let first = try fixture.ledger.addAccount(Account(name: "Cash", kind: .cash, currency: .EUR))
        let second = try fixture.ledger.addAccount(Account(name: "Checking", kind: .bank, currency: .USD, numbers: ["X020"]))
        let third = try fixture.ledger.addAccount(Account(name: "Card", kind: .creditCard, currency: .USD, numbers: ["4321", "9999"]))
        #expect(first.name == "Cash")
        #expect(second.name == "Checking" && second.id != first.id)
        #expect(third.name == "Card" && third.numbers == ["4321", "9999"])
        #expect(try fixture.ledger.account(id: try #require(second.id)).name == "Checking")
        #expect(try fixture.ledger.account(forNumber: "x020")?.id == second.id)
    }

    @Test func accountFoundByStatementNumber() throws {
        let story = try StoryLedger()
        #expect(try story.ledger.account(forNumber: "de89370400440532013000")?.id == story.giro)
        #expect(try story.ledger.account(forNumber: "DE02120300000000202051") == nil)
        #expect(try story.ledger.account(named: "visa")?.currency == .USD)
        #expect(throws: LedgerError.self) {
            try story.ledger.addAccount(Account(name: "Other", kind: .bank, currency: .EUR, numbers: ["DE89370400440532013000"]))
        }
    }

    @Test func summariesPerEntryExcludeTransfersFromIncomeAndExpense() throws {
        let story = try StoryLedger()
        let leaving = try story.id("Umbuchung auf")
        let arriving = try story.id("Umbuchung von")
        try story.ledger.linkTransfer(TransferLink(fromTransactionId: leaving, toTransactionId: arriving))
        let accounts = try story.ledger.summaries(of: .accounts)
        let giro = try #require(accounts.first { $0.name == "Girokonto" }?.figures.first)
        #expect(giro.currency == .EUR)
        #expect(giro.income == amount("3200.00"))
        #expect(giro.expense == amount("-1015.97"))
        #expect(giro.cashflow == amount("2184.03"))
        #expect(giro.count == 6)
        #expect(giro.transferCount == 1)

        let categories = try story.ledger.summaries(of: .categories)
        let food = try #require(categories.first { $0.name == "Food" })
        #expect(food.figures.map(\.currency) == [.EUR, .USD])
        #expect(food.figures.map(\.expense.description) == ["-65.97", "-5.75"])
        #expect(food.transactionCount == 4)

        let tags = try story.ledger.summaries(of: .tags)
        #expect(tags.map(\.name) == ["bakery", "coffee", "travel"])
        #expect(tags.map(\.transactionCount) == [1, 3, 1])
        let places = try story.ledger.summaries(of: .places, from: october(3))
        #expect(places.first?.figures.isEmpty == true)
        #expect(try story.ledger.summaries(of: .projects).first?.figures.first?.expense == amount("-18.20"))
    }

    @Test func categoryTreeListsParentsBeforeChildren() throws {
        let story = try StoryLedger()
        try story.ledger.addCategory(CategoryPath(["Food", "Groceries", "Organic"]), icon: "leaf")
        let paths = try story.ledger.categories().map(\.path.description)
        #expect(paths == ["Food", "Food:Coffee", "Food:Groceries", "Food:Groceries:Organic", "Housing", "Housing:Rent",
                          "Income", "Income:Interest", "Income:Salary"])
        let organic = try #require(try story.ledger.category(at: CategoryPath(["food", "groceries", "organic"])))
        #expect(organic.icon == "leaf")
        #expect(organic.parentId == (try story.ledger.category(at: CategoryPath(["Food", "Groceries"])))?.id)
    }

    @Test func renamingACategoryMovesItsChildren() throws {
        let story = try StoryLedger()
        let food = try #require(try story.ledger.category(at: CategoryPath(["Food"])))
        try story.ledger.updateCategory(id: food.id, name: "Essen", icon: nil)
        #expect(try story.ledger.transactions(matching: TransactionFilter(category: CategoryPath(["Essen"]))).count == 4)
        #expect(try story.ledger.transaction(id: story.id("REWE")).category?.description == "Essen:Groceries")
        #expect(throws: LedgerError.self) { try story.ledger.updateCategory(id: food.id, name: "Housing", icon: nil) }
        #expect(throws: LedgerError.self) { try story.ledger.deleteCategory(id: food.id) }
    }

    @Test func statementBalancesAreListedByAccountAndDay() throws {
        let story = try StoryLedger()
        try story.ledger.importStatements([ImportStatement(accountId: story.visa, sourceFile: "visa.qfx", transactions: [],
            balances: [StatementBalance(kind: .ledger, amount: amount("-333.95"), day: october(31)),
                       StatementBalance(kind: .opening, amount: amount("-310.00"), day: october(1)),
                       StatementBalance(kind: .available, amount: amount("100"))])])
        let balances = try story.ledger.statementBalances(accountId: story.visa)
        #expect(balances.map(\.kind) == [.opening, .ledger])
        #expect(balances.last?.sourceFile == "visa.qfx")
    }

    /// One account's balances (searched by the account's index) are exactly its part of every
    /// account's, in day and id order, whatever order they were stored in.
    @Test func oneAccountsStatementBalancesAreItsShareOfAll() throws {
        let fixture = try LedgerFixture()
        let visa = try fixture.account("Visa"), giro = try fixture.account("Girokonto")
        func statement(_ account: Int64, _ days: [Int], _ file: String) -> ImportStatement {
            ImportStatement(accountId: account, sourceFile: file, transactions: [],
                            balances: days.flatMap { d in [StatementBalance(kind: .running, amount: amount("\(d).25"), day: october(d)),
                                                           StatementBalance(kind: .closing, amount: amount("\(d + 1)"), day: october(d))] })
        }
        try fixture.ledger.importStatements([statement(visa, [9, 3, 20], "visa-1.qfx"), statement(giro, [5, 1], "giro.csv"),
                                             statement(visa, [2, 15], "visa-2.qfx")])
        let all = try fixture.ledger.statementBalances()
        #expect(all.count == 14)
        for account in [visa, giro] {
            let one = try fixture.ledger.statementBalances(accountId: account)
            #expect(one == all.filter { $0.accountId == account })
            #expect(one.map(\.day) == one.map(\.day).sorted())
            #expect(!one.isEmpty)
        }
        #expect(try fixture.ledger.statementBalances(accountId: 987_654).isEmpty)
    }

    @Test func projectsArchiveWhenEndedOrByHand() throws {
        let story = try StoryLedger()
        let trip = try #require(try story.ledger.project(titled: "Lisbon trip"))
        var ended = trip
        ended.startDay = october(1)
        ended.endDay = october(10)
        try story.ledger.updateProject(ended)
        try story.ledger.addProject(Project(title: "Kitchen", startDay: october(1)))
        #expect(try story.ledger.projects(includeArchived: false, today: october(20)).map(\.title) == ["Kitchen"])
        #expect(try story.ledger.projects(includeArchived: false, today: october(5)).map(\.title) == ["Kitchen", "Lisbon trip"])
        try story.ledger.archiveProject(id: try #require(try story.ledger.project(titled: "Kitchen")?.id))
        #expect(try story.ledger.projects(includeArchived: false, today: october(5)).map(\.title) == ["Lisbon trip"])
    }
}

import Testing
import MyMoneyStore

/// A transaction's splits are rows of their own, each counted under its own category and tags.
@Suite struct PartsTests {
    /// The wallet's market day: -23.50 split into Food:Groceries -18.00 and Gifts:Flowers -5.50.
    func marketDay(_ fixture: LedgerFixture, category: String? = "Food:Groceries") throws -> (wallet: Int64, id: Int64) {
        let wallet = try fixture.account("Wallet", kind: .cash)
        var t = row(wallet, 11, "-23.50", "Wochenmarkt", category: category, tags: ["market"])
        t.splits = [StatementSplit(amount: amount("-18.00"), category: "Food:Groceries", memo: "Gemüse und Brot"),
                    StatementSplit(amount: amount("-5.50"), category: "Gifts:Flowers", memo: "Tulpen", tags: ["flowers"])]
        let report = try fixture.ledger.importStatements([ImportStatement(accountId: wallet, transactions: [t])])
        return (wallet, try #require(report.accounts.first?.added.first?.id))
    }

    @Test func splitsAreStoredAsPartsAndReadBackInOrder() throws {
        let fixture = try LedgerFixture()
        let (_, id) = try marketDay(fixture)
        let stored = try fixture.ledger.transaction(id: id)
        #expect(stored.splits.map(\.amount) == [amount("-18.00"), amount("-5.50")])
        #expect(stored.splits.map(\.category) == ["Food:Groceries", "Gifts:Flowers"])
        #expect(stored.splits[1].tags == ["flowers"])
        #expect(try fixture.ledger.category(at: CategoryPath(["Gifts", "Flowers"])) != nil)
    }

    @Test func aCategoryFilterFindsATransactionByAPartsCategory() throws {
        let fixture = try LedgerFixture()
        let (_, id) = try marketDay(fixture, category: nil)
        #expect(try fixture.ledger.transactions(matching: TransactionFilter(category: CategoryPath(["Gifts"]))).map(\.id) == [id])
        #expect(try fixture.ledger.transactions(matching: TransactionFilter(category: CategoryPath(["Food", "Groceries"]))).map(\.id) == [id])
        // Its parts have categories: it is not uncategorized, though it has none of its own.
        #expect(try fixture.ledger.transactions(matching: TransactionFilter(uncategorized: true)).isEmpty)
        #expect(try fixture.ledger.transactions(matching: TransactionFilter(text: "tulpen")).map(\.id) == [id])
    }

    @Test func figuresCountEachPartUnderItsOwnCategoryAndTags() throws {
        let fixture = try LedgerFixture()
        _ = try marketDay(fixture)
        let categories = Dictionary(uniqueKeysWithValues: try fixture.ledger.summaries(of: .categories).map { ($0.name, $0) })
        #expect(categories["Gifts:Flowers"]?.figures.first?.expense == amount("-5.50"))
        #expect(categories["Food:Groceries"]?.figures.first?.expense == amount("-18.00"))
        #expect(categories["Food"]?.figures.first?.expense == amount("-18.00"))
        #expect(categories["Gifts"]?.transactionCount == 1)
        let tags = Dictionary(uniqueKeysWithValues: try fixture.ledger.summaries(of: .tags).map { ($0.name, $0) })
        #expect(tags["market"]?.figures.first?.expense == amount("-23.50"))   // the transaction's tag: the whole
        #expect(tags["flowers"]?.figures.first?.expense == amount("-5.50"))   // a part's tag: that part
    }

    @Test func aPartWithoutACategoryCountsUnderTheTransactions() throws {
        let fixture = try LedgerFixture()
        let wallet = try fixture.account("Wallet", kind: .cash)
        var t = row(wallet, 11, "-10.00", "Kiosk", category: "Food:Snacks")
        t.splits = [StatementSplit(amount: amount("-4.00")), StatementSplit(amount: amount("-6.00"), category: "Reading")]
        _ = try fixture.ledger.addTransaction(t)
        let categories = Dictionary(uniqueKeysWithValues: try fixture.ledger.summaries(of: .categories).map { ($0.name, $0) })
        #expect(categories["Food:Snacks"]?.figures.first?.expense == amount("-4.00"))
        #expect(categories["Reading"]?.figures.first?.expense == amount("-6.00"))
        #expect(try fixture.ledger.transactions().first?.countedParts.map(\.category) == ["Food:Snacks", "Reading"])
    }

    @Test func partsThatDoNotAddUpAreRefusedAndNothingChanges() throws {
        let fixture = try LedgerFixture()
        let (_, id) = try marketDay(fixture)
        let error = #expect(throws: LedgerError.self) {
            try fixture.ledger.editTransaction(id: id, [.splits([StatementSplit(amount: amount("-20.00"), category: "Food")]), .notes("x")])
        }
        #expect(error?.message == "the splits of the transaction on 2026-10-11 add up to -20.00, not its amount -23.50")
        let stored = try fixture.ledger.transaction(id: id)
        #expect(stored.splits.count == 2 && stored.notes == nil)
        // An amount changed without new parts does not add up either.
        #expect(throws: LedgerError.self) { try fixture.ledger.editTransaction(id: id, [.amount(amount("-24.00"))]) }
        try fixture.ledger.editTransaction(id: id, [.amount(amount("-24.00")), .splits([
            StatementSplit(amount: amount("-24.00"), category: "Food:Groceries")])])
        #expect(try fixture.ledger.transaction(id: id).splits.count == 1)
        try fixture.ledger.editTransaction(id: id, [.splits([])])
        #expect(try fixture.ledger.transaction(id: id).splits.isEmpty)
    }

    @Test func aCategoryAPartUsesCannotBeRemovedAndATagIsTakenOffParts() throws {
        let fixture = try LedgerFixture()
        _ = try marketDay(fixture, category: nil)
        let gifts = try #require(try fixture.ledger.category(at: CategoryPath(["Gifts", "Flowers"])))
        let error = #expect(throws: LedgerError.self) { try fixture.ledger.deleteCategory(id: gifts.id) }
        #expect(error?.message == "Gifts:Flowers still has 1 split part: it cannot be deleted")
        try fixture.ledger.deleteTag(id: try #require(try fixture.ledger.tag(titled: "flowers")?.id))
        #expect(try fixture.ledger.transactions().first?.splits[1].tags == [])
    }

    @Test func undoingTheImportRemovesItsParts() throws {
        let fixture = try LedgerFixture()
        _ = try marketDay(fixture)
        try fixture.ledger.undoImport(batchId: 1)
        #expect(try fixture.ledger.integrityProblems().isEmpty)
        #expect(try fixture.ledger.summaries(of: .categories).allSatisfy { $0.figures.isEmpty })
    }
}

/// The figures of a ledger without parts come from a simpler query (no parts to look at): its
/// twin, with every transaction given one part holding its whole amount and category, gives
/// the same figures.
@Suite struct PartsFiguresTwinTests {
    @Test func onePartHoldingTheWholeCountsAsTheWhole() throws {
        let plain = try StoryLedger(), split = try StoryLedger()
        for t in try split.ledger.transactions() {
            try split.ledger.editTransaction(id: try #require(t.id), [.splits([StatementSplit(amount: t.amount, category: t.category?.description)])])
        }
        #expect(try split.ledger.transactions().allSatisfy { $0.splits.count == 1 })
        for entity in EntrySummary.Entity.allCases {
            #expect(try plain.ledger.summaries(of: entity) == (try split.ledger.summaries(of: entity)), "\(entity)")
        }
    }
}

import Testing
import MyMoneyReports

/// SPLITS: every report, budget and entity figure counts a split part under its own category by
/// expanding `LedgerTransaction.splits` here. The ledger's SQL aggregates sum a transaction with
/// parts (rows of `transaction_parts`) whole and the Kit swaps it for these postings; a query that
/// summed the parts itself must do exactly what these tests pin.
@Suite struct SplitPostingTests {
    typealias F = Fixture

    /// The sample story's market day: 23.50 EUR, 18.00 groceries and 5.50 flowers.
    var marketDay: LedgerTransaction {
        LedgerTransaction(id: 31, accountId: 5, day: F.day("2026-10-11"), amount: F.amount("-23.50"), currency: .EUR,
                          originalPayee: "Wochenmarkt", category: CategoryPath(["Food", "Groceries"]), tags: ["market"],
                          splits: [StatementSplit(amount: F.amount("-18.00"), category: "Food:Groceries", memo: "Gemüse"),
                                   StatementSplit(amount: F.amount("-5.50"), category: "Gifts:Flowers", tags: ["Tulips"])])
    }

    @Test func eachPartCountsUnderItsOwnCategory() throws {
        let postings = try Posting.postings(of: marketDay)
        #expect(postings.map { "\($0.category?.description ?? "-") \($0.amount) \($0.tags)" }
                == ["Food:Groceries -18.00 [\"market\"]", "Gifts:Flowers -5.50 [\"Tulips\", \"market\"]"])
        #expect(postings.allSatisfy { $0.transactionId == 31 && $0.type == .expense && $0.payee == "Wochenmarkt" })
    }

    @Test func theRestBeyondThePartsStaysUnderTheTransactionsCategory() throws {
        var t = marketDay
        t.splits = [StatementSplit(amount: F.amount("-5.50"), category: "Gifts:Flowers")]
        let postings = try Posting.postings(of: t)
        #expect(postings.map { "\($0.category?.description ?? "-") \($0.amount)" } == ["Gifts:Flowers -5.50", "Food:Groceries -18.00"])
    }

    @Test func aPartNamingAnotherAccountIsATransferAndAPartWithoutCategoryTakesTheTransactions() throws {
        var t = marketDay
        t.splits = [StatementSplit(amount: F.amount("-20.00"), transferAccount: "Savings"), StatementSplit(amount: F.amount("-3.50"))]
        let postings = try Posting.postings(of: t)
        #expect(postings.map(\.type) == [.transfer, .expense])
        #expect(postings[1].category == CategoryPath(["Food", "Groceries"]))
    }

    /// Reports and the ledger's own listing (`LedgerTransaction.countedParts`) agree on how much
    /// each category holds.
    @Test func postingsCountWhatCountedPartsCountPerCategory() throws {
        var rest = marketDay
        rest.splits = [StatementSplit(amount: F.amount("-5.50"), category: "Gifts:Flowers"),
                       StatementSplit(amount: F.amount("-18.00"))]
        for t in [marketDay, rest] {
            func sums(_ pairs: [(String?, Amount)]) throws -> [String: Amount] {
                var result: [String: Amount] = [:]
                for (name, amount) in pairs { result[name ?? "-"] = try (result[name ?? "-"] ?? .zero) + amount }
                return result
            }
            let postings = try sums(try Posting.postings(of: t).map { ($0.category?.description, $0.amount) })
            let parts = try sums(t.countedParts.map { ($0.category, $0.amount) })
            #expect(postings == parts)
            #expect(postings == ["Food:Groceries": F.amount("-18.00"), "Gifts:Flowers": F.amount("-5.50")])
        }
    }

    @Test func splitPartsReachEntityFiguresAndBudgetsUnderTheirOwnCategory() throws {
        let postings = try Posting.postings(of: marketDay)
        let totals = postings.flatMap { $0.dailyTotals(by: .categories) }
        let figures = try EntryFigures.figures(.categories, totals, categories: [CategoryPath(["Food"]), CategoryPath(["Gifts"])],
                                               converter: F.converter([]))
        #expect(figures["Food"]?.expense == F.amount("-18.00"))
        #expect(figures["Gifts"]?.expense == F.amount("-5.50"))
        let byTag = postings.flatMap { $0.dailyTotals(by: .tags) }
        #expect(byTag.map { "\($0.name ?? "-") \($0.amount)" } == ["market -18.00", "Tulips -5.50", "market -5.50"])
        let budget = Budget(id: 1, target: .category(CategoryPath(["Gifts"])), amount: F.amount("10"), currency: .EUR,
                            period: .month, startDay: F.day("2026-10-01"))
        let status = try BudgetCalculator().status(of: budget, asOf: F.day("2026-10-31"), postings: postings, historyStart: nil,
                                                   converter: F.converter([]))
        #expect(status.spent == F.amount("5.50"))
    }
}

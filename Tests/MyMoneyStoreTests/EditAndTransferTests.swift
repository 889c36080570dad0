import Testing
import MyMoneyStore

@Suite struct EditAndTransferTests {
    @Test func rulesNeverOverwriteWhatTheUserSetByHand() throws {
        let story = try StoryLedger()
        let id = try story.id("REWE")
        try story.ledger.editTransaction(id: id, [.category(CategoryPath(["Food", "Market"])), .notes("weekly shop")])
        let changed = try story.ledger.applyRuleResults([RuleResult(transactionId: id, changes: [
            .category(CategoryPath(["Shopping"])), .payee("REWE"), .tags(["groceries"]),
        ])])
        #expect(changed == 2)
        let stored = try story.ledger.transaction(id: id)
        #expect(stored.category?.description == "Food:Market")
        #expect(stored.payee == "REWE")
        #expect(stored.originalPayee == "REWE Markt Berlin")
        #expect(stored.tags == ["groceries"])
        #expect(stored.notes == "weekly shop")
        let origins = try story.ledger.fieldOrigins(transactionId: id)
        #expect(origins[.category] == .hand)
        #expect(origins[.payee] == .rule)
        #expect(origins[.memo] == .source)
    }

    @Test func theLedgersSetFieldsReadAtOnceAreWhatEachTransactionSays() throws {
        let story = try StoryLedger()
        let rent = try story.id("Hausverwaltung"), cafe = try story.id("Café Einstein"), uber = try story.id("UBER TRIP")
        try story.ledger.editTransaction(id: rent, [.category(CategoryPath(["Housing", "Rent"])), .notes("flat")])
        try story.ledger.applyRuleResults([
            RuleResult(transactionId: rent, changes: [.payee("Landlord"), .category(CategoryPath(["Housing"]))]),
            RuleResult(transactionId: cafe, changes: [.tags(["coffee", "out"]), .place("Berlin")]),
            RuleResult(transactionId: uber, changes: [.project("Lisbon trip")]),
        ])
        try story.ledger.applyRuleResults([RuleResult(transactionId: rent, changes: [.category(CategoryPath(["Rent"]))])],
                                          overwriteManual: true)
        let atOnce = try story.ledger.setFieldOrigins()
        var marked = 0
        for t in try story.ledger.transactions() {
            let id = try #require(t.id)
            let one = try story.ledger.fieldOrigins(transactionId: id).filter { $0.value != .source }
            #expect((atOnce[id] ?? [:]) == one, "transaction \(id)")
            if !one.isEmpty { marked += 1 }
        }
        #expect(marked == 3 && atOnce.count == 3)
        #expect(atOnce[rent]?[.category] == .rule && atOnce[rent]?[.notes] == .hand && atOnce[rent]?[.payee] == .rule)
    }

    @Test func aDryRunOfRuleResultsCountsWhatItWouldChangeAndKeepsNothing() throws {
        let story = try StoryLedger()
        let id = try story.id("Musterbank")
        let before = try story.ledger.transaction(id: id)
        let results = [RuleResult(transactionId: id, changes: [.category(CategoryPath(["Income", "Other"])), .payee("Bank")])]
        #expect(try story.ledger.applyRuleResults(results, dryRun: true) == 2)
        #expect(try story.ledger.transaction(id: id) == before)
        #expect(try story.ledger.setFieldOrigins()[id] == nil)
        #expect(try story.ledger.applyRuleResults(results) == 2)
        #expect(try story.ledger.transaction(id: id).payee == "Bank")
    }

    @Test func rulesMayChangeWhatRulesSetBefore() throws {
        let story = try StoryLedger()
        let id = try story.id("Musterbank")
        try story.ledger.applyRuleResults([RuleResult(transactionId: id, changes: [.category(CategoryPath(["Income", "Other"]))])])
        try story.ledger.applyRuleResults([RuleResult(transactionId: id, changes: [.category(CategoryPath(["Income", "Interest"]))])])
        #expect(try story.ledger.transaction(id: id).category?.description == "Income:Interest")
    }

    @Test func confirmedTransferTypesBothLegs() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        let to = try story.id("Umbuchung von")
        let link = try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to, rate: amount("1"),
                                                              confidence: 0.98))
        #expect(try story.ledger.transaction(id: from).type == .transfer)
        #expect(try story.ledger.transaction(id: to).type == .transfer)
        #expect(link.fromAmount == amount("-500.00"))
        #expect(link.toAccountId == story.tagesgeld)
        #expect(link.rate?.description == "1")
        #expect(try story.ledger.transfers().count == 1)
        try story.ledger.unlinkTransfer(id: try #require(link.id))
        #expect(try story.ledger.transaction(id: from).type == .expense)
        #expect(try story.ledger.transaction(id: to).type == .income)
    }

    @Test func aBatchTypesTheLegsOfItsConfirmedLinksOnly() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        let to = try story.id("Umbuchung von")
        let rent = try story.id("Hausverwaltung")
        let interest = try story.id("Zinsen")
        let before = try story.ledger.transaction(id: rent).type
        let ids = try story.ledger.linkTransfers([TransferLink(fromTransactionId: rent, toTransactionId: interest, confidence: 0.5,
                                                               status: .proposed),
                                                  TransferLink(fromTransactionId: from, toTransactionId: to, confidence: 0.9)],
                                                 sparingHandTypedLegs: false)
        #expect(ids.allSatisfy { $0 != nil })
        #expect(try story.ledger.transaction(id: from).type == .transfer)
        #expect(try story.ledger.transaction(id: to).type == .transfer)
        #expect(try story.ledger.transaction(id: rent).type == before)
        #expect(try story.ledger.transaction(id: interest).type == .income)
        // Inside an outer transaction (as an import links) the same, and a failing batch types nothing.
        try story.ledger.unlinkTransfer(id: try #require(ids[1]))
        try story.ledger.transaction {
            #expect(throws: LedgerError.self) {
                try story.ledger.linkTransfers([TransferLink(fromTransactionId: from, toTransactionId: to),
                                                TransferLink(fromTransactionId: from, toTransactionId: interest)],
                                               sparingHandTypedLegs: false)
            }
            #expect(try story.ledger.transaction(id: from).type == .expense)
            _ = try story.ledger.linkTransfers([TransferLink(fromTransactionId: from, toTransactionId: to)], sparingHandTypedLegs: false)
        }
        #expect(try story.ledger.transaction(id: from).type == .transfer)
        #expect(try story.ledger.transaction(id: to).type == .transfer)
    }

    @Test func aLinksReasonsAreStoredOnePerLineWhateverTheyHold() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        let to = try story.id("Umbuchung von")
        let reasons = ["same amount", "memo names the other account\nand its number", "a\r\nwindows break", "", "plain"]
        let ids = try story.ledger.linkTransfers([TransferLink(fromTransactionId: from, toTransactionId: to, confidence: 0.9,
                                                               reasons: reasons)], sparingHandTypedLegs: false)
        let stored = try #require(try story.ledger.transfers().first { $0.id == ids[0] })
        // A line feed inside a reason would split it in two when read back: it becomes a space;
        // an empty reason is an empty line, which the reading drops.
        #expect(stored.reasons == ["same amount", "memo names the other account and its number", "a\r windows break", "plain"])
    }

    @Test func manyLinksAtOnceSpareLegsTypedByHandAndFailTogether() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        let to = try story.id("Umbuchung von")
        let rent = try story.id("Hausverwaltung")
        let interest = try story.id("Zinsen")
        // The user typed the rent by hand: a pair with it is their decision and is left alone.
        _ = try story.ledger.editTransaction(id: rent, [.type(.expense)])
        let ids = try story.ledger.linkTransfers([TransferLink(fromTransactionId: from, toTransactionId: to, confidence: 0.9),
                                                  TransferLink(fromTransactionId: rent, toTransactionId: interest, confidence: 0.5,
                                                               status: .proposed)],
                                                 sparingHandTypedLegs: true)
        #expect(ids.count == 2 && ids[0] != nil && ids[1] == nil)
        #expect(try story.ledger.transaction(id: from).type == .transfer)
        #expect(try story.ledger.transfers().count == 1)
        // A bad pair among them (both legs on one account) stores none of them.
        let cafe = try story.id("Café Einstein")
        try story.ledger.unlinkTransfer(id: try #require(ids[0]))
        #expect(throws: LedgerError.self) {
            try story.ledger.linkTransfers([TransferLink(fromTransactionId: from, toTransactionId: to),
                                            TransferLink(fromTransactionId: cafe, toTransactionId: try story.id("Acme"))],
                                           sparingHandTypedLegs: true)
        }
        #expect(try story.ledger.transfers().isEmpty)
        // Two links of one batch sharing a leg: the second is refused, and with it the batch.
        #expect(throws: LedgerError.self) {
            try story.ledger.linkTransfers([TransferLink(fromTransactionId: from, toTransactionId: to),
                                            TransferLink(fromTransactionId: from, toTransactionId: interest)],
                                           sparingHandTypedLegs: true)
        }
        #expect(try story.ledger.transfers().isEmpty)
    }

    @Test func crossCurrencyRateIsKeptExactly() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        let to = try story.id("STARBUCKS")
        #expect(throws: LedgerError.self) {   // the arriving leg must be positive
            try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to))
        }
        let income = try story.id("Acme")
        #expect(throws: LedgerError.self) {   // both on Girokonto
            try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: income))
        }
        let interest = try story.id("Musterbank")
        let link = try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: interest,
                                                              rate: amount("1.13636363636364"), fee: amount("0.50"),
                                                              confidence: 0.4, status: .proposed))
        #expect(link.rate?.description == "1.13636363636364")
        #expect(link.fee?.description == "0.50")
        #expect(try story.ledger.transaction(id: from).type == .expense)   // proposed: not yet typed
        #expect(try story.ledger.transfers(status: .proposed).count == 1)
        try story.ledger.confirmTransfer(id: try #require(link.id))
        #expect(try story.ledger.transaction(id: interest).type == .transfer)
    }

    @Test func rejectedPairIsNeverProposedAgain() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        let to = try story.id("Umbuchung von")
        try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to, status: .proposed))
        try story.ledger.rejectTransfer(to, from)
        #expect(try story.ledger.transfers().isEmpty)
        #expect(try story.ledger.isRejectedTransfer(from, to))
        #expect(try story.ledger.rejectedTransfers().count == 1)
        let error = #expect(throws: LedgerError.self) {
            try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to, status: .proposed))
        }
        #expect(error?.message == "this pair was rejected before and is never proposed again")
        // The user may still confirm it by hand, which lifts the rejection.
        try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to, status: .confirmed))
        #expect(try !story.ledger.isRejectedTransfer(from, to))
    }

    @Test func aLegBelongsToOneTransferAtATime() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: try story.id("Umbuchung von")))
        let error = #expect(throws: LedgerError.self) {
            try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: try story.id("Musterbank")))
        }
        #expect(error?.kind == .duplicate)
    }

    @Test func accountWithTransactionsCannotBeDeletedOrChangeCurrency() throws {
        let story = try StoryLedger()
        #expect(throws: LedgerError.self) { try story.ledger.deleteAccount(id: story.giro) }
        var giro = try story.ledger.account(id: story.giro)
        giro.currency = .USD
        #expect(throws: LedgerError.self) { try story.ledger.updateAccount(giro) }
        giro.currency = .EUR
        giro.name = "Giro"
        giro.reconciledThrough = october(31)
        let saved = try story.ledger.updateAccount(giro)
        #expect(saved.name == "Giro")
        #expect(saved.reconciledThrough == october(31))
        #expect(saved.numbers == ["de89370400440532013000"])
    }

    @Test func transactionAtomicityRollsBackComposedWrites() throws {
        let story = try StoryLedger()
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try story.ledger.transaction {
                try story.ledger.addTag(LedgerTag(title: "temporary"))
                throw Stop()
            }
        }
        #expect(try story.ledger.tag(titled: "temporary") == nil)
        try story.ledger.transaction(dryRun: true) { try story.ledger.addTag(LedgerTag(title: "dry")) }
        #expect(try story.ledger.tag(titled: "dry") == nil)
    }
}

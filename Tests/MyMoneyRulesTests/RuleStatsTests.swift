import Testing
@testable import MyMoneyRules

/// `rules stats` on transactions as the ledger stores them, and the rules it says are tried on
/// every transaction.
@Suite struct RuleStatsTests {
    static let transferRules = """
    rule "Cash from the ATM"
      when payee starts with "Geldautomat" and account kind is bank and amount < 0
      transfer to "Wallet"
      add tag cash
      stop
    rule "Savings top-up"
      when memo contains "Umbuchung auf Tagesgeld"
      transfer to "Tagesgeld"
    rule "Everything else is shopping"
      when amount < 0 and type is expense
      set category Shopping
    """

    /// `rules stats` runs on stored transactions, which keep the transfer (and tags) a rule gave
    /// them at import. The transfer rule then changes nothing, but it is what keeps them transfers:
    /// it was reported as shadowed ("matches, none changed anything").
    /// Transactions as `RuleInputs.asImported` hands stored ones to the rules: what rules set put
    /// back (payee, category, project, place, notes), the type, transfer hint and tags kept.
    static func asStored(_ transactions: [LedgerTransaction]) -> [RuleInput] {
        let reset = transactions.map { t -> LedgerTransaction in
            var s = t
            s.payee = s.originalPayee
            s.category = nil
            s.project = nil
            s.place = nil
            s.notes = nil
            return s
        }
        return RuleInput.inputs(reset, accounts: StoryLedger.accounts)
    }

    @Test func transferRulesAreNotShadowedOnTransactionsTheyAlreadyMarked() throws {
        let set = try RuleTesting.compile(Self.transferRules)
        let context = RuleContext(accounts: StoryLedger.accounts)
        let stored = Self.asStored(set.apply(to: StoryLedger.inputs, context: context).transactions)
        let stats = set.stats(for: stored, context: context)
        #expect(stats.shadowed.isEmpty, "\(stats.shadowed)")
        #expect(stats.rules[0].matched == 1 && stats.rules[0].effective == 1)
        #expect(stats.rules[1].matched == 1 && stats.rules[1].effective == 1)
        // Fresh transactions: the same, as before.
        #expect(set.stats(for: StoryLedger.inputs, context: context).shadowed.isEmpty)
    }

    /// A transfer rule behind another that already marked the same transfer in this run is still shadowed.
    @Test func aTransferAnEarlierRuleMadeStillShadows() throws {
        let set = try RuleTesting.compile("""
        rule "First"
          when memo contains "Umbuchung auf Tagesgeld"
          transfer to "Tagesgeld"
        rule "Second"
          when payee contains "Alex Morgan" and amount < 0
          transfer to "Tagesgeld"
        """)
        let stats = set.stats(for: StoryLedger.inputs, context: RuleContext(accounts: StoryLedger.accounts))
        #expect(stats.shadowed == [ShadowedRule(rule: 1, reason: .alreadySet, by: [0], matches: 1)])
    }

    @Test func tagRulesAreNotShadowedOnTransactionsTheyAlreadyTagged() throws {
        let set = try RuleTesting.compile("rule \"Coffee\"\n  when payee contains \"STARBUCKS\"\n  add tag coffee\n")
        let stats = set.stats(for: Self.asStored(set.apply(to: StoryLedger.inputs).transactions))
        #expect(stats.shadowed.isEmpty)
        #expect(stats.rules[0].effective == 1)
    }

    @Test func rulesWithoutLiteralsAreListedWithTheirRegexes() throws {
        let set = try RuleTesting.compile("""
        rule "Reference"
          when memo matches /^\\d{8}$/
          add tag reference
        rule "Big spending"
          when amount < -500
          add tag big
        rule "Prefixed"
          when payee matches /^(POS [0-9]+ )?(REWE|EDEKA)/
          add tag groceries
        rule "Literal and regex"
          when payee contains "Amazon" and memo matches /\\d+/
          add tag amazon
        rule "Either"
          when payee contains "Kiosk" or memo matches /^[0-9-]+$/
          add tag either
        rule "Everything" stage post
          add tag seen
        """)
        let every = set.rulesCheckedOnEveryTransaction
        #expect(every == [EveryTransactionRule(rule: 0, regexes: ["^\\d{8}$"]), EveryTransactionRule(rule: 1, regexes: []),
                          EveryTransactionRule(rule: 4, regexes: ["^[0-9-]+$"])])
        let table = set.stats(for: StoryLedger.inputs).renderTable(ruleSet: set)
        #expect(table.hasSuffix("""
        Tried on every transaction: no literal text to look for (3)
          "Reference" (test.rules:1): runs /^\\d{8}$/ on every transaction
          "Big spending" (test.rules:4)
          "Either" (test.rules:13): runs /^[0-9-]+$/ on every transaction

        """))
    }
}

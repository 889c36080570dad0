import Testing
import MyMoneyCore
import MyMoneyRules

/// The one mapping between what rules set and what the ledger stores.
@Suite struct RuleTargetTests {
    @Test func everyTargetButIgnoredIsOneStoredFieldAndBack() {
        for target in RuleTarget.allCases {
            guard let field = target.storedField else {
                #expect(target == .ignored)
                continue
            }
            #expect(RuleTarget(storedField: field) == target)
        }
        #expect(RuleTarget.transfer.storedField == .type)
    }

    @Test func fieldsOnlyTheUserChangesHaveNoTarget() {
        for field: TransactionField in [.memo, .day, .amount, .account, .splits] {
            #expect(RuleTarget(storedField: field) == nil)
        }
    }
}

import Testing
import MyMoneyCore
@testable import MyMoneyRules

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

    @Test func aTargetsRankIsItsPlaceAmongAllCases() {
        // The evaluator's per-target slots (a SIMD8) and kept fields are indexed by rank.
        for (place, target) in RuleTarget.allCases.enumerated() { #expect(target.rank == place) }
        #expect(RuleTarget.allCases.count <= 8)
    }

    @Test func fieldsOnlyTheUserChangesHaveNoTarget() {
        for field: TransactionField in [.memo, .day, .amount, .account, .splits] {
            #expect(RuleTarget(storedField: field) == nil)
        }
    }
}

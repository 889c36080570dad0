/// What a rule run decided for one stored transaction.
package struct RuleResult: Sendable, Hashable {
    package var transactionId: Int64
    package var changes: [TransactionChange]

    package init(transactionId: Int64, changes: [TransactionChange]) {
        self.transactionId = transactionId
        self.changes = changes
    }
}

import MyMoneyRules
import MyMoneyStore

/// Stored transactions as the rules first saw them, for `rules stats|explain|apply`.
enum RuleInputs {
    /// Every stored transaction with the fields rules set put back as imported (payee back to the
    /// bank's; category, project, place and notes cleared where a rule set them; tags kept, since
    /// the statement's own tags are not told apart); fields the user set by hand stay, and are
    /// locked against the rules.
    static func asImported(_ transactions: [LedgerTransaction], ledger: Ledger, accounts: [Account]) throws(LedgerError) -> [RuleInput] {
        var byId: [Int64: Account] = [:]
        for account in accounts { if let id = account.id { byId[id] = account } }
        var inputs: [RuleInput] = []
        inputs.reserveCapacity(transactions.count)
        // A few transactions: asked one by one; many: every set field of the ledger read at once.
        let marked = transactions.count > 64 ? try ledger.setFieldOrigins() : nil
        for stored in transactions {
            var t = stored
            var locked = Set<RuleTarget>()
            var origins: [TransactionField: FieldOrigin] = [:]
            if let id = stored.id {
                if let marked { origins = marked[id] ?? [:] } else { origins = try ledger.fieldOrigins(transactionId: id) }
            }
            for (field, origin) in origins {
                switch (field, origin) {
                case (.payee, .rule): t.payee = t.originalPayee
                case (.category, .rule): t.category = nil
                // Tags stay: which of them came from the statement (a QIF class) is not recorded,
                // and a rule adding a tag again changes nothing.
                case (.project, .rule): t.project = nil
                case (.place, .rule): t.place = nil
                case (.notes, .rule): t.notes = nil
                case (_, .hand):
                    if let target = RuleTarget(storedField: field) { locked.insert(target) }
                default: break
                }
            }
            inputs.append(RuleInput(transaction: t, account: byId[t.accountId], lockedFields: locked))
        }
        return inputs
    }
}

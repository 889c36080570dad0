import MyMoneyRules
import MyMoneyStore

/// Stored transactions as the rules first saw them, for `rules stats|explain|apply`.
public enum RuleInputs {
    /// Every stored transaction with the fields rules set put back as imported (payee back to the
    /// bank's, category, tags, project, place and notes cleared where a rule set them); fields the
    /// user set by hand stay, and are locked against the rules.
    public static func asImported(_ transactions: [LedgerTransaction], ledger: Ledger, accounts: [Account]) throws(LedgerError) -> [RuleInput] {
        var byId: [Int64: Account] = [:]
        for account in accounts { if let id = account.id { byId[id] = account } }
        var inputs: [RuleInput] = []
        inputs.reserveCapacity(transactions.count)
        for stored in transactions {
            var t = stored
            var locked = Set<RuleTarget>()
            let origins = try stored.id.map { id throws(LedgerError) in try ledger.fieldOrigins(transactionId: id) } ?? [:]
            for (field, origin) in origins {
                switch (field, origin) {
                case (.payee, .rule): t.payee = t.originalPayee
                case (.category, .rule): t.category = nil
                case (.tags, .rule): t.tags = []
                case (.project, .rule): t.project = nil
                case (.place, .rule): t.place = nil
                case (.notes, .rule): t.notes = nil
                case (_, .hand):
                    if let target = RuleTarget(field: field) { locked.insert(target) }
                default: break
                }
            }
            inputs.append(RuleInput(transaction: t, account: byId[t.accountId], lockedFields: locked))
        }
        return inputs
    }
}

extension RuleTarget {
    init?(field: TransactionField) {
        switch field {
        case .payee: self = .payee
        case .notes: self = .notes
        case .category: self = .category
        case .tags: self = .tags
        case .project: self = .project
        case .place: self = .place
        case .type: self = .transfer
        case .memo: return nil
        }
    }
}

/// What the rules did to one transaction, and which rule did each part.
///
/// Rules are named by their index in ``CompiledRuleSet/rules`` (evaluation order).
public struct TransactionOutcome: Sendable, Hashable, Codable {
    /// The transaction's index in the input.
    public var index: Int
    /// Rules whose conditions held and whose actions ran, in evaluation order.
    public var matched: [Int] = []
    /// Each field that ended up different, with the rule that set it.
    public var changes: [FieldChange] = []
    /// Rules that matched but left no mark: a later rule overrode them, or an earlier `stop` came first.
    public var overridden: [OverriddenMatch] = []
    /// Actions that did not apply: the field was set by hand, or the day is outside the project's dates.
    public var skipped: [SkippedAction] = []
    /// The rule whose `ignore` drops the transaction from the import.
    public var ignoredBy: Int?
    /// The transfer a rule marked, if any.
    public var transfer: TransferMark?

    public init(index: Int) { self.index = index }

    /// The rule that set `target`, if a rule changed it.
    public func rule(setting target: RuleTarget) -> Int? {
        changes.last(where: { $0.target == target })?.rule
    }

    /// Whether any rule changed anything or dropped the transaction.
    public var isChanged: Bool { !changes.isEmpty || ignoredBy != nil }
}

/// One field a rule changed: `category` set to `Food:Groceries`, tag `coffee` added.
public struct FieldChange: Sendable, Hashable, Codable {
    public enum Operation: String, Sendable, Hashable, Codable { case set, add, remove }
    public var target: RuleTarget
    public var operation: Operation
    /// The value before the rules ran (for tags: nil).
    public var previous: String?
    /// The new value (for tags: the tag added or removed; for a transfer: the other account).
    public var value: String?
    /// The rule that made the change.
    public var rule: Int

    public init(target: RuleTarget, operation: Operation, previous: String?, value: String?, rule: Int) {
        self.target = target
        self.operation = operation
        self.previous = previous
        self.value = value
        self.rule = rule
    }
}

/// A rule that matched but whose effect did not survive.
public struct OverriddenMatch: Sendable, Hashable, Codable {
    public enum Reason: String, Sendable, Hashable, Codable {
        /// A later rule set the same field.
        case overridden
        /// An earlier rule's `stop` (or `ignore`) ended evaluation before this rule.
        case stopped
    }
    public var rule: Int
    /// The field that was overridden (nil for `stopped`).
    public var target: RuleTarget?
    /// The later rule that overrode it, or the rule that stopped evaluation.
    public var by: Int
    public var reason: Reason
}

/// An action of a matching rule that was not applied.
public struct SkippedAction: Sendable, Hashable, Codable {
    public enum Reason: String, Sendable, Hashable, Codable {
        /// The user set the field by hand (pass `overwriteManual` to let rules change it).
        case lockedByUser = "locked"
        /// The transaction's day is outside the project's dates.
        case outsideProjectDates = "outside-project-dates"
    }
    public var rule: Int
    public var target: RuleTarget
    /// The value the action would have set.
    public var value: String?
    public var reason: Reason
    /// For people: `project "Trip" runs 2026-10-01 … 2026-10-10`.
    public var detail: String
}

/// A transfer a rule marked: the caller pairs it, or creates the other leg.
public struct TransferMark: Sendable, Hashable, Codable {
    /// The transaction's index in the input.
    public var transaction: Int
    public var rule: Int
    public var direction: TransferDirection
    /// The other account, as the rule names it.
    public var account: String
    /// The other account's kind, when ``RuleContext/accounts`` has it.
    public var accountKind: AccountKind?
    /// The other account has no statements of its own (``RuleContext/accountsWithoutStatements``):
    /// the caller should create the other leg.
    public var createsOtherLeg: Bool
}

/// An account record from an `!Account` block, as declared.
public struct QIFAccount: Sendable, Hashable, Codable {
    /// `N`: the account's name in the exporting program.
    public var name: String
    /// `T`: the type word as written (`Bank`, `CCard`, `Oth A`, `Port`).
    public var type: String?
    /// `D`: description.
    public var description: String?
    /// `L`: credit limit as written (cards).
    public var creditLimit: String?
    /// `$` and `/`: the statement balance and its day.
    public var statementBalance: Amount?
    public var statementBalanceDay: Day?
    /// Declared inside an `!Option:AutoSwitch` section (the account list) rather than as the
    /// current-account selector.
    public var isListEntry: Bool
    public var position: SourcePosition?

    public init(name: String, type: String? = nil, description: String? = nil, creditLimit: String? = nil,
                statementBalance: Amount? = nil, statementBalanceDay: Day? = nil, isListEntry: Bool = false,
                position: SourcePosition? = nil) {
        self.name = name
        self.type = type
        self.description = description
        self.creditLimit = creditLimit
        self.statementBalance = statementBalance
        self.statementBalanceDay = statementBalanceDay
        self.isListEntry = isListEntry
        self.position = position
    }
}

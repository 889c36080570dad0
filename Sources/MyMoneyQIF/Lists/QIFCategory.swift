/// A category from a `!Type:Cat` list, to be stored as a ledger category.
public struct QIFCategory: Sendable, Hashable, Codable {
    /// The path as written, levels separated by `:` (`Food:Groceries`); parse with `CategoryPath`.
    public var name: String
    public var description: String?
    /// `I` (income) was given, or the parent is income and neither `I` nor `E` was given.
    /// Categories are expenses otherwise.
    public var isIncome: Bool
    /// `T` line: `TTrue`/`TFalse`, a bare `T` is true; nil when absent.
    public var isTaxRelated: Bool?
    /// `B` line, the budget amount as written.
    public var budget: String?
    /// `R` line, the tax schedule as written.
    public var taxSchedule: String?
    /// Where the record starts.
    public var position: SourcePosition?

    public init(name: String, description: String? = nil, isIncome: Bool = false, isTaxRelated: Bool? = nil,
                budget: String? = nil, taxSchedule: String? = nil, position: SourcePosition? = nil) {
        self.name = name
        self.description = description
        self.isIncome = isIncome
        self.isTaxRelated = isTaxRelated
        self.budget = budget
        self.taxSchedule = taxSchedule
        self.position = position
    }
}

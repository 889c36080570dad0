/// A security from a `!Type:Security` list, kept as information.
public struct QIFSecurity: Sendable, Hashable, Codable {
    /// `N`: the name (may be empty).
    public var name: String
    /// `S`: the ticker symbol, when given.
    public var symbol: String?
    /// `T`: Stock, Mutual Fund, …
    public var type: String?
    /// `G`: the investment goal.
    public var goal: String?
    public var position: SourcePosition?

    public init(name: String, symbol: String? = nil, type: String? = nil, goal: String? = nil,
                position: SourcePosition? = nil) {
        self.name = name
        self.symbol = symbol
        self.type = type
        self.goal = goal
        self.position = position
    }
}

/// Which rule did something: its name, where it is written, and its place in evaluation order.
public struct RuleReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Position in evaluation order (stage, then file order): the index into ``CompiledRuleSet/rules``.
    public var index: Int
    public var name: String
    public var file: String
    public var line: Int

    public init(index: Int, name: String, file: String, line: Int) {
        self.index = index
        self.name = name
        self.file = file
        self.line = line
    }

    /// `"Groceries" (Rules/30-food.rules:4)`.
    public var description: String { "\"\(name)\" (\(location))" }
    /// `Rules/30-food.rules:4`.
    public var location: String { "\(file):\(line)" }
}

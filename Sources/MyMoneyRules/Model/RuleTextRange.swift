/// A stretch of a rules file: where a rule, condition or action was written.
public struct RuleTextRange: Sendable, Hashable, Codable {
    public var start: SourcePosition
    /// Just past the last byte.
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}

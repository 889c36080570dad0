/// A class from a `!Type:Class` list; classes become ledger tags.
public struct QIFClass: Sendable, Hashable, Codable {
    /// The name as written (`Business`, or `Trip:Berlin` for a subclass).
    public var name: String
    public var description: String?
    public var position: SourcePosition?

    public init(name: String, description: String? = nil, position: SourcePosition? = nil) {
        self.name = name
        self.description = description
        self.position = position
    }
}

/// A tag a transaction may carry, any number at a time (`coffee`, `travel`).
public struct LedgerTag: Sendable, Hashable, Codable {
    public var id: Int64?
    public var title: String
    /// `#RRGGBB`, e.g. `#E4572E`; nil for the default color.
    public var color: String?

    public init(id: Int64? = nil, title: String, color: String? = nil) {
        self.id = id
        self.title = title
        self.color = color
    }
}

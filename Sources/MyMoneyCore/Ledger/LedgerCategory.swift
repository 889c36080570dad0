/// A category in the ledger's tree (`Food` › `Groceries`), at most ``CategoryPath/maximumDepth`` deep.
public struct LedgerCategory: Sendable, Hashable, Codable {
    public var id: Int64
    /// The full path, outermost first.
    public var path: CategoryPath
    /// The parent's id; nil at the top level.
    public var parentId: Int64?
    /// An icon name the user picked (`cart`, `house`), free text.
    public var icon: String?

    public init(id: Int64, path: CategoryPath, parentId: Int64?, icon: String?) {
        self.id = id
        self.path = path
        self.parentId = parentId
        self.icon = icon
    }

    /// The last component of the path.
    public var name: String { path.name }
    public var depth: Int { path.depth }
}

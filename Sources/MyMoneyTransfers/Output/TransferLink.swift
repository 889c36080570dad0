/// A pair of stored legs by id: a transfer the user confirmed or a pairing the user rejected.
public struct TransferLink: Sendable, Hashable, Codable {
    /// The sending leg's transaction id.
    public var fromId: Int64
    /// The receiving leg's transaction id.
    public var toId: Int64

    public init(fromId: Int64, toId: Int64) {
        self.fromId = fromId
        self.toId = toId
    }
}

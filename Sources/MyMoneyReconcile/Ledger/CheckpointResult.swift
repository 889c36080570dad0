/// One checkpoint compared with the ledger.
public struct CheckpointResult: Sendable, Hashable {
    /// Whether the ledger agrees with a checkpoint.
    public enum Status: String, Sendable, Hashable, Codable {
        case ok, mismatch
    }

    public var checkpoint: Checkpoint
    /// The balance the bank or the user gave, at the ledger's scale.
    public var statementBalance: Amount
    /// The ledger's balance through ``Checkpoint/throughDay``.
    public var ledgerBalance: Amount
    /// Statement minus ledger: positive when the ledger has less than the bank.
    public var difference: Amount
    public var status: Status
    /// Ranked causes of the part of the difference that is new at this checkpoint (empty when it agrees,
    /// or when the difference is unchanged since an earlier checkpoint: see ``sameDifferenceSince``).
    public var suspects: [Suspect]
    /// The checkpoint day since which the difference is unchanged; its suspects explain this one too.
    public var sameDifferenceSince: Day?
    /// How far the diagnosis of this checkpoint's new difference looked (nil when it agrees or
    /// its difference is unchanged).
    public var scope: DiagnosisScope? = nil
}

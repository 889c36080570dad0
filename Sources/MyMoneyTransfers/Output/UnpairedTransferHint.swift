/// A leg whose transfer hint names another account of the user, but that found no counterpart.
///
/// When the named account is a cash account (no statements arrive for it), the lead may create
/// the counter-leg there (`needsCounterLeg`).
public struct UnpairedTransferHint: Sendable, Hashable, Codable {
    public var leg: TransferLeg
    /// The hint as the source wrote it (`Wallet`, `[Savings]`, an account number).
    public var hint: String
    /// The account the hint names, when it names exactly one.
    public var accountId: Int64?
    public var accountName: String?
    /// The named account is a cash account: create the opposite leg there.
    public var needsCounterLeg: Bool
    /// What the user reads: why the leg stayed alone.
    public var message: String
    /// The details behind `message`: the best candidate below the bar with its reasons, or that
    /// there was none.
    public var reasons: [String]

    public init(leg: TransferLeg, hint: String, accountId: Int64?, accountName: String?, needsCounterLeg: Bool, message: String,
                reasons: [String] = []) {
        self.leg = leg
        self.hint = hint
        self.accountId = accountId
        self.accountName = accountName
        self.needsCounterLeg = needsCounterLeg
        self.message = message
        self.reasons = reasons
    }
}

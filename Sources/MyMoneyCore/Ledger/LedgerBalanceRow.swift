/// What one stored transaction adds to its account's balance: its id, day and amount, nothing else.
///
/// Reconciling an account whose balances all agree needs only these: a million of them are
/// 32 bytes each where whole ``LedgerTransaction`` values are 304. The amount is in the
/// account's currency (a ledger transaction is always in its account's).
public struct LedgerBalanceRow: Sendable, Hashable {
    /// The stored transaction's id.
    public var id: Int64
    /// The day it is posted on.
    public var day: Day
    /// Its signed amount, as stored.
    public var amount: Amount

    public init(id: Int64, day: Day, amount: Amount) {
        self.id = id
        self.day = day
        self.amount = amount
    }
}

/// What a statement's `TxsSummry` says of one side, credits (`TtlCdtNtries`) or debits
/// (`TtlDbtNtries`): how many entries and their sum, each as written and where.
struct CAMTSideSummary: Sendable {
    var count: (text: String, position: SourcePosition)?
    var sum: (amount: Amount, position: SourcePosition)?
}

/// The entries of one side as read: how many, and the sum of their amounts (`Ntry/Amt`, which
/// carries no sign: the side is `CdtDbtInd`).
struct CAMTSideTally: Sendable {
    var count = 0
    var sum = Amount.zero
    /// An amount was missing or the sum outgrew 18 digits: the sum is not compared.
    var sumUnknown = false

    mutating func add(_ amount: Amount?) {
        count += 1
        guard !sumUnknown, let amount else { sumUnknown = true; return }
        do { sum = try sum + amount } catch { sumUnknown = true }
    }
}

import MyMoneyCore

/// The fields rule actions change, as they were before the rules ran on one transaction: what
/// ``TransactionOutcome/changes`` compares the result with.
///
/// The fast path keeps each field just before an action first changes it (``keep(_:of:)``), so a
/// transaction is never copied whole (a copy retains its dozen strings and arrays, and two
/// threads retaining the same shared payee text fight over its cache line). The plain twin takes
/// them all up front from the whole transaction (``init(of:)``); the differential tests hold the
/// two to the same changes.
struct OriginalFields {
    /// Fields kept so far, one bit per ``RuleTarget`` rank.
    private(set) var kept: UInt8 = 0
    var category: CategoryPath?
    var tags: [String] = []
    var project: String?
    var place: String?
    var payee: String?
    var notes: String?
    /// The transfer hint when the transaction was a transfer, else nil.
    var transfer: String?

    /// Nothing kept yet (the fast path).
    init() {}

    /// Every field of `t` (the plain twin).
    init(of t: LedgerTransaction) {
        for target in RuleTarget.allCases { keep(target, of: t) }
    }

    /// Keeps the field `target` changes, unless it was kept already: call it before an action on
    /// `target` changes `t`.
    @inline(__always)
    mutating func keep(_ target: RuleTarget, of t: LedgerTransaction) {
        let bit: UInt8 = 1 << UInt8(target.rank)
        guard kept & bit == 0 else { return }
        kept |= bit
        switch target {
        case .category: category = t.category
        case .tags: tags = t.tags
        case .project: project = t.project
        case .place: place = t.place
        case .payee: payee = t.payee
        case .notes: notes = t.notes
        case .transfer: transfer = t.type == .transfer ? t.transferHint : nil
        case .ignored: break
        }
    }
}

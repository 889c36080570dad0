/// The amounts and reference numbers a transaction's payee and memo write out
/// (`FX TRANSFER … EUR 2798.17`, `SEPA Überweisung REF 7Q2K482213`).
///
/// Amounts are magnitudes in 10^-6 units (the ``LegTable`` key scale) with the currency written
/// next to them, if any. References are hashes of case-folded tokens of six or more letters and
/// digits with at least four digits, that are no amount, no date and none of the user's account
/// numbers. Most transactions write neither: the matcher keeps them in a ``WrittenFigureTable``.
struct WrittenFigures: Sendable, Hashable {
    struct WrittenAmount: Sendable, Hashable {
        /// Magnitude in 10^-6 units.
        var key: Int64
        /// Index of the currency code written beside it (into the matcher's currency list), or -1.
        var currency: Int16
    }

    var amounts: [WrittenAmount] = []
    var references: [UInt64] = []

    var isEmpty: Bool { amounts.isEmpty && references.isEmpty }

    /// At most this many of each per transaction: a statement line is short, and a long text
    /// full of numbers says nothing about one transfer.
    static let limit = 4

    mutating func merge(_ other: WrittenFigures) {
        for a in other.amounts where amounts.count < WrittenFigures.limit && !amounts.contains(a) { amounts.append(a) }
        for r in other.references where references.count < WrittenFigures.limit && !references.contains(r) { references.append(r) }
    }
}

/// The written figures of every leg, stored once for the few that have any.
///
/// - Complexity: O(1) to look a leg up.
struct WrittenFigureTable: Sendable {
    /// Per leg: index into `figures`, or -1.
    private var slot: [Int32] = []
    private var figures: [WrittenFigures] = []

    init() {}

    mutating func append(_ f: WrittenFigures) {
        if f.isEmpty {
            slot.append(-1)
        } else {
            slot.append(Int32(figures.count))
            figures.append(f)
        }
    }

    mutating func reserveCapacity(_ n: Int) { slot.reserveCapacity(n) }

    func has(_ leg: Int) -> Bool { slot[leg] >= 0 }

    subscript(leg: Int) -> WrittenFigures? {
        let s = slot[leg]
        return s < 0 ? nil : figures[Int(s)]
    }

    /// Whether `leg` writes an amount of `key` (untagged, or tagged with `currency`).
    func names(_ leg: Int, key: Int64, currency: Int16) -> Bool {
        guard let f = self[leg] else { return false }
        return f.amounts.contains { $0.key == key && ($0.currency < 0 || $0.currency == currency) }
    }

    /// Whether `leg` writes an amount in `currency` that is neither `key` nor `own`: it names another transfer.
    func contradicts(_ leg: Int, key: Int64, currency: Int16, own: Int64) -> Bool {
        guard let f = self[leg] else { return false }
        let tagged = f.amounts.filter { $0.currency == currency }
        return !tagged.isEmpty && !tagged.contains { $0.key == key || $0.key == own }
    }

    /// Whether the two legs write a reference in common.
    func shareReference(_ a: Int, _ b: Int) -> Bool {
        guard let x = self[a], let y = self[b], !x.references.isEmpty, !y.references.isEmpty else { return false }
        return x.references.contains { y.references.contains($0) }
    }
}

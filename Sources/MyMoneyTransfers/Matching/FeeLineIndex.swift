/// Separate fee lines waiting to join a transfer: sending legs with a fee word (`FEE`, `Gebühr`,
/// `Entgelt`, `frais`, …), by account and day.
struct FeeLineIndex: Sendable {
    private var lines: [Int64: [Int]] = [:]

    init(legs: LegTable, excluding used: Set<Int32>) {
        for leg in 0..<legs.count where legs.outgoing[leg] && legs.text[leg].has(.fee) && !used.contains(Int32(leg)) {
            lines[FeeLineIndex.key(legs.account[leg], legs.day[leg]), default: []].append(leg)
        }
    }

    /// Takes the first fee line of `account` on `day` of at most `maximum`, if any.
    mutating func take(account: Int32, day: Int32, maximum: Amount, legs: LegTable) -> Int? {
        let key = FeeLineIndex.key(account, day)
        guard var candidates = lines[key] else { return nil }
        let cap = (try? maximum.rescaled(to: LegTable.keyScale).units) ?? Int64.max
        guard let position = candidates.firstIndex(where: { legs.key[$0] <= cap }) else { return nil }
        let leg = candidates.remove(at: position)
        lines[key] = candidates
        return leg
    }

    static func key(_ account: Int32, _ day: Int32) -> Int64 { Int64(account) << 32 | Int64(UInt32(bitPattern: day)) }
}

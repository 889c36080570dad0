/// The statement transactions an import skipped because the ledger already held them, in the
/// order of the report (``ImportOutcome/duplicates``).
///
/// What a caller must know: a row of a statement the ledger holds whole (``HeldStatement``, a file
/// imported again) is kept as where it is and why it was skipped (24 bytes), and its
/// ``SkippedDuplicate`` is made only when it is read: a re-import of a million rows whose report
/// gives counts and reasons (``reasonCounts``) makes none; `--list-duplicates` makes them one at a
/// time as it writes them. Other rows are kept made, as the store skipped them. Reading an element
/// gives the same value either way (``HeldStatement/shown(_:)``).
public struct SkippedDuplicates: RandomAccessCollection, Sendable {
    /// One skipped row: made (`slot` < 0, `index` into `made`) or of a held statement (`slot`, `index` its row).
    struct Entry: Sendable {
        var slot: Int32
        var index: Int32
        var reason: DuplicateReason
        var existingId: Int64
    }

    private var entries: [Entry] = []
    private var made: [SkippedDuplicate] = []
    /// By slot: the statements held whole, and the name of their account in the report. They are
    /// the last to hold a re-import's rows as read: they go on another core (``ReleasedAside``).
    private var held: [Int: (statement: ReleasedAside<HeldStatement>, accountName: String)] = [:]

    public init() {}

    /// The duplicates `list` holds, made.
    public init(_ list: [SkippedDuplicate]) {
        for d in list { append(d) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { entries.count }

    public subscript(position: Int) -> SkippedDuplicate {
        let entry = entries[position]
        guard entry.slot >= 0, let h = held[Int(entry.slot)] else { return made[Int(entry.index)] }
        let shown = h.statement.value.shown(Int(entry.index))
        return SkippedDuplicate(accountName: h.accountName, day: shown.day, amount: shown.amount, payee: shown.payee,
                                reason: entry.reason, existingId: entry.existingId)
    }

    /// How many duplicates were recognized for each reason, without making one.
    public var reasonCounts: [DuplicateReason: Int] {
        var counts = [Int](repeating: 0, count: DuplicateReason.allCases.count)
        let order = DuplicateReason.allCases
        for entry in entries { counts[order.firstIndex(of: entry.reason) ?? 0] += 1 }
        var reasons: [DuplicateReason: Int] = [:]
        for (k, reason) in order.enumerated() where counts[k] > 0 { reasons[reason] = counts[k] }
        return reasons
    }

    mutating func reserveCapacity(_ count: Int) { entries.reserveCapacity(count) }

    /// Appends a duplicate made.
    mutating func append(_ duplicate: SkippedDuplicate) {
        entries.append(Entry(slot: -1, index: Int32(made.count), reason: duplicate.reason, existingId: duplicate.existingId))
        made.append(duplicate)
    }

    /// Keeps `statement` (held whole, at `slot`) for the rows of it appended with ``appendHeld(slot:index:reason:existingId:)``.
    mutating func hold(_ statement: HeldStatement, slot: Int, accountName: String) {
        held[slot] = (ReleasedAside(statement), accountName)
    }

    /// Appends row `index` of the statement held at `slot` (``hold(_:slot:accountName:)`` first).
    mutating func appendHeld(slot: Int, index: Int, reason: DuplicateReason, existingId: Int64) {
        entries.append(Entry(slot: Int32(slot), index: Int32(index), reason: reason, existingId: existingId))
    }
}

/// How each stored transaction came into the ledger, as far as the diagnosis can tell: typed by
/// hand, edited by hand, entered after rows dated later than it, or imported with its neighbours.
///
/// Rows imported from a bank's file carry the bank's own amounts: a digit swap or a stray extra
/// row is far more likely among rows someone typed or edited, and among rows entered after the
/// statements around them (a store hands out ids in the order rows arrive). So suspects among
/// such rows rank first.
///
/// - Complexity: O(n) over the sorted transactions.
struct EntryProvenance: Sendable {
    /// How a transaction came in, most suspect last.
    enum Entry: Int, Sendable, Comparable {
        /// Imported with its neighbours (or nothing is known).
        case imported = 0
        /// Entered after rows dated later than it (or not stored yet: no id).
        case late = 1
        /// Typed by hand (`sourceFormat` `manual`) or its amount or day edited by hand.
        case byHand = 2

        static func < (a: Entry, b: Entry) -> Bool { a.rawValue < b.rawValue }

        /// How a reason says it.
        var phrase: String? {
            switch self {
            case .imported: return nil
            case .late: return "entered after rows dated later"
            case .byHand: return "typed or edited by hand"
            }
        }
    }

    /// Per sorted position.
    let entries: [Entry]

    /// A row counts as entered late when its id is above every id of the rows dated after it
    /// that came from other files (rows of one file, such as a statement listed newest first,
    /// may arrive in any order among themselves).
    init(_ balances: LedgerBalances, edited: Set<Int64>) {
        let n = balances.count
        var entries = Array(repeating: Entry.imported, count: n)
        // The largest id among rows dated later, and the largest among those from another file than its.
        var top: (id: Int64, file: String?) = (.min, nil)
        var second: Int64 = .min
        func laterMax(excluding file: String?) -> Int64 { top.file == file ? second : top.id }
        var p = n - 1
        while p >= 0 {
            let day = balances.days[p]
            var q = p
            while q >= 0, balances.days[q] == day { q -= 1 }
            for k in stride(from: p, to: q, by: -1) {
                let t = balances.transaction(at: k)
                if t.sourceFormat == "manual" || (t.id.map(edited.contains) ?? false) {
                    entries[k] = .byHand
                } else if let id = t.id {
                    let bound = laterMax(excluding: t.sourceFile)
                    if bound != .min, id > bound { entries[k] = .late }
                } else {
                    entries[k] = .late
                }
            }
            for k in stride(from: p, to: q, by: -1) {
                let t = balances.transaction(at: k)
                guard let id = t.id else { continue }
                if id > top.id {
                    if t.sourceFile != top.file { second = top.id }
                    top = (id, t.sourceFile)
                } else if t.sourceFile != top.file, id > second {
                    second = id
                }
            }
            p = q
        }
        self.entries = entries
    }

    subscript(position: Int) -> Entry { entries[position] }
}

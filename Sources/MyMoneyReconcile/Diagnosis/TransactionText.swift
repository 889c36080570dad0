/// The words of a transaction's payee and memo, for telling whether two stored rows say the same.
struct TransactionText: Hashable {
    let words: [String]

    init(_ t: LedgerTransaction) {
        var words: [String] = []
        for text in [t.originalPayee ?? t.payee, t.memo] {
            guard let text else { continue }
            words += TransactionText.words(of: text)
        }
        self.words = words
    }

    /// The lower-cased runs of letters and digits of `text`.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber { current.append(ch) } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Shared words over all distinct words (Jaccard); 1 when both are empty.
    func similarity(to other: TransactionText) -> Double {
        let a = Set(words), b = Set(other.words)
        if a.isEmpty && b.isEmpty { return 1 }
        let union = a.union(b).count
        return union == 0 ? 0 : Double(a.intersection(b).count) / Double(union)
    }
}

/// How a transaction is named in a reason: `-3.20 on 2026-10-28 "Bäckerei Kamps" (#14)`.
func describe(_ t: LedgerTransaction) -> String {
    var s = "\(t.amount) on \(t.day)"
    if let p = t.payee ?? t.originalPayee ?? t.memo, !p.isEmpty { s += " \"\(p)\"" }
    if let id = t.id { s += " (#\(id))" }
    return s
}

/// Decides a file's decimal mark once, from all its amount cells.
///
/// A cell with both marks decides by the last one (`1.234,56` → `,`); a single mark followed by
/// other than three digits is the decimal mark (`12,5` → `,`, `-9.50` → `.`); a mark that occurs
/// twice groups digits (`1.234.567` → `,`). Cells such as `1,234` or `-3.000` alone cannot tell
/// and do not vote.
struct DecimalMarkInference {
    var pointVotes = 0
    var commaVotes = 0
    /// The first cells that voted each way, for a diagnostic.
    var pointExample: String?
    var commaExample: String?

    mutating func add(_ cell: UnsafeBufferPointer<UInt8>) {
        var lastPoint = -1, lastComma = -1, points = 0, commas = 0
        var digitsAfterLast = 0
        var i = 0
        let n = cell.count
        while i < n {
            let b = cell[i]
            if b == 0x2E { lastPoint = i; points += 1; digitsAfterLast = 0 }
            else if b == 0x2C { lastComma = i; commas += 1; digitsAfterLast = 0 }
            else if b &- 0x30 < 10 { digitsAfterLast += 1 }
            i += 1
        }
        if points == 0 && commas == 0 { return }
        let vote: Character?
        if points > 0 && commas > 0 {
            vote = lastComma > lastPoint ? "," : "."
        } else if points > 1 {
            vote = ","
        } else if commas > 1 {
            vote = "."
        } else if digitsAfterLast != 3 {
            vote = points == 1 ? "." : ","
        } else {
            vote = nil
        }
        guard let vote else { return }
        if vote == "." {
            pointVotes += 1
            if pointExample == nil { pointExample = String(decoding: cell, as: UTF8.self) }
        } else {
            commaVotes += 1
            if commaExample == nil { commaExample = String(decoding: cell, as: UTF8.self) }
        }
    }

    /// The decided mark: the majority, else `fallback`.
    func decide(fallback: Character) -> Character {
        if pointVotes == 0 && commaVotes == 0 { return fallback }
        return commaVotes > pointVotes ? "," : "."
    }

    var isConflicting: Bool { pointVotes > 0 && commaVotes > 0 }

    static func format(for mark: Character) -> AmountFormat {
        mark == "," ? .comma : .point
    }
}

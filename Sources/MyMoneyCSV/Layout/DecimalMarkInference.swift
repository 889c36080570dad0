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
        for b in cell {
            if b == 0x2E { lastPoint = i; points += 1; digitsAfterLast = 0 }
            else if b == 0x2C { lastComma = i; commas += 1; digitsAfterLast = 0 }
            else if b >= 0x30 && b <= 0x39 { digitsAfterLast += 1 }
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

/// Decides a file's day order once, from all its date cells.
struct DayOrderInference {
    /// Orders under which every date cell read so far is a real day.
    var possible: [Bool] = [true, true, true] // ymd, dmy, mdy
    /// Whether two still-possible orders gave different days for some cell.
    var disagreement = false
    var examples: [String] = []
    var invalid = 0
    /// Every cell that left the order open was written with dots.
    var allDotted = true

    static let orders: [DayOrder] = [.yearMonthDay, .dayMonthYear, .monthDayYear]

    mutating func add(_ cell: UnsafeBufferPointer<UInt8>) {
        // A four-digit year first (2026-10-05, 20261005) reads the same under every order.
        if cell.count >= 8, cell[0] &- 0x30 < 10, cell[1] &- 0x30 < 10, cell[2] &- 0x30 < 10, cell[3] &- 0x30 < 10,
           cell[4] &- 0x30 >= 10 || cell.count >= 8 && cell.prefix(8).allSatisfy({ $0 &- 0x30 < 10 }) {
            if Day.parse(utf8: cell, order: .yearMonthDay) == nil { invalid += 1 }
            return
        }
        let a = possible[0] ? Day.parse(utf8: cell, order: .yearMonthDay) : nil
        let b = possible[1] ? Day.parse(utf8: cell, order: .dayMonthYear) : nil
        let c = possible[2] ? Day.parse(utf8: cell, order: .monthDayYear) : nil
        if a == nil && b == nil && c == nil {
            // Possibly valid only under an order already ruled out, or not a date at all.
            invalid += 1
            return
        }
        if a == nil { possible[0] = false }
        if b == nil { possible[1] = false }
        if c == nil { possible[2] = false }
        let differs = (a != nil && b != nil && a != b) || (a != nil && c != nil && a != c)
            || (b != nil && c != nil && b != c)
        if differs {
            // `05.03.2024`: dates written with dots are day-first by convention (nobody writes MM.DD.YYYY).
            if !cell.contains(0x2E) || cell.contains(0x2F) { allDotted = false }
            disagreement = true
            if examples.count < 3 { examples.append(String(decoding: cell, as: UTF8.self)) }
        }
    }

    /// The orders left; when they never disagreed on any cell, any of them reads the file alike.
    var candidates: [DayOrder] { (0..<3).filter { possible[$0] }.map { DayOrderInference.orders[$0] } }

    /// The decided order, or nil when the file cannot tell.
    var decided: DayOrder? {
        let c = candidates
        if c.count == 1 { return c[0] }
        if c.isEmpty { return nil }
        if !disagreement { return c[0] }
        if allDotted, c.contains(.dayMonthYear) { return .dayMonthYear }
        // Several orders read every cell, differently: ambiguous unless the ones left agree.
        return nil
    }
}

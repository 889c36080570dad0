/// Decides a file's day order once, from all its date cells.
struct DayOrderInference {
    /// Orders under which every date cell read so far is a real day.
    var possible: [Bool] = [true, true, true] // ymd, dmy, mdy
    /// Whether two still-possible orders gave different days for some cell.
    var disagreement = false
    var examples: [String] = []
    /// Every cell that left the order open was written with dots.
    var allDotted = true

    static let orders: [DayOrder] = [.yearMonthDay, .dayMonthYear, .monthDayYear]

    mutating func add(_ cell: UnsafeBufferPointer<UInt8>) {
        // A four-digit year first (2026-10-05, 20261005) reads the same under every order: it
        // neither rules an order out nor shows a disagreement, so it is not even parsed.
        if cell.count >= 8, cell[0] &- 0x30 < 10, cell[1] &- 0x30 < 10, cell[2] &- 0x30 < 10, cell[3] &- 0x30 < 10,
           cell[4] &- 0x30 >= 10 || cell.count >= 8 && cell.prefix(8).allSatisfy({ $0 &- 0x30 < 10 }) {
            return
        }
        let a = possible[0] ? Day.parse(utf8: cell, order: .yearMonthDay) : nil
        let b = possible[1] ? Day.parse(utf8: cell, order: .dayMonthYear) : nil
        let c = possible[2] ? Day.parse(utf8: cell, order: .monthDayYear) : nil
        if a == nil && b == nil && c == nil {
            // Possibly valid only under an order already ruled out, or not a date at all.
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

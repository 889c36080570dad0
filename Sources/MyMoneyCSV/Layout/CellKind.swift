/// What a single cell looks like, for finding the table and for header-less files.
enum CellKind {
    static func isDate(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard cell.count >= 6, cell.count <= 40, let f = cell.first, f >= 0x30 && f <= 0x39 || f >= 0x41 else { return false }
        return Day.parse(utf8: cell, order: .dayMonthYear) != nil || Day.parse(utf8: cell, order: .monthDayYear) != nil
            || DateCell.day(cell, order: .yearMonthDay) != nil
    }

    /// A number written like money: a decimal mark or a sign, at most 15 digits.
    static func isAmount(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !cell.isEmpty, cell.count <= 40 else { return false }
        var digits = 0, marks = 0, signs = 0
        for b in cell {
            if b >= 0x30 && b <= 0x39 { digits += 1 }
            else if b == 0x2E || b == 0x2C { marks += 1 }
            else if b == 0x2D || b == 0x2B || b == 0x28 { signs += 1 }
        }
        guard digits > 0, digits <= 15, marks + signs > 0 else { return false }
        if (try? Amount.parse(cell, format: .point)) != nil { return true }
        return (try? Amount.parse(cell, format: .comma)) != nil
    }

    /// Any number, signed or not (an integer amount column).
    static func isNumber(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !cell.isEmpty, cell.count <= 40 else { return false }
        if (try? Amount.parse(cell, format: .point)) != nil { return true }
        return (try? Amount.parse(cell, format: .comma)) != nil
    }

    static func isCurrencyCode(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        cell.count == 3 && cell.allSatisfy { $0 >= 0x41 && $0 <= 0x5A } && Currency(code: String(decoding: cell, as: UTF8.self)) != nil
    }
}

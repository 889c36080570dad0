/// Finds the table in a tokenized file and decides what each column means.
///
/// With a profile, its header signature, skip count and column names decide; what it leaves
/// open is inferred. Without one: the first row (of the first 60) whose cells name at least two
/// roles, one of them a date or money, is the header; failing that the file is header-less and
/// roles come from the values (dates, amounts, indicators, currency codes, text).
struct LayoutResolver {
    let table: CSVTable
    let text: UnsafeBufferPointer<UInt8>
    let file: String
    var diagnostics: [Diagnostic] = []

    init(table: CSVTable, text: UnsafeBufferPointer<UInt8>, file: String) {
        self.table = table
        self.text = text
        self.file = file
    }

    func cell(_ row: Int, _ column: Int) -> String {
        guard let span = table.span(row, column) else { return "" }
        return CSVTable.string(span, in: text)
    }

    func cells(_ row: Int) -> [String] { (0..<table.fieldCount(row)).map { cell(row, $0) } }

    /// Whether every cell of the row is empty after trimming (`,,`), without making strings.
    func isBlank(_ row: Int) -> Bool {
        (0..<table.fieldCount(row)).allSatisfy { column in table.span(row, column).map { CSVTable.isBlank($0, in: text) } ?? true }
    }

    func withCell<R>(_ row: Int, _ column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        guard let span = table.span(row, column) else { return nil }
        return CSVTable.withBytes(span, in: text, body)
    }

    /// Roles named by a row's cells, with strengths, and the currency any header names.
    func headerRoles(_ row: Int) -> (roles: [(column: Int, role: ColumnRole, strength: Int)], currency: Currency?) {
        var result: [(Int, ColumnRole, Int)] = []
        var currency: Currency?
        for column in 0..<table.fieldCount(row) {
            let name = HeaderVocabulary.normalize(cell(row, column))
            let meanings = HeaderVocabulary.meanings(for: name)
            // A name with several meanings (`Valuta`: value date or currency) takes the first its values fit.
            if let hit = meanings.count > 1 ? meanings.first(where: { fits($0.role, column: column, below: row) }) ?? meanings[0] : meanings.first {
                result.append((column, hit.role, hit.strength))
                if currency == nil, let c = name.currency { currency = c }
            }
        }
        return (result, currency)
    }

    /// Whether the first filled cells below `row` in `column` look like what `role` holds.
    func fits(_ role: ColumnRole, column: Int, below row: Int) -> Bool {
        let test: ((UnsafeBufferPointer<UInt8>) -> Bool)?
        switch role {
        case .date, .valueDate: test = CellKind.isDate
        case .currency: test = CellKind.isCurrencyCode
        case .amount, .debit, .credit, .balance, .balanceBefore, .fee: test = CellKind.isNumber
        default: test = nil
        }
        guard let test else { return true }
        var seen = 0, fit = 0
        for r in (row + 1)..<min(table.rowCount, row + 21) {
            guard let span = table.span(r, column), !CSVTable.isBlank(span, in: text) else { continue }
            seen += 1
            if CSVTable.withBytes(span, in: text, test) { fit += 1 }
        }
        return seen > 0 && fit * 10 >= seen * 8
    }

    /// Whether a row reads as a header: two distinct roles, one of them a date or money, and no dates among its cells.
    func isHeaderLike(_ row: Int) -> Bool {
        let roles = Set(headerRoles(row).roles.map(\.role))
        guard roles.count >= 2 else { return false }
        guard roles.contains(.date) || roles.contains(.amount) || roles.contains(.debit) || roles.contains(.credit)
                || roles.contains(.valueDate) else { return false }
        for column in 0..<table.fieldCount(row) where withCell(row, column, CellKind.isDate) == true { return false }
        return true
    }

    /// Whether a row reads as data: a date cell and an amount-like cell.
    func isDataLike(_ row: Int) -> Bool {
        var date = false, amount = false
        for column in 0..<table.fieldCount(row) {
            if !date, withCell(row, column, CellKind.isDate) == true { date = true; continue }
            if !amount, withCell(row, column, CellKind.isNumber) == true { amount = true }
        }
        return date && amount
    }

    /// Normalized header cells equal, case-insensitively, trimmed and without `#`.
    static func sameName(_ a: String, _ b: String) -> Bool {
        let x = a.trimmingSpaces.lowercased(), y = b.trimmingSpaces.lowercased()
        if x == y { return true }
        return HeaderVocabulary.normalize(a).key == HeaderVocabulary.normalize(b).key
    }

    /// The first row (of the first 60) whose cells start with `signature`.
    func row(matching signature: [String]) -> Int? {
        guard !signature.isEmpty else { return nil }
        for row in 0..<min(table.rowCount, 60) where table.fieldCount(row) >= signature.count {
            var ok = true
            for (k, name) in signature.enumerated() where !LayoutResolver.sameName(cell(row, k), name) { ok = false; break }
            if ok { return row }
        }
        return nil
    }

    /// Resolves a profile's column reference against the header names.
    func resolve(_ reference: ColumnReference, names: [String]) -> Int? {
        switch reference {
        case .index(let i): return i
        case .name(let n):
            if let exact = names.firstIndex(where: { $0.trimmingSpaces.lowercased() == n.lowercased() }) { return exact }
            return names.firstIndex(where: { LayoutResolver.sameName($0, n) })
        }
    }

    /// Roles from header names: the strongest column per role; memo takes every column of its best strength.
    static func roles(from hits: [(column: Int, role: ColumnRole, strength: Int)], taken: Set<Int>, wanted: Set<ColumnRole>) -> [ColumnRole: [Int]] {
        var result: [ColumnRole: [Int]] = [:]
        var used = taken
        func best(_ role: ColumnRole, minStrength: Int = 0, maxStrength: Int = 99) -> [(column: Int, role: ColumnRole, strength: Int)] {
            let c = hits.filter { $0.role == role && !used.contains($0.column) && $0.strength >= minStrength && $0.strength <= maxStrength }
            guard let top = c.map(\.strength).max() else { return [] }
            return c.filter { $0.strength == top }
        }
        for role in ColumnRole.allCases where wanted.contains(role) && role != .memo && role != .payee {
            if let first = best(role).first {
                result[role] = [first.column]
                used.insert(first.column)
            }
        }
        if result[.date] == nil, wanted.contains(.date), let v = result[.valueDate] {
            result[.date] = v
            result[.valueDate] = nil
        }
        if wanted.contains(.payee) {
            if let p = best(.payee).first {
                result[.payee] = [p.column]; used.insert(p.column)
            } else if let d = best(.memo, maxStrength: 2).first {
                // `Description` with no payee column names the payee (Chase, Revolut, Monzo).
                result[.payee] = [d.column]; used.insert(d.column)
            }
        }
        if wanted.contains(.memo) {
            let memos = best(.memo)
            // One memo column (the first of the best strength); the others stay extras.
            if let first = memos.first {
                result[.memo] = [first.column]
            }
        }
        // Money: a signed amount wins; debit and credit columns only without one.
        if result[.amount] != nil {
            result[.debit] = nil; result[.credit] = nil
        } else {
            result[.indicator] = nil
        }
        return result
    }
}

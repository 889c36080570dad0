/// Finds the lines below a table that are not transactions (totals, disclaimers, `***END OF FILE***`,
/// a million `,,` lines): the rows after the last row that ends the scan.
///
/// The scan walks up from the table's last row until `endsTrailer` says a row belongs to the
/// table (it has a date, or a status or filter that explains it). The answer is a range, not a
/// list: a file of a header and a million junk lines once spent minutes inserting each junk row
/// at the front of an array.
///
/// - Complexity: O(t + 1) calls of `endsTrailer` for t trailer rows; O(1) memory.
enum TrailerScan {
    /// The trailing rows of `rows` that are not part of the table: a suffix of `rows`, empty when
    /// its last row ends the scan, all of `rows` when none does.
    static func trailingRows(of rows: Range<Int>, endsTrailer: (Int) -> Bool) -> Range<Int> {
        var start = rows.upperBound
        while start > rows.lowerBound, !endsTrailer(start - 1) { start -= 1 }
        return start..<rows.upperBound
    }

    /// The rows at the start of `trailer` that are the parts of the collective order on row
    /// `parent`: no date, no balance, amounts whose magnitudes add up to the parent's. Empty
    /// (`trailer.lowerBound..<trailer.lowerBound`) when they are not.
    ///
    /// - Complexity: O(d) for d such rows.
    static func detailLines(after parent: Int, in trailer: Range<Int>, layout: CSVLayout, resolver: LayoutResolver) -> Range<Int> {
        let none = trailer.lowerBound..<trailer.lowerBound
        let money = [layout.column(.amount), layout.column(.debit), layout.column(.credit)].compactMap { $0 }
        guard let date = layout.column(.date), !money.isEmpty else { return none }
        let format = DecimalMarkInference.format(for: layout.decimalMark)
        func magnitude(_ row: Int) -> Amount? {
            for c in money {
                let cell = resolver.cell(row, c)
                if !cell.isEmpty, let a = try? Amount(parsing: cell, format: format), let m = try? a.magnitude() { return m }
            }
            return nil
        }
        guard let whole = magnitude(parent) else { return none }
        var sum = Amount.zero
        var end = trailer.lowerBound
        while end < trailer.upperBound, resolver.cell(end, date).isEmpty,
              layout.column(.balance).map({ resolver.cell(end, $0).isEmpty }) ?? true,
              let part = magnitude(end), let s = try? sum + part {
            sum = s
            end += 1
            if sum == whole { return trailer.lowerBound..<end }
        }
        return none
    }
}

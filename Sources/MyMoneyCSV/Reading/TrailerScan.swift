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
}

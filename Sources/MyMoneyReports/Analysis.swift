import Foundation
/// Income and expense per period, broken down into the child categories of one category
/// (drill-down), in one currency.
///
/// Transfers count neither as income nor as expense. Amounts stay exact; a sum that overflows is
/// reported as an error by ``Analysis/init(transactions:currency:grouping:parent:)``.
public struct Analysis: Sendable {
    /// One row per period that has transactions, oldest first.
    public struct Row: Sendable {
        public var period: Day
        public var label: String
        public var income: Amount
        public var expense: Amount
        /// Expense (negative) and income (positive) per column, in ``Analysis/columns`` order.
        public var byColumn: [Amount]
        public var count: Int
    }

    public var currency: Currency
    public var grouping: ReportGrouping
    /// The category drilled into; nil for the top level.
    public var parent: CategoryPath?
    /// The child categories of `parent` that occur (by name), then `(uncategorized)` or `(parent itself)`.
    public var columns: [String]
    public var rows: [Row]

    /// The column name for transactions directly in the parent, or without a category at the top.
    public static let ownColumn = "(other)"

    public init(transactions: [LedgerTransaction], currency: Currency, grouping: ReportGrouping,
                parent: CategoryPath? = nil) throws(AmountError) {
        self.currency = currency
        self.grouping = grouping
        self.parent = parent
        var columnIndex: [String: Int] = [:]
        var columns: [String] = []
        var byPeriod: [Day: Row] = [:]
        for t in transactions where t.currency == currency && t.type != .transfer {
            let column: String
            if let parent {
                guard let category = t.category, category.isWithin(parent) else { continue }
                column = category.depth > parent.depth ? category.components[parent.depth] : Analysis.ownColumn
            } else {
                column = t.category?.components.first ?? Analysis.ownColumn
            }
            if columnIndex[column] == nil { columnIndex[column] = columns.count; columns.append(column) }
            let start = grouping.start(of: t.day)
            var row = byPeriod[start] ?? Row(period: start, label: grouping.label(start), income: .zero, expense: .zero,
                                             byColumn: [], count: 0)
            if t.amount.isNegative { row.expense = try row.expense + t.amount } else { row.income = try row.income + t.amount }
            while row.byColumn.count < columns.count { row.byColumn.append(.zero) }
            let i = columnIndex[column]!
            row.byColumn[i] = try row.byColumn[i] + t.amount
            row.count += 1
            byPeriod[start] = row
        }
        // Columns sorted by name, own column last; rows re-indexed to match.
        let order = columns.enumerated().sorted { a, b in
            if (a.element == Analysis.ownColumn) != (b.element == Analysis.ownColumn) { return b.element == Analysis.ownColumn }
            return a.element.localizedStandardCompare(b.element) == .orderedAscending
        }.map(\.offset)
        self.columns = order.map { columns[$0] }
        self.rows = byPeriod.values.sorted { $0.period < $1.period }.map { row in
            var r = row
            let padded = row.byColumn + Array(repeating: .zero, count: columns.count - row.byColumn.count)
            r.byColumn = order.map { padded[$0] }
            return r
        }
    }
}

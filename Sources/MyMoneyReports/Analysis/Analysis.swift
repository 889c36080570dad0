/// Income, expense and cash flow per period in one currency, with one column per category (or
/// tag, project, place, account): every period of the span is a row, empty ones as zeros.
///
/// By category, the columns are the top-level categories, or with a parent (drill-down) the
/// parent's children, where money booked on the parent itself shows as ``ownColumn``; money
/// outside the parent is not shown. A column holds the period's income plus expense in it
/// (transfers are never in an analysis). By tag a transaction counts under each of its tags, so
/// columns may add up to more than the row; rows always count each transaction once.
public struct Analysis: Sendable {
    public struct Row: Sendable, Hashable {
        public var period: DayRange
        /// `2026-10`, `2026-W41`, …
        public var label: String
        public var figures: Figures
        /// One amount per column, in ``Analysis/columns`` order.
        public var columns: [Amount]
    }

    /// The column of money booked on the drilled-into category itself.
    public static let ownColumn = "(other)"
    /// The column of money without the dimension (no category, project, place).
    public static let noneColumn = "(none)"

    public var currency: Currency
    public var grouping: ReportGrouping
    public var dimension: EntrySummary.Entity
    /// The category drilled into; nil at the top.
    public var parent: CategoryPath?
    public var columns: [String]
    public var rows: [Row]
    /// Money in the span without a rate into ``currency``.
    public var unconverted: [UnconvertedMoney]

    /// Where "up" leads from a drill-down: the parent's parent, or `(top)`; nil at the top.
    public var up: String? { parent.map { $0.parent?.description ?? "(top)" } }

    /// - Parameters:
    ///   - periods: the rows' periods, oldest first (from ``ReportGrouping/periods(covering:)``).
    ///   - byDimension: aggregate rows named by `dimension` (category paths, tags, …) in the span.
    ///   - totals: rows for the row figures when they cannot come from `byDimension` (by tag, where a
    ///     transaction may have several or no tags); nil to use `byDimension`.
    /// - Throws: ``AmountError/overflow`` when a sum does not fit.
    public init(periods: [DayRange], grouping: ReportGrouping, dimension: EntrySummary.Entity, parent: CategoryPath? = nil,
                byDimension: [DailyTotal], totals: [DailyTotal]? = nil, converter: CurrencyConverter) throws(AmountError) {
        var converter = converter
        currency = converter.target
        self.grouping = grouping
        self.dimension = dimension
        self.parent = dimension == .categories ? parent : nil
        let starts = periods.map(\.start.daysSinceEpoch)
        func rowIndex(_ day: Day) -> Int? {
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] <= day.daysSinceEpoch { low = mid + 1 } else { high = mid }
            }
            guard low > 0, periods[low - 1].contains(day) else { return nil }
            return low - 1
        }
        var figures = [FlowFigures](repeating: FlowFigures(), count: periods.count)
        // Columns by index; each row's name is resolved to its column once (a parse, a lookup).
        var columnNames: [String] = []
        var columnIndex: [String: Int] = [:]
        var cells: [[ExactDecimal]] = []
        var columnOfName: [String?: Int?] = [:]
        var unconverted = UnconvertedTally()
        let drill = self.parent
        func column(for name: String?) -> Int? {
            if let known = columnOfName[name] { return known }
            var column: String?
            if dimension == .categories {
                let path = name.flatMap(CategoryPath.init(parsing:))
                if let drill {
                    if let path, path.isWithin(drill) {
                        column = path.depth > drill.depth ? path.components[drill.depth] : Analysis.ownColumn
                    }
                } else {
                    column = path?.components.first ?? Overview.uncategorized
                }
            } else {
                column = name ?? Analysis.noneColumn
            }
            var index: Int?
            if let column {
                if let i = columnIndex[column] { index = i } else {
                    index = columnNames.count
                    columnIndex[column] = columnNames.count
                    columnNames.append(column)
                    cells.append([ExactDecimal](repeating: .zero, count: periods.count))
                }
            }
            columnOfName[name] = .some(index)
            return index
        }
        for total in byDimension {
            guard let row = rowIndex(total.day), let c = column(for: total.name) else { continue }
            if totals == nil { try figures[row].add(total, converter: &converter) }
            guard FlowFigures.isIncomeOrExpense(total.type) else { continue }
            // Money without a rate is counted once, by the row figures.
            guard let value = try converter.convert(total.amount, from: total.currency, on: total.day) else { continue }
            try cells[c][row].add(value)
        }
        for total in totals ?? [] {
            guard let row = rowIndex(total.day) else { continue }
            try figures[row].add(total, converter: &converter)
        }
        for f in figures { try unconverted.add(f.unconverted) }
        let special: Set<String> = [Analysis.ownColumn, Analysis.noneColumn, Overview.uncategorized]
        columns = columnNames.sorted { a, b in
            if special.contains(a) != special.contains(b) { return special.contains(b) }
            let (la, lb) = (a.lowercased(), b.lowercased())
            return la != lb ? la < lb : a < b
        }
        var rows: [Row] = []
        rows.reserveCapacity(periods.count)
        for (i, period) in periods.enumerated() {
            var amounts: [Amount] = []
            for name in columns { amounts.append(try cells[columnIndex[name]!][i].rounded(to: currency)) }
            var rowFigures = try figures[i].rounded(to: currency)
            rowFigures.unconverted = []
            rows.append(Row(period: period, label: grouping.label(period.start), figures: rowFigures, columns: amounts))
        }
        self.rows = rows
        self.unconverted = unconverted.entries
    }
}

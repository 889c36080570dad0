@_spi(Speed) import MyMoneyCore

/// Collects what ``CSVRowReader/row(_:)`` reads into ``ReadRows``: each transaction appended in
/// place, its running balance checked on the way, the facts beside it in their arrays.
///
/// A transaction waits (``pending``) until the next row says whether detail lines follow it
/// (the parts of a collective order), which are then attached to it.
struct RowCollector {
    var rows = ReadRows()
    var builder = InPlaceArrayBuilder(blank: StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero))
    /// Running balances in file order, checked while the row is at hand (see RunningBalances).
    var chain: RunningBalances?
    var previousDay: Day?
    var pending: (transaction: StatementTransaction, facts: RowFacts)?
    var details: [DetailLine] = []
    let keepsBefore: Bool, keepsAccount: Bool, keepsCurrency: Bool, keepsFee: Bool

    init(reader: CSVRowReader, capacity: Int) {
        builder.reserve(additional: capacity)
        let columns = reader.columns
        if columns.balance != nil || columns.balanceBefore != nil {
            chain = RunningBalances(file: reader.file, headSlots: reader.balanceHeadSlots, capacity: capacity)
        }
        keepsBefore = columns.balanceBefore != nil
        keepsAccount = columns.account != nil
        keepsCurrency = reader.layout.splitsByCurrency
        keepsFee = columns.fee != nil
    }

    /// Appends the waiting transaction, with its detail lines attached.
    mutating func commit(_ reader: inout CSVRowReader) {
        guard var (t, facts) = pending.take() else { return }
        if !details.isEmpty { reader.attach(details, to: &t); details.removeAll(keepingCapacity: true) }
        let index = builder.count
        if keepsBefore { rows.balanceBefore.append(facts.before) }
        if keepsAccount { rows.account.append(facts.account ?? "") }
        if keepsCurrency { rows.currencyKey.append(facts.currencyKey ?? "") }
        if !rows.wordClass.isEmpty || facts.wordClass > 0 {
            if rows.wordClass.isEmpty { rows.wordClass = [UInt8](repeating: 0, count: index) }
            rows.wordClass.append(facts.wordClass)
        }
        if keepsFee { rows.fee.append(facts.fee) }
        if let previousDay {
            if t.day < previousDay { rows.daysGoBack = true } else if t.day > previousDay { rows.daysGoForward = true }
        }
        previousDay = t.day
        chain?.add(after: facts.after, amount: t.amount, day: t.day, position: t.position, index: index)
        builder.append(t)
    }

    /// The rows read; the collector is left empty.
    mutating func finish() -> ReadRows {
        var result = ReadRows()
        swap(&result, &rows)
        result.transactions = builder.finish()
        swap(&result.chain, &chain)
        return result
    }
}

@_spi(Speed) import MyMoneyCore

/// Collects what ``CSVRowReader/row(_:facts:detail:)`` reads into ``ReadRows``: each transaction
/// set in its slot of the read's array (``InPlaceSlots``, lent by ``CSVRowReader/readRows()``,
/// which owns the storage; its pages asked for ahead), its running balance checked on the way,
/// the facts beside it in their arrays.
///
/// Detail lines (the parts of a collective order) are kept by the index of their transaction
/// and attached once all rows are read: the transaction is in its slot by then.
struct RowCollector {
    var rows = ReadRows()
    var builder: InPlaceSlots<StatementTransaction>
    /// Running balances in file order, checked while the row is at hand (see RunningBalances);
    /// not optional, so that adding one is a call in place (an optional was copied out and back per row).
    var chain: RunningBalances
    let hasChain: Bool
    var previousDay: Day?
    /// The transaction the next detail lines belong to: the last one, unless a skipped row came after it.
    var detailParent: Int?
    var details: [(index: Int, lines: [DetailLine])] = []
    let keepsBefore: Bool, keepsAccount: Bool, keepsCurrency: Bool, keepsFee: Bool
    /// The transactions' and running balances' memory, asked for on another core (``PagesAside``).
    let aside: PagesAside?

    /// What a slot holds before its row's fields are set.
    static let blank = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)

    /// A collector filling `slots` (room for every row it can be given). With `compactChain`, the
    /// running balances are kept in 24 bytes each (``CompactRunningBalances``), for a second half
    /// whose chain is checked again where it is taken in.
    init(reader: CSVRowReader, slots: InPlaceSlots<StatementTransaction>, compactChain: Bool = false) {
        builder = slots
        let capacity = slots.room
        let columns = reader.columns
        hasChain = columns.balance != nil || columns.balanceBefore != nil
        let headSlots = hasChain ? reader.balanceHeadSlots : 0, room = hasChain ? capacity : 0
        chain = compactChain ? RunningBalances(file: reader.file, headSlots: headSlots, compactCapacity: room)
                             : RunningBalances(file: reader.file, headSlots: headSlots, capacity: room)
        keepsBefore = columns.balanceBefore != nil
        keepsAccount = columns.account != nil
        keepsCurrency = reader.splitsByCurrency
        keepsFee = columns.fee != nil
        aside = reader.pagesAside ? PagesAside.start([builder.roomAhead(), chain.roomAhead()]) : nil
    }

    /// Appends a blank transaction and the facts of its row; returns its index, for setting its
    /// fields in place (`fill(&collector.builder[index], …)`).
    mutating func add(_ t: RowHead, _ facts: RowFacts) -> Int {
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
        if hasChain { chain.add(after: facts.after, amount: t.amount, day: t.day, position: t.position, index: index) }
        detailParent = index
        return builder.appendBlank()
    }

    /// Keeps a detail line for the transaction above it; false when there is none.
    mutating func addDetail(_ line: DetailLine) -> Bool {
        guard let parent = detailParent else { return false }
        if details.last?.index == parent { details[details.count - 1].lines.append(line) } else { details.append((parent, [line])) }
        return true
    }

    /// A row that is no transaction ends the detail lines of the one above.
    mutating func skip() { detailParent = nil }

    /// The rows read, without their transactions (those are in the slots), detail lines attached
    /// (by `reader`, which reports sums that do not add up).
    mutating func finish(_ reader: inout CSVRowReader) -> ReadRows {
        aside?.wait()   // before the storage can be handed on
        var result = ReadRows()
        swap(&result, &rows)
        for (index, lines) in details { reader.attach(lines, to: &builder[index]) }
        if hasChain {
            var taken = RunningBalances(file: chain.file)
            swap(&taken, &chain)
            result.chain = taken
        }
        return result
    }
}

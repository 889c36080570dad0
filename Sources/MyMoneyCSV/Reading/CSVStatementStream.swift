@_spi(Speed) import MyMoneyCore

/// A CSV file read in two passes over its table, so that its transactions are never held:
/// the first pass reads every row for what the reader's checks need (days, amounts, running
/// balances, ids), the second makes each transaction again and hands it on.
///
/// Only a file the whole read would take as it is written takes this way: one statement (no
/// account column, every row in one currency), days that never go back, a balance chain that
/// holds as read (or none, and not both an opening and a closing balance stated), no fee or
/// balance-before column, no indicator words of unknown sign, no detail lines of collective
/// orders, at least one transaction. Any other file is read whole (``plan(_:table:text:layout:assembler:)``
/// says nil at the first row that rules the stream out), so signs, order, demoted ids and
/// diagnostics are the whole read's; `CSVStatementStreamTests` holds the two to each other.
///
/// - Complexity: two passes over the rows; besides the table, 4 bytes a transaction and 24 a
///   running balance (``CompactRunningBalances``, handed on beside the statement).
struct CSVStatementStream {
    /// The table row of each transaction, in statement order.
    var rows: [Int32] = []
    /// The ids repeat or hold no digit: each goes to the extra field `reference` (``StatementAssembler/demoteRepeatedIds(_:)``).
    var demotesIds = false
    /// Row currencies equal to the account's are left out (as ``StatementAssembler/statementInFileOrder(_:rows:balanceOnly:)`` does).
    var accountCurrency: Currency?
    var clearsCurrency = false
    /// The statement's running balances, which its `balances` leave out (``CompactRunningBalances/index`` says where they go).
    var runningBalances = CompactRunningBalances()
    let file: String
    let layout: CSVLayout

    /// The first pass: the statement without its transactions, the stream to make them, and the
    /// rows' diagnostics; nil when the file must be read whole.
    static func plan(_ reader: inout CSVRowReader, table: CSVTable, layout: CSVLayout,
                     assembler: inout StatementAssembler) -> (stream: CSVStatementStream, statement: Statement)? {
        let columns = reader.columns
        guard columns.account == nil, columns.fee == nil, columns.balanceBefore == nil else { return nil }
        let hasChain = columns.balance != nil
        if !hasChain, assembler.preambleBalances.contains(where: { $0.kind == .opening }),
           assembler.preambleBalances.contains(where: { $0.kind == .closing }) {
            return nil // the evidence may choose other signs
        }
        var stream = CSVStatementStream(file: reader.file, layout: layout)
        let capacity = max(0, layout.endDataRow - layout.firstDataRow)
        stream.rows.reserveCapacity(capacity)
        var chain = RunningBalances(file: reader.file, headSlots: hasChain ? reader.balanceHeadSlots : 0, compactCapacity: hasChain ? capacity : 0)
        var ends = StatementEnds()
        var tally = CurrencyTally()
        let tallies = assembler.countsRowCurrencies
        var currencyKey: String?
        var facts = RowFacts()
        var detail: DetailLine?
        // The id check's keys, from the id cells' bytes (``CSVRowReader/text(_:_:)``: they are
        // the ids) while each row is at hand: no pass over the ids of its own, no String per id.
        let idColumn = columns.id
        let idsFromCells = idColumn != nil && !layout.stripSingleQuotes
        var idKeys = IdRepeatCheck.Keys(capacity: idsFromCells ? capacity : 0)
        let text = reader.text
        for row in layout.firstDataRow..<layout.endDataRow {
            detail = nil
            guard let head = reader.row(row, facts: &facts, detail: &detail) else {
                if detail != nil { return nil } // a detail line (or a dateless line the whole read reports)
                continue
            }
            if let previous = ends.last, head.day < previous.day { return nil }
            if facts.wordClass > 0 { return nil }
            if hasChain {
                chain.add(after: facts.after, amount: head.amount, day: head.day, position: head.position, index: ends.count)
                if chain.mismatches > 0 || chain.compactOverflow { return nil }
            }
            if reader.splitsByCurrency {
                // One statement only while every row is in the first row's currency.
                let key = facts.currencyKey ?? ""
                if let first = currencyKey { if key != first { return nil } } else { currencyKey = key }
            }
            if tallies { tally.add(head.currency) }
            if idsFromCells, let idColumn, idKeys.wantsMore, let span = table.span(row, idColumn) {
                let index = ends.count
                CSVTable.withBytes(span, in: text) { idKeys.add(index, bytes: $0) }
            }
            ends.add(day: head.day, amount: head.amount, position: head.position)
            stream.rows.append(Int32(row))
        }
        guard ends.count > 0, reader.unknownWords.isEmpty else { return nil }
        reader.summarize()

        // The statement, as the assembler makes it of a file in statement order.
        if let idColumn {
            let rows = stream.rows
            let repeated: String?
            if idsFromCells {
                func cell<R>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
                    table.span(Int(rows[k]), idColumn).map { CSVTable.withBytes($0, in: text, body) }
                }
                repeated = IdRepeatCheck.firstOffender(
                    gathered: &idKeys, count: rows.count,
                    same: { a, b in cell(a) { x in cell(b) { y in x.elementsEqual(y) } ?? false } ?? false },
                    id: { reader.cellText(Int(rows[$0]), idColumn) })
            } else {
                repeated = IdRepeatCheck.firstOffender(count: rows.count, id: { reader.cellText(Int(rows[$0]), idColumn) })
            }
            if let repeated {
                stream.demotesIds = true
                assembler.noteRepeatedIds(repeated)
            }
        }
        let account = assembler.account(for: StatementGroup(account: nil, currency: currencyKey, rows: nil), rowCurrency: tally.mostCommon)
        stream.accountCurrency = account.currency
        stream.clearsCurrency = tallies
        var statement = assembler.newStatement(account)
        let (head, derivedOpening) = assembler.headBalances(ends, firstAfter: hasChain ? chain.firstAfter : nil, openingBefore: nil,
                                                            currency: account.currency, balanceOnly: reader.balanceOnlyRows)
        if !hasChain { chain = RunningBalances(file: reader.file, headSlots: head.count) }
        statement.balances = assembler.finishBalances(head, derivedOpening: derivedOpening, chain: &chain, ends,
                                                      currency: account.currency, accepted: false)
        stream.runningBalances = chain.compact ?? CompactRunningBalances()
        return (stream, statement)
    }

    /// The second pass: each transaction made from its row as the whole read makes it, handed
    /// to `each` in statement order.
    func emit(table: CSVTable, text: UnsafeBufferPointer<UInt8>, _ each: (StatementTransaction) -> Void) {
        var reader = CSVRowReader(table: table, text: text, file: file, layout: layout) // its diagnostics are the first pass's again
        reader.readsBalances = false
        var facts = RowFacts()
        var detail: DetailLine?
        for row in rows {
            guard let head = reader.row(Int(row), facts: &facts, detail: &detail) else { continue } // read as a transaction before
            var t = StatementTransaction(day: head.day, amount: head.amount)
            reader.fill(&t, from: head)
            if demotesIds, let id = t.id {
                t.extra.append(StatementField("reference", id))
                t.id = nil
            }
            if clearsCurrency, t.currency != nil, t.currency == accountCurrency { t.currency = nil }
            each(t)
        }
    }
}

/// Where a streamed CSV read hands its transactions, then each statement without them (and,
/// for a statement that took the two passes, without its running balances, handed on beside it;
/// empty for a statement read whole, whose `balances` hold them).
struct CSVStatementSink {
    let transaction: (StatementTransaction) -> Void
    let statementEnd: (Statement, CompactRunningBalances) -> Void
}

extension CSVReadSession {
    /// The statement of a file that streams (its transactions kept for ``hand(_:table:text:)``),
    /// or nil when the file is read whole.
    mutating func streamedStatement(table: CSVTable, text: UnsafeBufferPointer<UInt8>, layout: CSVLayout, preamble: PreambleFacts,
                                    preambleBalances: [StatementBalance], period: DayRange?, encoding: TextEncoding) -> Statement? {
        guard sink != nil else { return nil }
        var reader = CSVRowReader(table: table, text: text, file: file, layout: layout)
        reader.balanceHeadSlots = preambleBalances.count + 1
        var assembler = StatementAssembler(file: file, layout: layout, preamble: preamble, preambleBalances: preambleBalances,
                                           period: period, encoding: encoding, options: options)
        guard let (stream, statement) = CSVStatementStream.plan(&reader, table: table, layout: layout, assembler: &assembler) else { return nil }
        diagnostics.append(contentsOf: reader.diagnostics)
        diagnostics.append(contentsOf: assembler.diagnostics)
        plannedStream = stream
        return statement
    }

    /// Hands the statements read to the sink when the file is usable (a streamed one's
    /// transactions made now, from the table), and gives them back without their transactions.
    mutating func hand(_ statements: [Statement], table: CSVTable?, text: UnsafeBufferPointer<UInt8>) -> [Statement] {
        guard let sink else { return statements }
        let usable = !diagnostics.contains { $0.severity == .error || (options.strict && $0.severity == .warning) }
        var stripped = statements
        for k in stripped.indices {
            var running = CompactRunningBalances()
            if usable {
                if let stream = plannedStream, let table {
                    stream.emit(table: table, text: text, sink.transaction)
                    running = stream.runningBalances
                } else {
                    for t in stripped[k].transactions { sink.transaction(t) }
                }
            }
            stripped[k].transactions = []
            if usable { sink.statementEnd(stripped[k], running) }
        }
        return stripped
    }
}

import MyMoneyCSV

/// Where `parse` writes statements that are read as a stream: a statement begins, its
/// transactions come one at a time, then the statement ends with everything else about it.
///
/// What a conformer must know: ``endStatement(_:)`` gets the statement without looking at its
/// `transactions` (those came through ``add(_:)``); a statement with no transactions is
/// ``beginStatement()`` then ``endStatement(_:)``. ``write(_:)`` writes a statement held
/// whole the same way: the plain twin of a streamed one.
public protocol StatementStreamOutput {
    mutating func beginStatement()
    mutating func add(_ transaction: StatementTransaction)
    mutating func endStatement(_ statement: Statement)
    /// ``endStatement(_:)`` of a statement whose running balances come apart from its `balances`
    /// (a CSV file that took two passes), to be written at ``CompactRunningBalances/index``
    /// (by default: put back in the statement, then ``endStatement(_:)``).
    mutating func endStatement(_ statement: Statement, runningBalances: CompactRunningBalances)
    /// A statement held whole (by default: as a streamed one is written).
    mutating func write(_ statement: Statement)
    /// Whether a statement that can be read whole should be, and handed on by ``write(_:)``
    /// (false by default): the table's widths come from every row of a statement held whole,
    /// from the first rows of a streamed one, so a CSV file stays the table it was.
    var prefersWholeStatements: Bool { get }
}

extension StatementStreamOutput {
    public var prefersWholeStatements: Bool { false }

    /// The running balances put back in the statement, which is then ended as any other.
    public mutating func endStatement(_ statement: Statement, runningBalances: CompactRunningBalances) {
        endStatement(runningBalances.count == 0 ? statement : runningBalances.inserted(into: statement))
    }

    /// A statement held whole, written as a streamed one is.
    public mutating func write(_ statement: Statement) {
        beginStatement()
        for t in statement.transactions { add(t) }
        endStatement(statement)
    }
}

/// `parse --format json`'s statements, each written as it comes into a ``JSONWriter`` (inside
/// the document's `statements` array: see ``StatementJSON/beginDocument(into:)``).
public struct StatementJSONStream: StatementStreamOutput {
    public var json: JSONWriter

    public init(_ json: JSONWriter) { self.json = json }

    public mutating func beginStatement() { StatementJSON.beginStatement(into: &json) }
    public mutating func add(_ transaction: StatementTransaction) { StatementJSON.write(transaction, into: &json) }
    public mutating func endStatement(_ statement: Statement) { StatementJSON.endStatement(statement, into: &json) }
    /// The running balances written from their compact form, never made into an array of ``StatementBalance``s.
    public mutating func endStatement(_ statement: Statement, runningBalances: CompactRunningBalances) {
        StatementJSON.endStatement(statement, runningBalances: runningBalances, into: &json)
    }
}

/// `parse`'s table of each statement, its lines handed to `lines` as the transactions come
/// (through ``StreamingTextTable``).
///
/// A statement of fewer than ``StreamingTextTable/defaultLookahead`` transactions is exactly
/// ``StatementTable/write(_:style:lines:)``'s text: its head (file, account, period, the
/// balances) above its table. A longer one starts its table before the statement has been read
/// to its end, when its period and balances (and, in OFX, even its account) may not be known:
/// its head is written below its table, above the count. A statement held whole
/// (``write(_:)``) is ``StatementTable/write(_:style:lines:)``'s text whatever its length.
public struct StatementTableStream<Style: TextStyle>: StatementStreamOutput {
    let style: Style
    let lines: (String) -> Void
    private var table: StreamingTextTable?
    /// Whether the current table has written a line (its first look ended before the statement did).
    private let started = Flag()

    private final class Flag { var value = false }

    public init(style: Style, lines: @escaping (String) -> Void) {
        self.style = style
        self.lines = lines
    }

    public mutating func beginStatement() {
        started.value = false
        let lines = self.lines, flag = started
        table = StreamingTextTable(StatementTable.headers, alignments: StatementTable.alignments) { line in
            flag.value = true
            lines(line)
        }
    }

    public mutating func add(_ transaction: StatementTransaction) {
        table?.add(StatementTable.cells(transaction))
    }

    public mutating func write(_ statement: Statement) {
        StatementTable.write(statement, style: style, lines: lines)
    }

    /// True: the table of a file read whole (CSV, camt.053, MT940) keeps the widths of all its rows.
    public var prefersWholeStatements: Bool { true }

    public mutating func endStatement(_ statement: Statement) {
        guard var table else { return }
        self.table = nil
        if started.value {
            table.finish()
            StatementTable.head(statement.source, account: statement.account, period: statement.period,
                                balances: statement.balances, style: style, lines: lines)
        } else {
            StatementTable.head(statement.source, account: statement.account, period: statement.period,
                                balances: statement.balances, style: style, lines: lines)
            table.finish()
        }
        lines(StatementTable.footer(table.count))
        lines("")
    }
}

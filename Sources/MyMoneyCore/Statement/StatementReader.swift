/// What a caller may pin when reading a statement; everything left nil is inferred from the file.
public struct ReadOptions: Sendable {
    /// The text encoding (`--encoding`), overriding the bytes' evidence.
    public var encoding: TextEncoding?
    /// Day order for ambiguous numeric dates (`--date-order`).
    public var dayOrder: DayOrder?
    /// The account id to report when the file names none (`--account`).
    public var accountId: String?
    /// The currency to assume when the file names none (`--currency`).
    public var currency: Currency?
    /// Every warning becomes an error (`--strict`).
    public var strict: Bool
    /// A format-specific layout to use (a CSV bank profile's text), with the file it came from.
    public var profile: (name: String, text: String)?
    /// Keep a statement whose balances do not hold (`--accept-broken-balances`): camt and MT940
    /// statements whose opening balance plus entries misses the closing balance, CSV files whose
    /// running balances do not chain or contradict the stated balances. The break is a warning
    /// instead of an error, and the statement records in its `extra` fields that it was accepted.
    public var acceptBrokenBalances: Bool
    /// A reader's large arrays get their memory on another core while they are filled
    /// (``PagesAside``: the CSV reader's transactions and running balances). False: as they are
    /// filled (the plain twin).
    public var pagesAside = true
    /// A large CSV file's rows are read in two halves, one per core (``CSVRowReader``'s halves:
    /// the second half is taken as read only when no row of it depends on the rows above it).
    /// False: one after another (the plain twin).
    public var readsInHalves = true
    /// The fewest data rows read in halves (tests lower it to cut small tables).
    package var leastRowsForHalves = 100_000
    /// Told, for each table read in halves, whether its second half was taken as read (tests).
    package var heardHalves: (@Sendable (Bool) -> Void)?

    public init(encoding: TextEncoding? = nil, dayOrder: DayOrder? = nil, accountId: String? = nil,
                currency: Currency? = nil, strict: Bool = false, profile: (name: String, text: String)? = nil,
                acceptBrokenBalances: Bool = false) {
        self.encoding = encoding
        self.dayOrder = dayOrder
        self.accountId = accountId
        self.currency = currency
        self.strict = strict
        self.profile = profile
        self.acceptBrokenBalances = acceptBrokenBalances
    }
}

/// What reading one file gave: its statements and every problem found on the way.
///
/// A file that cannot be used at all yields no statements and at least one error diagnostic.
public struct ReadResult: Sendable {
    public var statements: [Statement]
    public var diagnostics: [Diagnostic]
    /// The decoded text, for rendering diagnostics with their source line.
    public var source: SourceFile?

    public init(statements: [Statement] = [], diagnostics: [Diagnostic] = [], source: SourceFile? = nil) {
        self.statements = statements
        self.diagnostics = diagnostics
        self.source = source
    }

    /// Whether the file may be used: no error, and under `strict` no warning either.
    public func isUsable(strict: Bool) -> Bool {
        !diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}

/// A reader for one statement format.
public protocol StatementReader: Sendable {
    /// The format's short name (`csv`, `ofx`, `qif`), used in `StatementSource.format`.
    var format: String { get }

    /// How sure the reader is that `head` (the first few kilobytes) starts a file of its format:
    /// 0 (not this format) to 100 (certain). `fileName` may break ties but must not decide.
    func recognition(of head: [UInt8], fileName: String) -> Int

    /// Reads every statement in `bytes`. Never throws: problems become diagnostics.
    func read(_ bytes: [UInt8], file: String, options: ReadOptions) -> ReadResult
}

/// Everything a QIF file holds: its statements (as ``ReadResult``) and the lists that are not
/// statement data — categories, classes, securities and declared accounts.
///
/// The lists are also summarized in every statement's `extra` (`qif.category` and `qif.class`
/// entries, names only) so callers that only see ``ReadResult`` still get them.
public struct QIFDocument: Sendable {
    /// Statements (one per account), diagnostics and the decoded source.
    public var result: ReadResult
    /// `!Type:Cat` entries, in file order.
    public var categories: [QIFCategory]
    /// `!Type:Class` entries, in file order.
    public var classes: [QIFClass]
    /// `!Type:Security` entries, in file order.
    public var securities: [QIFSecurity]
    /// `!Account` records, in file order (an account may be declared more than once).
    public var accounts: [QIFAccount]
    /// The day/month order used for the file's dates, when it had numeric dates.
    public var dayOrder: DayOrder?
    /// The decimal mark used for the file's amounts (`.` or `,`).
    public var decimalMark: Character

    public init(result: ReadResult, categories: [QIFCategory] = [], classes: [QIFClass] = [],
                securities: [QIFSecurity] = [], accounts: [QIFAccount] = [], dayOrder: DayOrder? = nil,
                decimalMark: Character = ".") {
        self.result = result
        self.categories = categories
        self.classes = classes
        self.securities = securities
        self.accounts = accounts
        self.dayOrder = dayOrder
        self.decimalMark = decimalMark
    }
}

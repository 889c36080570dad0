import Foundation
/// One account's statement as a bank reported it, normalized: what every reader produces.
///
/// Amounts are signed from the account holder's side: negative is money leaving the account
/// (a purchase on a card, a withdrawal), positive is money arriving.
public struct Statement: Sendable, Hashable, Codable {
    /// Where the statement came from.
    public var source: StatementSource
    /// The account the statement is about, as far as the file says.
    public var account: StatementAccount
    /// The period the bank says the statement covers (OFX DTSTART/DTEND, a CSV preamble).
    public var period: DayRange?
    /// Balances the bank reported: ledger, available, opening, closing, running.
    public var balances: [StatementBalance]
    /// The transactions, in the order the reader emits them (CSV: chronological, newest-first
    /// files turned around); each keeps its place in the file in `position`.
    public var transactions: [StatementTransaction]
    /// Format-specific facts kept as information (OFX SIGNON, securities, QIF options).
    public var extra: [StatementField]

    public init(source: StatementSource, account: StatementAccount = StatementAccount(),
                period: DayRange? = nil, balances: [StatementBalance] = [],
                transactions: [StatementTransaction] = [], extra: [StatementField] = []) {
        self.source = source
        self.account = account
        self.period = period
        self.balances = balances
        self.transactions = transactions
        self.extra = extra
    }
}

/// The file and format a statement was read from.
public struct StatementSource: Sendable, Hashable, Codable {
    /// The path as the user gave it (`-` for standard input).
    public var file: String
    /// `csv`, `ofx`, `qfx`, `qif`, …
    public var format: String
    /// The text encoding the bytes were read in (`utf-8`, `windows-1252`, …).
    public var encoding: String?
    /// The bank profile used (CSV), when one was.
    public var profile: String?

    public init(file: String, format: String, encoding: String? = nil, profile: String? = nil) {
        self.file = file
        self.format = format
        self.encoding = encoding
        self.profile = profile
    }
}

/// What kind of account a statement or ledger account is.
public enum AccountKind: String, Sendable, Hashable, Codable, CaseIterable {
    case bank
    case savings
    case creditCard = "credit_card"
    case cash
    case investment
    case loan
    case moneyMarket = "money_market"
    case creditLine = "credit_line"
    case asset
    case liability
    case other

    /// Parses the user-facing spelling (`credit_card`, also `credit-card`, `creditcard`, `card`, `checking`).
    public init?(userText: String) {
        let t = userText.lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        if let k = AccountKind(rawValue: t) { self = k; return }
        switch t {
        case "creditcard", "card", "cc", "ccard": self = .creditCard
        case "checking", "current", "giro", "bank_account": self = .bank
        case "moneymrkt", "money_market": self = .moneyMarket
        case "creditline": self = .creditLine
        case "wallet": self = .cash
        case "brokerage", "invst": self = .investment
        default: return nil
        }
    }
}

/// The account a statement is about.
public struct StatementAccount: Sendable, Hashable, Codable {
    /// The bank's account number or IBAN (OFX ACCTID, a CSV preamble's IBAN).
    public var id: String?
    /// The bank's own id (OFX BANKID, BIC).
    public var bankId: String?
    /// The branch (OFX BRANCHID).
    public var branchId: String?
    /// A name the file gives the account (QIF `!Account` N, a CSV column).
    public var name: String?
    public var kind: AccountKind?
    /// The account's currency (OFX CURDEF, a CSV currency column).
    public var currency: Currency?
    /// The bank's own type word, as written (OFX ACCTTYPE `CHECKING`, QIF `Bank`).
    public var bankType: String?

    public init(id: String? = nil, bankId: String? = nil, branchId: String? = nil, name: String? = nil,
                kind: AccountKind? = nil, currency: Currency? = nil, bankType: String? = nil) {
        self.id = id
        self.bankId = bankId
        self.branchId = branchId
        self.name = name
        self.kind = kind
        self.currency = currency
        self.bankType = bankType
    }
}

/// A balance the bank reported.
public struct StatementBalance: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The booked balance at a moment (OFX LEDGERBAL).
        case ledger
        /// What may be spent (OFX AVAILBAL): information only, never reconciled against.
        case available
        /// Before the statement's first transaction.
        case opening
        /// After the statement's last transaction.
        case closing
        /// After one transaction (a CSV balance column); see `transactionIndex`.
        case running
    }

    public var kind: Kind {
        get { storedKind }
        set { storedKind = newValue }
    }
    public var amount: Amount
    /// The day the balance is as of: it includes everything posted on that day.
    public var day: Day? {
        get { flags & Self.hasDay != 0 ? Day(daysSinceEpoch: storedDay) : nil }
        set {
            storedDay = newValue?.daysSinceEpoch ?? 0
            flags = newValue == nil ? flags & ~Self.hasDay : flags | Self.hasDay
        }
    }
    public var currency: Currency?
    /// For `running` balances: the index in `Statement.transactions` of the row it follows.
    public var transactionIndex: Int? {
        get { flags & Self.hasIndex != 0 ? storedIndex : nil }
        set {
            storedIndex = newValue ?? 0
            flags = newValue == nil ? flags & ~Self.hasIndex : flags | Self.hasIndex
        }
    }
    /// Where the balance was written (kept packed: ``PackedPosition``).
    public var position: SourcePosition? {
        get { flags & Self.hasPosition != 0 ? packedPosition.position : nil }
        set {
            packedPosition = PackedPosition(newValue)
            flags = newValue == nil ? flags & ~Self.hasPosition : flags | Self.hasPosition
        }
    }

    // The optional fields' values and, in `flags`, whether each is there: 56 bytes a balance,
    // where the plain fields took 88 (a million running balances of a CSV file are held from
    // its read to the end of the import's store). A field that is absent holds 0, so that
    // equality and hashing of the stored fields are those of the fields above.
    private var packedPosition = PackedPosition(nil)
    private var storedIndex = 0
    private var storedDay: Int32 = 0
    private var storedKind: Kind
    private var flags: UInt8 = 0
    private static let hasDay: UInt8 = 1, hasIndex: UInt8 = 2, hasPosition: UInt8 = 4

    public init(kind: Kind, amount: Amount, day: Day? = nil, currency: Currency? = nil,
                transactionIndex: Int? = nil, position: SourcePosition? = nil) {
        storedKind = kind
        self.amount = amount
        self.currency = currency
        self.day = day
        self.transactionIndex = transactionIndex
        self.position = position
    }

    private enum CodingKeys: String, CodingKey {
        case kind, amount, day, currency, transactionIndex, position
    }

    // The keys and form of the plain fields' synthesized coding: optional fields left out when absent.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try c.decode(Kind.self, forKey: .kind), amount: try c.decode(Amount.self, forKey: .amount),
                  day: try c.decodeIfPresent(Day.self, forKey: .day), currency: try c.decodeIfPresent(Currency.self, forKey: .currency),
                  transactionIndex: try c.decodeIfPresent(Int.self, forKey: .transactionIndex),
                  position: try c.decodeIfPresent(SourcePosition.self, forKey: .position))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(amount, forKey: .amount)
        try c.encodeIfPresent(day, forKey: .day)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(transactionIndex, forKey: .transactionIndex)
        try c.encodeIfPresent(position, forKey: .position)
    }
}

/// A key and value a format carries beyond the normalized fields (OFX `SIC`, a CSV column).
public struct StatementField: Sendable, Hashable, Codable {
    public var key: String
    public var value: String
    public init(_ key: String, _ value: String) { self.key = key; self.value = value }
}

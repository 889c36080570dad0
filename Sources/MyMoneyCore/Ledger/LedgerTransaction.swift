import Foundation
/// Whether a transaction earns, spends or moves money between the user's own accounts.
public enum TransactionType: String, Sendable, Hashable, Codable, CaseIterable {
    case income, expense, transfer
}

/// A path in the category tree, outermost first (`Food` › `Groceries`), written `Food:Groceries`.
public struct CategoryPath: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Categories nest at most this deep.
    public static let maximumDepth = 5

    public var components: [String]

    public init(_ components: [String]) { self.components = components }

    /// Reads `Food:Groceries` (also `Food > Groceries` and `Food/Groceries`); blank parts are dropped.
    public init?(parsing text: String) {
        let separators: Set<Character> = [":", ">", "/"]
        let parts = text.split(whereSeparator: { separators.contains($0) })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        self.components = parts
    }

    public var description: String { components.joined(separator: ":") }
    public var depth: Int { components.count }
    public var parent: CategoryPath? { components.count > 1 ? CategoryPath(Array(components.dropLast())) : nil }
    public var name: String { components.last ?? "" }

    /// Whether `self` is `other` or lies below it.
    public func isWithin(_ other: CategoryPath) -> Bool {
        components.count >= other.components.count &&
            zip(components, other.components).allSatisfy { $0.lowercased() == $1.lowercased() }
    }

    public static func < (lhs: CategoryPath, rhs: CategoryPath) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }
}

/// A transaction as the ledger keeps it: where it came from, what the user and the rules made of it.
///
/// Amounts are signed from the account's side (negative leaves the account), in the account's currency.
///
/// A large import holds a million of these at once: the fields most rows leave empty (notes,
/// project, place, transfer hint, splits) are kept out of line, in one shared value only the
/// rows that have one of them carry (`RareTransactionFields`), and the id and source line in
/// plain integers with a flag each for whether they are there: 208 bytes a row instead of 304
/// (`mymoney-bench sizes`). The check number stays inline: QIF files carry one (`N`) on most
/// rows, and a row that carries the shared value pays more than it saves. The small fields sit
/// in the gaps the larger ones leave.
public struct LedgerTransaction: Sendable, Hashable {
    /// The store's id; nil before the transaction is stored.
    public var id: Int64? {
        @inlinable get { flags & Self.hasId != 0 ? storedId : nil }
        @inlinable set {
            storedId = newValue ?? 0
            flags = newValue == nil ? flags & ~Self.hasId : flags | Self.hasId
        }
    }
    @usableFromInline var storedId: Int64 = 0
    public var currency: Currency
    public var type: TransactionType
    /// Whether the id and the source line are there (absent, each holds 0: equality and hashing
    /// are those of the optional fields).
    @usableFromInline var flags: UInt8 = 0
    public var day: Day
    /// The source line, up to 4,294,967,295 (a file this tool reads is at most 2 GiB).
    @usableFromInline var storedLine: UInt32 = 0
    /// The store's id of the account.
    public var accountId: Int64
    public var amount: Amount
    /// The payee as the bank wrote it.
    public var originalPayee: String?
    /// The payee after cleanup (rules, the user).
    public var payee: String?
    public var memo: String?
    public var category: CategoryPath?
    public var tags: [String]
    /// The bank's id (FITID, a CSV transaction id).
    public var bankId: String?
    /// The bank's own type word (OFX TRNTYPE).
    public var bankType: String?
    public var checkNumber: String?
    /// Fields the source carried beyond the normalized ones.
    public var extra: [StatementField]
    /// `csv`, `ofx`, `qif`, or `manual`.
    public var sourceFormat: String?
    /// File and line it was imported from.
    public var sourceFile: String?
    /// The fields most rows leave empty; nil when every one of them is.
    @usableFromInline var rare: RareTransactionFields?
    public var sourceLine: Int? {
        @inlinable get { flags & Self.hasLine != 0 ? Int(storedLine) : nil }
        @inlinable set {
            storedLine = UInt32(clamping: newValue ?? 0)
            flags = newValue == nil ? flags & ~Self.hasLine : flags | Self.hasLine
        }
    }
    @usableFromInline static var hasId: UInt8 { 1 }
    @usableFromInline static var hasLine: UInt8 { 2 }

    /// The user's own notes.
    public var notes: String? {
        get { rare?.fields.notes }
        set { changeRare { $0.notes = newValue } }
    }
    public var project: String? {
        get { rare?.fields.project }
        set { changeRare { $0.project = newValue } }
    }
    public var place: String? {
        get { rare?.fields.place }
        set { changeRare { $0.place = newValue } }
    }
    /// The other own account a source, rule or user named for a transfer.
    public var transferHint: String? {
        get { rare?.fields.transferHint }
        set { changeRare { $0.transferHint = newValue } }
    }
    /// Its parts (QIF splits, or entered by hand), each with its own amount, category, tags and
    /// memo, adding up exactly to `amount`; empty when it is one whole. See ``countedParts``.
    public var splits: [StatementSplit] {
        get { rare?.fields.splits ?? [] }
        set { changeRare { $0.splits = newValue } }
    }

    /// Changes the out-of-line fields: a new shared value (others may hold the old one), or none
    /// when every field is left empty.
    @inlinable
    mutating func changeRare(_ change: (inout RareTransactionFields.Fields) -> Void) {
        var fields = rare?.fields ?? RareTransactionFields.Fields()
        change(&fields)
        rare = RareTransactionFields.holding(fields)
    }

    @inlinable
    public init(id: Int64? = nil, accountId: Int64, day: Day, amount: Amount, currency: Currency,
                originalPayee: String? = nil, payee: String? = nil, memo: String? = nil, notes: String? = nil,
                type: TransactionType? = nil, category: CategoryPath? = nil, tags: [String] = [],
                project: String? = nil, place: String? = nil, bankId: String? = nil, bankType: String? = nil,
                checkNumber: String? = nil, transferHint: String? = nil, splits: [StatementSplit] = [],
                extra: [StatementField] = [], sourceFormat: String? = nil, sourceFile: String? = nil,
                sourceLine: Int? = nil) {
        self.accountId = accountId
        self.day = day
        self.amount = amount
        self.currency = currency
        self.originalPayee = originalPayee
        self.payee = payee ?? originalPayee
        self.memo = memo
        self.type = type ?? (amount.isNegative ? .expense : .income)
        self.category = category
        self.tags = tags
        self.bankId = bankId
        self.bankType = bankType
        self.checkNumber = checkNumber
        self.extra = extra
        self.sourceFormat = sourceFormat
        self.sourceFile = sourceFile
        self.rare = RareTransactionFields.holding(.init(notes: notes, project: project, place: place,
                                                        transferHint: transferHint, splits: splits))
        self.id = id
        self.sourceLine = sourceLine
    }
}

/// The fields of a ``LedgerTransaction`` most rows leave empty, held once and shared by the
/// copies of a row. Immutable: a change makes a new one.
@usableFromInline
final class RareTransactionFields: Sendable, Hashable {
    @usableFromInline
    struct Fields: Sendable, Hashable {
        @usableFromInline var notes: String?
        @usableFromInline var project: String?
        @usableFromInline var place: String?
        @usableFromInline var transferHint: String?
        @usableFromInline var splits: [StatementSplit] = []

        @inlinable
        init(notes: String? = nil, project: String? = nil, place: String? = nil,
                    transferHint: String? = nil, splits: [StatementSplit] = []) {
            self.notes = notes
            self.project = project
            self.place = place
            self.transferHint = transferHint
            self.splits = splits
        }

        @inlinable
        var isEmpty: Bool {
            notes == nil && project == nil && place == nil && transferHint == nil && splits.isEmpty
        }
    }

    @usableFromInline let fields: Fields

    @usableFromInline
    init(_ fields: Fields) { self.fields = fields }

    /// `fields` held out of line, or nil when every one is empty (so equal rows hold equal values).
    @inlinable
    static func holding(_ fields: Fields) -> RareTransactionFields? {
        fields.isEmpty ? nil : RareTransactionFields(fields)
    }

    @usableFromInline static func == (lhs: RareTransactionFields, rhs: RareTransactionFields) -> Bool { lhs.fields == rhs.fields }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(fields) }
}

/// The keys of every field, as they were when all were stored inline.
extension LedgerTransaction: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, accountId, day, amount, currency, originalPayee, payee, memo, notes, type, category, tags, project, place
        case bankId, bankType, checkNumber, transferHint, splits, extra, sourceFormat, sourceFile, sourceLine
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decodeIfPresent(Int64.self, forKey: .id), accountId: try c.decode(Int64.self, forKey: .accountId),
                  day: try c.decode(Day.self, forKey: .day), amount: try c.decode(Amount.self, forKey: .amount),
                  currency: try c.decode(Currency.self, forKey: .currency),
                  originalPayee: try c.decodeIfPresent(String.self, forKey: .originalPayee),
                  memo: try c.decodeIfPresent(String.self, forKey: .memo), notes: try c.decodeIfPresent(String.self, forKey: .notes),
                  type: try c.decode(TransactionType.self, forKey: .type),
                  category: try c.decodeIfPresent(CategoryPath.self, forKey: .category), tags: try c.decode([String].self, forKey: .tags),
                  project: try c.decodeIfPresent(String.self, forKey: .project), place: try c.decodeIfPresent(String.self, forKey: .place),
                  bankId: try c.decodeIfPresent(String.self, forKey: .bankId), bankType: try c.decodeIfPresent(String.self, forKey: .bankType),
                  checkNumber: try c.decodeIfPresent(String.self, forKey: .checkNumber),
                  transferHint: try c.decodeIfPresent(String.self, forKey: .transferHint),
                  splits: try c.decode([StatementSplit].self, forKey: .splits), extra: try c.decode([StatementField].self, forKey: .extra),
                  sourceFormat: try c.decodeIfPresent(String.self, forKey: .sourceFormat),
                  sourceFile: try c.decodeIfPresent(String.self, forKey: .sourceFile),
                  sourceLine: try c.decodeIfPresent(Int.self, forKey: .sourceLine))
        // The payee as stored (the initializer falls back to the original one when it is nil).
        payee = try c.decodeIfPresent(String.self, forKey: .payee)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(accountId, forKey: .accountId)
        try c.encode(day, forKey: .day)
        try c.encode(amount, forKey: .amount)
        try c.encode(currency, forKey: .currency)
        try c.encodeIfPresent(originalPayee, forKey: .originalPayee)
        try c.encodeIfPresent(payee, forKey: .payee)
        try c.encodeIfPresent(memo, forKey: .memo)
        try c.encodeIfPresent(notes, forKey: .notes)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(category, forKey: .category)
        try c.encode(tags, forKey: .tags)
        try c.encodeIfPresent(project, forKey: .project)
        try c.encodeIfPresent(place, forKey: .place)
        try c.encodeIfPresent(bankId, forKey: .bankId)
        try c.encodeIfPresent(bankType, forKey: .bankType)
        try c.encodeIfPresent(checkNumber, forKey: .checkNumber)
        try c.encodeIfPresent(transferHint, forKey: .transferHint)
        try c.encode(splits, forKey: .splits)
        try c.encode(extra, forKey: .extra)
        try c.encodeIfPresent(sourceFormat, forKey: .sourceFormat)
        try c.encodeIfPresent(sourceFile, forKey: .sourceFile)
        try c.encodeIfPresent(sourceLine, forKey: .sourceLine)
    }
}

extension LedgerTransaction {
    /// The transaction as figures and budgets count it by category and tag: its splits, where a
    /// split without a category of its own takes the transaction's; or, without splits, one part
    /// holding the whole amount with the transaction's category and tags.
    ///
    /// A split's tags are its own; the transaction's tags apply to the whole and are not repeated
    /// on every part.
    public var countedParts: [StatementSplit] {
        guard !splits.isEmpty else {
            return [StatementSplit(amount: amount, category: category?.description, transferAccount: transferHint,
                                   memo: memo, tags: tags)]
        }
        return splits.map { split in
            var part = split
            if part.category == nil { part.category = category?.description }
            return part
        }
    }
}

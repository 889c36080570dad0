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
public struct LedgerTransaction: Sendable, Hashable, Codable {
    /// The store's id; nil before the transaction is stored.
    public var id: Int64?
    /// The store's id of the account.
    public var accountId: Int64
    public var day: Day
    public var amount: Amount
    public var currency: Currency
    /// The payee as the bank wrote it.
    public var originalPayee: String?
    /// The payee after cleanup (rules, the user).
    public var payee: String?
    public var memo: String?
    /// The user's own notes.
    public var notes: String?
    public var type: TransactionType
    public var category: CategoryPath?
    public var tags: [String]
    public var project: String?
    public var place: String?
    /// The bank's id (FITID, a CSV transaction id).
    public var bankId: String?
    /// The bank's own type word (OFX TRNTYPE).
    public var bankType: String?
    public var checkNumber: String?
    /// The other own account a source, rule or user named for a transfer.
    public var transferHint: String?
    /// Its parts (QIF splits, or entered by hand), each with its own amount, category, tags and
    /// memo, adding up exactly to `amount`; empty when it is one whole. See ``countedParts``.
    public var splits: [StatementSplit]
    /// Fields the source carried beyond the normalized ones.
    public var extra: [StatementField]
    /// `csv`, `ofx`, `qif`, or `manual`.
    public var sourceFormat: String?
    /// File and line it was imported from.
    public var sourceFile: String?
    public var sourceLine: Int?

    @inlinable
    public init(id: Int64? = nil, accountId: Int64, day: Day, amount: Amount, currency: Currency,
                originalPayee: String? = nil, payee: String? = nil, memo: String? = nil, notes: String? = nil,
                type: TransactionType? = nil, category: CategoryPath? = nil, tags: [String] = [],
                project: String? = nil, place: String? = nil, bankId: String? = nil, bankType: String? = nil,
                checkNumber: String? = nil, transferHint: String? = nil, splits: [StatementSplit] = [],
                extra: [StatementField] = [], sourceFormat: String? = nil, sourceFile: String? = nil,
                sourceLine: Int? = nil) {
        self.id = id
        self.accountId = accountId
        self.day = day
        self.amount = amount
        self.currency = currency
        self.originalPayee = originalPayee
        self.payee = payee ?? originalPayee
        self.memo = memo
        self.notes = notes
        self.type = type ?? (amount.isNegative ? .expense : .income)
        self.category = category
        self.tags = tags
        self.project = project
        self.place = place
        self.bankId = bankId
        self.bankType = bankType
        self.checkNumber = checkNumber
        self.transferHint = transferHint
        self.splits = splits
        self.extra = extra
        self.sourceFormat = sourceFormat
        self.sourceFile = sourceFile
        self.sourceLine = sourceLine
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

/// What the elements of one transaction aggregate (`STMTTRN`, `INVBANKTRAN`, an investment
/// record) have said so far: the transaction being set up in place, its dates and amount as
/// read, and the problems and warnings found (format notes §4–§12).
///
/// Deciding what it makes is a plain function, ``complete(accountCurrency:)``: the statement
/// builder only dispatches leaves into it, then moves a kept transaction out (into its slot of
/// the statement's array: no copy) and blanks the rest with ``clear(keepingTransaction:)``,
/// field by field (a whole blank value assigned over it costs a copy and a release of every field).
struct TransactionInProgress {
    var transaction: StatementTransaction
    var tag: OFXTag
    var day: Day?
    var tradeDay: Day?
    var settleDay: Day?
    var amount: Amount?
    var problems: [String] = []
    var warnings: [String] = []
    var currencySymbol: String?
    var currencyIsOriginal = false

    static let blankTransaction = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)
    static let empty = TransactionInProgress(transaction: blankTransaction, tag: .unknown)

    /// What a finished aggregate gives.
    enum Outcome {
        /// ``transaction`` is complete; warnings about it (a placeholder amount, an unreadable `DTUSER`).
        case kept(warnings: [String])
        /// No transaction: why (no or bad `DTPOSTED`, `TRNAMT`, `TOTAL`), its `FITID` and place.
        case skipped(problems: [String], id: String?, position: SourcePosition?)
        /// An investment record that moves no cash (reinvestment, security transfer, split).
        case movesNoCash
    }

    /// Completes ``transaction`` from the elements, for an account in `accountCurrency`, or says
    /// why there is none: investment records are dated by `DTSETTLE` (else `DTTRADE`) and named by
    /// their memo; a `CURRENCY` other than the account's is kept (an `ORIGCURRENCY` is not: the
    /// amount is in the account's); the payee falls back to `EXTDNAME`, then `MEMO`.
    mutating func complete(accountCurrency: Currency?) -> Outcome {
        if tag.isInvestmentTransaction {
            guard tag.movesCash else { return .movesNoCash }
            if day == nil { day = settleDay ?? tradeDay }
            if amount == nil { problems.append("it has no TOTAL") }
            if transaction.payee == nil { transaction.payee = transaction.memo }
        } else {
            if day == nil && !problems.contains(where: { $0.hasPrefix("DTPOSTED") }) { problems.append("DTPOSTED is missing") }
            if amount == nil && !problems.contains(where: { $0.hasPrefix("TRNAMT") }) { problems.append("TRNAMT is missing") }
        }
        guard problems.isEmpty, let day, let amount else {
            return .skipped(problems: problems, id: transaction.id, position: transaction.position)
        }
        transaction.day = day
        transaction.amount = amount
        if let symbol = currencySymbol, !currencyIsOriginal, let c = Currency(code: symbol), c != accountCurrency {
            transaction.currency = c
        }
        if transaction.payee == nil { transaction.payee = transaction.extra("EXTDNAME") ?? transaction.memo }
        return .kept(warnings: warnings)
    }

    /// Blanks every field (the transaction too, unless `keepingTransaction`), touching only those set.
    mutating func clear(keepingTransaction: Bool = false) {
        if !keepingTransaction { transaction = TransactionInProgress.blankTransaction }
        tag = .unknown
        day = nil
        tradeDay = nil
        settleDay = nil
        amount = nil
        if !problems.isEmpty { problems = [] }
        if !warnings.isEmpty { warnings = [] }
        currencySymbol = nil
        currencyIsOriginal = false
    }
}

/// The rows a ``CSVRowReader`` read: transactions plus, index for index, what the statement
/// needs beside them (arrays for features the file does not have stay empty).
struct ReadRows {
    var transactions: [StatementTransaction] = []
    var balance: [Amount?] = []
    var balanceBefore: [Amount?] = []
    var account: [String] = []
    /// The currency of each row's amount as written (a code or the raw cell), when the layout
    /// gives one statement per currency.
    var currencyKey: [String] = []
    /// Each row's indicator word class (0: signed as read; k: ``unknownWords``[k - 1]), when
    /// the file has indicator words the vocabulary does not know.
    var wordClass: [UInt8] = []
    var unknownWords: [String] = []
    /// Each row's fee, when the file has a fee column.
    var fee: [Amount?] = []
    /// Running balances and their chain check in file order (with a balance column).
    var chain: RunningBalances?
    /// Whether some transaction's day comes before (after) the previous one's, in file order.
    ///
    /// (`balance`, by transaction, stays empty while `chain` holds the balances: call
    /// ``materializeBalances()`` before reading it.)
    var daysGoBack = false
    var daysGoForward = false
    var skips = RowSkips()

    /// Whether the file has a balance column.
    var hasBalances: Bool { !balance.isEmpty || chain != nil }

    /// Fills `balance` (after each transaction, by index) from `chain` when it is still empty.
    mutating func materializeBalances() {
        guard balance.isEmpty, let chain, !transactions.isEmpty else { return }
        var filled = [Amount?](repeating: nil, count: transactions.count)
        for entry in chain.entries.dropFirst(chain.headSlots) {
            if let i = entry.transactionIndex, i >= 0, i < filled.count { filled[i] = entry.amount }
        }
        balance = filled
    }
}

/// What makes a row a transaction, decided before its fields are set.
struct RowHead {
    var row: Int
    var day: Day
    var amount: Amount
    var currency: Currency?
    /// A currency cell that is no ISO code, or an original currency: kept as an extra field.
    var currencyText: String?
    var position: SourcePosition
}

/// What the statement needs from a row besides its transaction.
struct RowFacts {
    /// The balance written after the row (from a balance-before column: before plus amount).
    var after: Amount?
    var before: Amount?
    var account: String?
    var currencyKey: String?
    var wordClass: UInt8 = 0
    var fee: Amount?
}

/// A line of a collective order: its amount (nil for text only) and text.
struct DetailLine {
    var amount: Amount?
    var text: String?
    var row: Int
}

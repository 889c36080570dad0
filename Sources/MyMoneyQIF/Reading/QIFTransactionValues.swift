/// What one register record says once its lines are read and checked: the values a statement
/// transaction is made of.
///
/// Building the transaction is plain code over these values: ``transaction()`` makes one on its
/// own (the plain twin), ``fill(_:)`` sets up a blank transaction in its place in the result
/// array (the reader's way: no temporary built, copied in and destroyed, every string retained
/// and released on the way). Both give the same transaction.
struct QIFTransactionValues {
    var day: Day
    var amount: Amount
    var payee: String?
    var memo: String?
    var checkNumber: String?
    var category: String?
    var transferAccount: String?
    var tags: [String] = []
    var splits: [StatementSplit] = []
    var extra: [StatementField] = []
    var position: SourcePosition

    /// The transaction, made on its own.
    func transaction() -> StatementTransaction {
        StatementTransaction(day: day, amount: amount, payee: payee, memo: memo, checkNumber: checkNumber,
                             category: category, transferAccount: transferAccount, tags: tags, splits: splits,
                             extra: extra, position: position)
    }

    /// Sets a blank transaction's fields to these values (those left nil or empty are not
    /// touched, so a blank one stays as it is there), moving the values in.
    @inline(__always)
    consuming func fill(_ t: inout StatementTransaction) {
        t.day = day
        t.amount = amount
        if payee != nil { t.payee = payee }
        if memo != nil { t.memo = memo }
        if checkNumber != nil { t.checkNumber = checkNumber }
        if category != nil { t.category = category }
        if transferAccount != nil { t.transferAccount = transferAccount }
        if !tags.isEmpty { t.tags = tags }
        if !splits.isEmpty { t.splits = splits }
        if !extra.isEmpty { t.extra = extra }
        t.position = position
    }
}

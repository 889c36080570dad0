/// Setting up a statement transaction from what a register record says, once its lines are read
/// and checked: plain functions over values.
///
/// ``fill(_:day:amount:payee:memo:checkNumber:category:transferAccount:tags:splits:extra:position:)``
/// sets up a blank transaction in its place in the result array (the reader's way: the values
/// are moved in, no temporary transaction is built, copied in and destroyed, no string retained
/// and released on the way); ``make(day:amount:payee:memo:checkNumber:category:transferAccount:tags:splits:extra:position:)``
/// makes the same transaction on its own, its plain twin.
enum QIFTransactionSetup {
    /// The transaction, made on its own.
    static func make(day: Day, amount: Amount, payee: String?, memo: String?, checkNumber: String?,
                     category: String?, transferAccount: String?, tags: [String], splits: [StatementSplit],
                     extra: [StatementField], position: SourcePosition) -> StatementTransaction {
        StatementTransaction(day: day, amount: amount, payee: payee, memo: memo, checkNumber: checkNumber,
                             category: category, transferAccount: transferAccount, tags: tags, splits: splits,
                             extra: extra, position: position)
    }

    /// Sets a blank transaction's fields (those left nil or empty are not touched, so a blank one
    /// keeps its own there), moving the values in.
    @inline(__always)
    static func fill(_ t: inout StatementTransaction, day: Day, amount: Amount, payee: consuming String?,
                     memo: consuming String?, checkNumber: consuming String?, category: consuming String?,
                     transferAccount: consuming String?, tags: consuming [String],
                     splits: consuming [StatementSplit], extra: consuming [StatementField], position: SourcePosition) {
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

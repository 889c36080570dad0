import MyMoneyCSV

/// The streaming form of ``StatementJSON``: the same document written straight into a
/// ``JSONWriter`` as the statements come, never held as a tree (the `parse --format json` of a
/// million transactions stays at the size of one statement's values).
///
/// The bytes are those of ``StatementJSON/document(_:)`` serialized with the writer's `pretty`:
/// the same fields in the same order.
extension StatementJSON {
    /// `{"statements":[`: the start of the document; then ``write(_:into:)`` for each statement
    /// and ``endDocument(into:)``.
    public static func beginDocument(into json: inout JSONWriter) {
        json.beginObject()
        json.key(plain: "statements")
        json.beginArray()
    }

    public static func endDocument(into json: inout JSONWriter) {
        json.endArray()
        json.endObject()
    }

    /// One statement, as ``statement(_:)`` builds it.
    public static func write(_ s: Statement, into json: inout JSONWriter) {
        write(s, into: &json) { json in
            for t in s.transactions { write(t, into: &json) }
        }
    }

    /// One statement whose transactions are written by `transactions` (which writes each as
    /// ``write(_:into:)-swift.type.method`` does, or joins elements written aside); the
    /// statement's own `transactions` are not looked at.
    public static func write(_ s: Statement, into json: inout JSONWriter, transactions: (inout JSONWriter) -> Void) {
        beginStatement(into: &json)
        transactions(&json)
        endStatement(s, into: &json)
    }

    /// `{"transactions":[`: a statement's object opened, its transactions to follow (each as
    /// ``write(_:into:)-swift.type.method`` writes it), then ``endStatement(_:into:)``.
    ///
    /// A statement's transactions come first in its object, before its source, account, period,
    /// balances and fields: those are settled only once the statement has been read (an OFX
    /// statement's closing LEDGERBAL, a CSV file's running balances, the account id `--account`
    /// gives a statement that names none), while each transaction is final when it is read. So
    /// `parse` writes each transaction as it comes and holds only the rest.
    public static func beginStatement(into json: inout JSONWriter) {
        json.beginObject()
        json.key(plain: "transactions")
        json.beginArray()
    }

    /// The rest of a statement opened by ``beginStatement(into:)``: its source, account, period,
    /// balances and fields, and the object closed (`s.transactions` is not looked at).
    public static func endStatement(_ s: Statement, into json: inout JSONWriter) {
        endStatement(s, runningBalances: nil, into: &json)
    }

    /// ``endStatement(_:into:)`` with `runningBalances` written at their index among the
    /// statement's balances (the bytes of ``endStatement(_:into:)`` of
    /// ``CompactRunningBalances/inserted(into:)``).
    public static func endStatement(_ s: Statement, runningBalances: CompactRunningBalances?, into json: inout JSONWriter) {
        json.endArray()
        json.key(plain: "source")
        json.beginObject()
        json.key(plain: "file"); json.string(s.source.file)
        json.key(plain: "format"); json.string(s.source.format)
        if let encoding = s.source.encoding { json.key(plain: "encoding"); json.string(encoding) }
        if let profile = s.source.profile { json.key(plain: "profile"); json.string(profile) }
        json.endObject()
        json.key(plain: "account")
        json.beginObject()
        json.key(plain: "id"); json.string(s.account.id)
        json.key(plain: "kind"); json.string(s.account.kind?.rawValue)
        json.key(plain: "currency"); json.string(s.account.currency?.code)
        json.key(plain: "bank_id"); json.string(s.account.bankId)
        json.key(plain: "branch_id"); json.string(s.account.branchId)
        json.key(plain: "name"); json.string(s.account.name)
        json.key(plain: "type"); json.string(s.account.bankType)
        json.endObject()
        if let period = s.period {
            json.key(plain: "period")
            json.beginObject()
            json.key(plain: "start"); json.string(period.start.description)
            json.key(plain: "end"); json.string(period.end.description)
            json.endObject()
        }
        json.key(plain: "balances")
        json.beginArray()
        let runningIndex = runningBalances.map { min($0.index, s.balances.count) } ?? -1
        for (k, b) in s.balances.enumerated() {
            if k == runningIndex { runningBalances?.forEach { write($0, into: &json) } }
            write(b, into: &json)
        }
        if runningIndex == s.balances.count { runningBalances?.forEach { write($0, into: &json) } }
        json.endArray()
        if !s.extra.isEmpty { json.key(plain: "extra"); write(s.extra, into: &json) }
        json.endObject()
    }

    /// One balance of a statement's `balances`.
    static func write(_ b: StatementBalance, into json: inout JSONWriter) {
        // The keys borrowed where they are (a copy would retain and release their three arrays).
        if json.pretty { write(b, into: &json, keys: Member.pretty) } else { write(b, into: &json, keys: Member.compact) }
    }

    static func write(_ b: StatementBalance, into json: inout JSONWriter, keys: borrowing JSONMemberKeys) {
        json.beginObject()
        json.key(keys, Member.kind); json.string(b.kind.rawValue)
        json.key(keys, Member.amount); json.amount(b.amount)
        json.key(keys, Member.date); json.day(b.day)
        if let c = b.currency { json.key(keys, Member.currency); json.string(c.code) }
        if let i = b.transactionIndex { json.key(keys, Member.transactionIndex); json.int(i) }
        json.endObject()
    }

    /// The members of a transaction and of a balance, numbered as in ``names``.
    enum Member {
        static let names = ["date", "amount", "payee", "memo", "id", "currency", "type", "check_number", "category",
                            "transfer_account", "tags", "splits", "line", "extra", "kind", "transaction_index"]
        static let date = 0, amount = 1, payee = 2, memo = 3, id = 4, currency = 5, type = 6, checkNumber = 7, category = 8
        static let transferAccount = 9, tags = 10, splits = 11, line = 12, extra = 13, kind = 14, transactionIndex = 15
        /// A document's transactions and balances are objects at depth 5 (document, `statements`,
        /// statement, its `transactions` or `balances`, the object): their keys made once per
        /// layout (a writer at another depth is given the plain keys by ``JSONWriter/key(_:_:)``).
        static let pretty = JSONMemberKeys(names, depth: 5, pretty: true)
        static let compact = JSONMemberKeys(names, depth: 5, pretty: false)
    }


    /// One transaction, as ``transaction(_:)`` builds it.
    public static func write(_ t: StatementTransaction, into json: inout JSONWriter) {
        if json.pretty { write(t, into: &json, keys: Member.pretty) } else { write(t, into: &json, keys: Member.compact) }
    }

    /// A transaction's keys from `keys` (written plainly by a writer at another depth than theirs).
    static func write(_ t: StatementTransaction, into json: inout JSONWriter, keys: borrowing JSONMemberKeys) {
        json.beginObject()
        json.key(keys, Member.date); json.day(t.day)
        json.key(keys, Member.amount); json.amount(t.amount)
        json.key(keys, Member.payee); json.string(t.payee)
        json.key(keys, Member.memo); json.string(t.memo)
        json.key(keys, Member.id); json.string(t.id)
        if let c = t.currency { json.key(keys, Member.currency); json.string(c.code) }
        if let v = t.bankType { json.key(keys, Member.type); json.string(v) }
        if let v = t.checkNumber { json.key(keys, Member.checkNumber); json.string(v) }
        if let v = t.category { json.key(keys, Member.category); json.string(v) }
        if let v = t.transferAccount { json.key(keys, Member.transferAccount); json.string(v) }
        if !t.tags.isEmpty {
            json.key(keys, Member.tags)
            json.beginArray()
            for tag in t.tags { json.string(tag) }
            json.endArray()
        }
        if !t.splits.isEmpty {
            json.key(keys, Member.splits)
            json.beginArray()
            for s in t.splits {
                json.beginObject()
                json.key(plain: "amount"); json.amount(s.amount)
                json.key(plain: "category"); json.string(s.category)
                json.key(plain: "transfer_account"); json.string(s.transferAccount)
                json.key(plain: "memo"); json.string(s.memo)
                json.endObject()
            }
            json.endArray()
        }
        if let p = t.position { json.key(keys, Member.line); json.int(p.line) }
        if !t.extra.isEmpty { json.key(keys, Member.extra); write(t.extra, into: &json) }
        json.endObject()
    }

    static func write(_ fields: [StatementField], into json: inout JSONWriter) {
        json.beginArray()
        for f in fields {
            json.beginObject()
            json.key(plain: "key"); json.string(f.key)
            json.key(plain: "value"); json.string(f.value)
            json.endObject()
        }
        json.endArray()
    }
}

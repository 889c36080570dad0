import Foundation

/// Writing one transaction row: validation, names to ids, the prepared INSERT.
extension Ledger {
    static let insertSQL = """
        INSERT INTO transactions (account_id, day, amount_units, amount_scale, currency, type, original_payee, payee,
            memo, notes, category_id, project_id, place_id, bank_id, bank_type, check_number, transfer_hint, splits,
            extra, source_format, source_file_id, source_line, text_key, occurrence, hand_fields, rule_fields, batch_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The INSERT of `rows` transactions in one statement (`insertSQL` is one row).
    static func insertSQL(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: insertColumnCount).joined(separator: ", ") + ")"
        return insertSQL.replacingOccurrences(of: "VALUES " + row, with: "VALUES " + Array(repeating: row, count: max(1, rows)).joined(separator: ", "))
    }

    /// Parameters of one row of ``insertSQL``.
    static let insertColumnCount = 27

    /// Validates and inserts one transaction with its tags and parts; returns its id.
    func insertTransaction(_ t: LedgerTransaction, account: Account, occurrence: Int, textKey: String,
                           handFields: Set<TransactionField>, ruleFields: Set<TransactionField>, batchId: Int64?,
                           names: inout NameCache, statement: PreparedStatement? = nil) throws(LedgerError) -> Int64 {
        let s: PreparedStatement
        if let statement { s = statement } else { s = try db.statement(Ledger.insertSQL) }
        try stageTransaction(t, account: account, occurrence: occurrence, textKey: textKey, handFields: handFields,
                             ruleFields: ruleFields, batchId: batchId, names: &names, statement: s, row: 0)
        try s.stepStaged()
        let id = db.lastInsertRowID
        s.resetKeepingBindings()
        try insertTags(t, id: id, names: &names)
        try insertParts(t, id: id, names: &names)
        return id
    }

    /// Validates one transaction, resolves its names and binds it as row `row` (0-based) of `statement`
    /// (an INSERT of ``insertSQL(rows:)``); the caller steps the statement.
    @inline(__always)
    func stageTransaction(_ t: LedgerTransaction, account: Account, occurrence: Int, textKey: String,
                          handFields: Set<TransactionField>, ruleFields: Set<TransactionField>, batchId: Int64?,
                          names: inout NameCache, statement s: PreparedStatement, row: Int) throws(LedgerError) {
        try Ledger.validate(t, account: account, checkCategory: !(t.category.map(names.isValidated) ?? true))
        if let category = t.category { names.markValidated(category) }
        let categoryId = try t.category.map { (p) throws(LedgerError) in try names.category(p, in: self) }
        let projectId = try blankToNil(t.project).map { (p) throws(LedgerError) in try names.project(p, in: self) }
        let placeId = try blankToNil(t.place).map { (p) throws(LedgerError) in try names.place(p, in: self) }
        let sourceFileId = try t.sourceFile.map { (f) throws(LedgerError) in try names.sourceFile(f, in: self) }
        let o = Int32(row * Ledger.insertColumnCount)
        s.bind(o + 1, account.id)
        s.bind(o + 2, Int64(t.day.daysSinceEpoch))
        s.bind(o + 3, t.amount.units)
        s.bind(o + 4, t.amount.scale)
        s.stageText(o + 5, t.currency.code)
        s.stageText(o + 6, t.type.rawValue)
        s.stageText(o + 7, t.originalPayee)
        s.stageText(o + 8, t.payee == t.originalPayee ? nil : t.payee)   // NULL: the same as the bank's
        s.stageText(o + 9, t.memo)
        s.stageText(o + 10, t.notes)
        s.bind(o + 11, categoryId)
        s.bind(o + 12, projectId)
        s.bind(o + 13, placeId)
        s.stageText(o + 14, t.bankId)
        s.stageText(o + 15, t.bankType)
        s.stageText(o + 16, t.checkNumber)
        s.stageText(o + 17, t.transferHint)
        s.stageText(o + 18, nil)   // splits are rows of transaction_parts (``insertParts``)
        s.stageText(o + 19, t.extra.isEmpty ? nil : Ledger.json(t.extra))
        s.stageText(o + 20, t.sourceFormat)
        s.bind(o + 21, sourceFileId)
        s.bind(o + 22, t.sourceLine)
        s.stageText(o + 23, textKey)
        s.bind(o + 24, occurrence)
        s.stageText(o + 25, handFields.isEmpty ? nil : Ledger.fieldList(handFields))
        s.stageText(o + 26, ruleFields.isEmpty ? nil : Ledger.fieldList(ruleFields))
        s.bind(o + 27, batchId)
    }

    /// Links a stored transaction to its tags (created when new).
    func insertTags(_ t: LedgerTransaction, id: Int64, names: inout NameCache) throws(LedgerError) {
        guard !t.tags.isEmpty else { return }
        let tagInsert = try db.statement("INSERT OR IGNORE INTO transaction_tags (transaction_id, tag_id) VALUES (?, ?)")
        for title in t.tags where blankToNil(title) != nil {
            let tagId = try names.tag(title, in: self)
            tagInsert.resetKeepingBindings()
            tagInsert.bind(1, id)
            tagInsert.bind(2, tagId)
            while try tagInsert.step() {}
            tagInsert.resetKeepingBindings()
        }
    }

    /// Tag links written by one INSERT during an import (many, as ``rowsPerInsert``: each
    /// INSERT's own costs are shared by its rows).
    static let tagLinksPerInsert = 256
    static let tagLinkInsertSQL = "INSERT OR IGNORE INTO transaction_tags (transaction_id, tag_id) VALUES (?, ?)"
    static let tagLinksInsertSQL = tagLinkInsertSQL + String(repeating: ", (?, ?)", count: tagLinksPerInsert - 1)

    /// Stores `links` (transaction id, tag id) as ``insertTags(_:id:names:)`` does one by one,
    /// `tagLinksPerInsert` to an INSERT, and takes them out of the list: every full INSERT's
    /// worth, and with `all` the rest too, one by one (a link stored twice is kept once).
    func insertTagLinks(_ links: inout [(transactionId: Int64, tagId: Int64)], all: Bool) throws(LedgerError) {
        defer {
            if all { links.removeAll(keepingCapacity: true) } else {
                links.removeFirst(links.count - links.count % Ledger.tagLinksPerInsert)
            }
        }
        guard !links.isEmpty else { return }
        var start = 0
        if links.count >= Ledger.tagLinksPerInsert {
            let many = try db.statement(Ledger.tagLinksInsertSQL)
            while links.count - start >= Ledger.tagLinksPerInsert {
                many.resetKeepingBindings()
                for k in 0..<Ledger.tagLinksPerInsert {
                    many.bind(Int32(2 * k + 1), links[start + k].transactionId)
                    many.bind(Int32(2 * k + 2), links[start + k].tagId)
                }
                while try many.step() {}
                start += Ledger.tagLinksPerInsert
            }
            many.resetKeepingBindings()
        }
        guard all, start < links.count else { return }
        let single = try db.statement(Ledger.tagLinkInsertSQL)
        for link in links[start...] {
            single.resetKeepingBindings()
            single.bind(1, link.transactionId)
            single.bind(2, link.tagId)
            while try single.step() {}
        }
        single.resetKeepingBindings()
    }

    /// The checks every stored transaction passes.
    ///
    /// `checkCategory: false` skips the category check when the same path already passed it in this write.
    static func validate(_ t: LedgerTransaction, account: Account, checkCategory: Bool = true) throws(LedgerError) {
        guard t.currency == account.currency else {
            throw .invalid("currency", "a transaction of \(account.name) on \(t.day) is in \(t.currency); it should be in the account's currency \(account.currency)")
        }
        try validateParts(of: t)
        if checkCategory, let category = t.category { _ = try LedgerValidation.categoryPath(category) }
    }

    static func json<T: Encodable>(_ value: T) -> String? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

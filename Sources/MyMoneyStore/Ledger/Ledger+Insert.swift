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
        try withUnsafePointer(to: t) { (t) throws(LedgerError) in
            try stageTransaction(at: t, account: account, occurrence: occurrence, textKey: textKey, handFields: handFields,
                                 ruleFields: ruleFields, batchId: batchId, names: &names, statement: s, row: row)
        }
    }

    /// As above, for the transaction `t` points at, which stays where it is: each field is read
    /// where it is bound (the row was copied whole, and let go again, for every INSERT row: a
    /// dozen references retained and released; a tenth of the store's time on a 1M import).
    @inline(__always)
    func stageTransaction(at t: UnsafePointer<LedgerTransaction>, account: Account, occurrence: Int, textKey: String,
                          handFields: Set<TransactionField>, ruleFields: Set<TransactionField>, batchId: Int64?,
                          names: inout NameCache, statement s: PreparedStatement, row: Int) throws(LedgerError) {
        // Plain `if let`s: a closure over `names` (`Optional.map`) copied the cache per row.
        var categoryId: Int64?
        if let category = t.pointee.category, let known = names.validatedCategory(category) {
            try Ledger.validate(at: t, account: account, checkCategory: false)
            categoryId = known
        } else {
            try Ledger.validate(at: t, account: account)
            if let category = t.pointee.category { categoryId = try names.category(validated: category, in: self) }
        }
        var projectId: Int64?, placeId: Int64?, sourceFileId: Int64?
        if let project = blankToNil(t.pointee.project) { projectId = try names.project(project, in: self) }
        if let place = blankToNil(t.pointee.place) { placeId = try names.place(place, in: self) }
        if let file = t.pointee.sourceFile { sourceFileId = try names.sourceFile(file, in: self) }
        let o = Int32(row * Ledger.insertColumnCount)
        s.bind(o + 1, account.id)
        s.bind(o + 2, Int64(t.pointee.day.daysSinceEpoch))
        s.bind(o + 3, t.pointee.amount.units)
        s.bind(o + 4, t.pointee.amount.scale)
        s.stageText(o + 5, names.code(of: t.pointee.currency))
        s.stageText(o + 6, t.pointee.type.rawValue)
        s.stageText(o + 7, t.pointee.originalPayee)
        s.stageText(o + 8, t.pointee.payee == t.pointee.originalPayee ? nil : t.pointee.payee)   // NULL: the same as the bank's
        s.stageText(o + 9, t.pointee.memo)
        s.stageText(o + 10, t.pointee.notes)
        s.bind(o + 11, categoryId)
        s.bind(o + 12, projectId)
        s.bind(o + 13, placeId)
        s.stageText(o + 14, t.pointee.bankId)
        s.stageText(o + 15, t.pointee.bankType)
        s.stageText(o + 16, t.pointee.checkNumber)
        s.stageText(o + 17, t.pointee.transferHint)
        s.stageText(o + 18, nil)   // splits are rows of transaction_parts (``insertParts``)
        s.stageText(o + 19, t.pointee.extra.isEmpty ? nil : Ledger.extraJSON(t.pointee.extra))
        s.stageText(o + 20, t.pointee.sourceFormat)
        s.bind(o + 21, sourceFileId)
        s.bind(o + 22, t.pointee.sourceLine)
        s.stageText(o + 23, textKey)
        s.bind(o + 24, occurrence)
        s.stageText(o + 25, handFields.isEmpty ? nil : names.fieldList(handFields))
        s.stageText(o + 26, ruleFields.isEmpty ? nil : names.fieldList(ruleFields))
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
        try withUnsafePointer(to: t) { (t) throws(LedgerError) in try validate(at: t, account: account, checkCategory: checkCategory) }
    }

    /// As above, for the transaction `t` points at (read in place, not copied).
    @inline(__always)
    static func validate(at t: UnsafePointer<LedgerTransaction>, account: Account, checkCategory: Bool = true) throws(LedgerError) {
        guard t.pointee.currency == account.currency else {
            throw .invalid("currency", "a transaction of \(account.name) on \(t.pointee.day) is in \(t.pointee.currency); it should be in the account's currency \(account.currency)")
        }
        if !t.pointee.splits.isEmpty { try validateParts(of: t.pointee) }
        if checkCategory, let category = t.pointee.category { _ = try LedgerValidation.categoryPath(category) }
    }

    /// A transaction's extra fields as the `extra` column holds them, `[{"key":…,"value":…}]`,
    /// always in that order (JSONEncoder put the two keys in the order of the process's hash
    /// seed: the same import gave files that differed; and it cost microseconds a row).
    static func extraJSON(_ fields: [StatementField]) -> String {
        JSONValue.array(fields.map { .object([("key", .string($0.key)), ("value", .string($0.value))]) }).serialized(pretty: false)
    }
}

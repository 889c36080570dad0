import Foundation

/// Writing one transaction row: validation, names to ids, the prepared INSERT.
extension Ledger {
    static let insertSQL = """
        INSERT INTO transactions (account_id, day, amount_units, amount_scale, currency, type, original_payee, payee,
            memo, notes, category_id, project_id, place_id, bank_id, bank_type, check_number, transfer_hint, splits,
            extra, source_format, source_file, source_line, text_key, occurrence, hand_fields, rule_fields, batch_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// Validates and inserts one transaction; returns its id.
    func insertTransaction(_ t: LedgerTransaction, account: Account, occurrence: Int, textKey: String,
                           handFields: Set<TransactionField>, ruleFields: Set<TransactionField>, batchId: Int64?,
                           names: inout NameCache, statement: PreparedStatement? = nil) throws(LedgerError) -> Int64 {
        try Ledger.validate(t, account: account, checkCategory: !(t.category.map(names.isValidated) ?? true))
        if let category = t.category { names.markValidated(category) }
        let categoryId = try t.category.map { (p) throws(LedgerError) in try names.category(p, in: self) }
        let projectId = try blankToNil(t.project).map { (p) throws(LedgerError) in try names.project(p, in: self) }
        let placeId = try blankToNil(t.place).map { (p) throws(LedgerError) in try names.place(p, in: self) }
        let s: PreparedStatement
        if let statement { s = statement } else { s = try db.statement(Ledger.insertSQL) }
        s.bind(1, account.id)
        s.bind(2, Int64(t.day.daysSinceEpoch))
        s.bind(3, t.amount.units)
        s.bind(4, t.amount.scale)
        s.stageText(5, t.currency.code)
        s.stageText(6, t.type.rawValue)
        s.stageText(7, t.originalPayee)
        s.stageText(8, t.payee == t.originalPayee ? nil : t.payee)   // NULL: the same as the bank's
        s.stageText(9, t.memo)
        s.stageText(10, t.notes)
        s.bind(11, categoryId)
        s.bind(12, projectId)
        s.bind(13, placeId)
        s.stageText(14, t.bankId)
        s.stageText(15, t.bankType)
        s.stageText(16, t.checkNumber)
        s.stageText(17, t.transferHint)
        s.stageText(18, t.splits.isEmpty ? nil : Ledger.json(t.splits))
        s.stageText(19, t.extra.isEmpty ? nil : Ledger.json(t.extra))
        s.stageText(20, t.sourceFormat)
        s.stageText(21, t.sourceFile)
        s.bind(22, t.sourceLine)
        s.stageText(23, textKey)
        s.bind(24, occurrence)
        s.stageText(25, handFields.isEmpty ? nil : Ledger.fieldList(handFields))
        s.stageText(26, ruleFields.isEmpty ? nil : Ledger.fieldList(ruleFields))
        s.bind(27, batchId)
        try s.stepStaged()
        let id = db.lastInsertRowID
        s.resetKeepingBindings()
        if !t.tags.isEmpty {
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
        return id
    }

    /// The checks every stored transaction passes.
    ///
    /// `checkCategory: false` skips the category check when the same path already passed it in this write.
    static func validate(_ t: LedgerTransaction, account: Account, checkCategory: Bool = true) throws(LedgerError) {
        guard t.currency == account.currency else {
            throw .invalid("currency", "a transaction of \(account.name) on \(t.day) is in \(t.currency); it should be in the account's currency \(account.currency)")
        }
        if !t.splits.isEmpty {
            let total = try sum(t.splits.map(\.amount))
            guard total == t.amount else {
                throw .invalid("splits", "the splits of the transaction on \(t.day) add up to \(total), not its amount \(t.amount)")
            }
        }
        if checkCategory, let category = t.category { _ = try LedgerValidation.categoryPath(category) }
    }

    static func json<T: Encodable>(_ value: T) -> String? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

import MyMoneyImport
import Foundation
internal import MyMoneySQLite

/// Transactions: add by hand, query, edit by hand, apply rule results.
extension Ledger {
    /// Stores one transaction typed in by hand (no import batch) and returns it with its id.
    ///
    /// - Throws: `.invalid` when its currency is not its account's, or its splits do not add up.
    @discardableResult
    package func addTransaction(_ transaction: LedgerTransaction) throws(LedgerError) -> LedgerTransaction {
        try atomically { () throws(LedgerError) -> LedgerTransaction in
            let account = try self.account(id: transaction.accountId)
            var names = NameCache()
            var manual = transaction
            if manual.sourceFormat == nil { manual.sourceFormat = "manual" }
            let id = try insertTransaction(manual, account: account, occurrence: 1,
                                           textKey: IdentityCandidate(manual).textKey, handFields: [],
                                           ruleFields: [], batchId: nil, names: &names)
            return try self.transaction(id: id)
        }
    }

    /// The transaction with this id.
    package func transaction(id: Int64) throws(LedgerError) -> LedgerTransaction {
        guard let found = try transactions(sql: "t.id = ?", [.integer(id)]).first else {
            throw .notFound("there is no transaction with id \(id)")
        }
        return found
    }

    /// Transactions matching `filter`, sorted by day, then id.
    ///
    /// - Throws: `.notFound` when the filter names a category, tag, project or place the ledger lacks.
    package func transactions(matching filter: TransactionFilter = TransactionFilter()) throws(LedgerError) -> [LedgerTransaction] {
        var (conditions, values) = try sqlConditions(for: filter)
        if !filter.accountIds.isEmpty {
            conditions.insert("t.account_id IN (\(Ledger.placeholders(filter.accountIds.count)))", at: 0)
            values.insert(contentsOf: filter.accountIds.map { .integer($0) }, at: 0)
        }
        let needsSwiftFilter = Ledger.needsSwiftFilter(filter)
        let limit = needsSwiftFilter ? nil : filter.limit
        var rows = try transactions(sql: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), values,
                                    limit: limit, cached: false, counting: limit == nil)
        if needsSwiftFilter {
            rows = rows.filter { Ledger.passesSwiftFilter($0, filter) }
            if let limit = filter.limit, rows.count > limit { rows = Array(rows.prefix(max(0, limit))) }
        }
        return rows
    }

    /// The SQL conditions on `t` (and their values, in order) for everything in `filter` but its
    /// accounts, amounts and text (the amounts and text are checked in Swift: ``passesSwiftFilter(_:_:)``).
    ///
    /// - Throws: `.notFound` when the filter names a category, tag, project or place the ledger lacks.
    func sqlConditions(for filter: TransactionFilter) throws(LedgerError) -> (conditions: [String], values: [SQLValue]) {
        var conditions: [String] = []
        var values: [SQLValue] = []
        if let from = filter.from { conditions.append("t.day >= ?"); values.append(.of(from)) }
        if let through = filter.through { conditions.append("t.day <= ?"); values.append(.of(through)) }
        if let category = filter.category {
            guard try self.category(at: category) != nil else { throw .notFound("there is no category \(category)") }
            // The transaction's own category, or one of its parts'.
            let subtree = "SELECT id FROM categories WHERE path_key = ? OR (path_key >= ? AND path_key < ?)"
            conditions.append("(t.category_id IN (\(subtree)) OR t.id IN (SELECT transaction_id FROM transaction_parts WHERE category_id IN (\(subtree))))")
            values += Ledger.subtreeBounds(category) + Ledger.subtreeBounds(category)
        }
        if filter.uncategorized {
            conditions.append("t.category_id IS NULL AND NOT EXISTS (SELECT 1 FROM transaction_parts x WHERE x.transaction_id = t.id AND x.category_id IS NOT NULL)")
        }
        if !filter.types.isEmpty {
            let types = filter.types.map(\.rawValue).sorted()
            conditions.append("t.type IN (\(Ledger.placeholders(types.count)))")
            values += types.map { .text($0) }
        }
        if let name = filter.place {
            guard let place = try place(named: name), let id = place.id else { throw .notFound("there is no place named \(name)") }
            conditions.append("t.place_id = ?"); values.append(.integer(id))
        }
        if let title = filter.project {
            guard let project = try project(titled: title), let id = project.id else { throw .notFound("there is no project named \(title)") }
            conditions.append("t.project_id = ?"); values.append(.integer(id))
        }
        if !filter.tags.isEmpty {
            var tagIds: [Int64] = []
            for title in filter.tags {
                guard let tag = try tag(titled: title), let id = tag.id else { throw .notFound("there is no tag named \(title)") }
                tagIds.append(id)
            }
            switch filter.tagMatch {
            case .any:
                conditions.append("t.id IN (SELECT transaction_id FROM transaction_tags WHERE tag_id IN (\(Ledger.placeholders(tagIds.count))))")
                values += tagIds.map { .integer($0) }
            case .all:
                for id in tagIds {
                    conditions.append("EXISTS (SELECT 1 FROM transaction_tags x WHERE x.transaction_id = t.id AND x.tag_id = ?)")
                    values.append(.integer(id))
                }
            }
        }
        if let batchId = filter.batchId { conditions.append("t.batch_id = ?"); values.append(.integer(batchId)) }
        if let batchId = filter.excludedBatchId {
            conditions.append("(t.batch_id IS NULL OR t.batch_id <> ?)"); values.append(.integer(batchId))
        }
        if let last = filter.storedThroughId { conditions.append("t.id <= ?"); values.append(.integer(last)) }
        return (conditions, values)
    }

    /// Whether part of `filter` is checked in Swift, after the query.
    static func needsSwiftFilter(_ filter: TransactionFilter) -> Bool {
        filter.minimumAmount != nil || filter.maximumAmount != nil || blankToNil(filter.text) != nil
    }

    /// Whether `t` passes the amounts and text of `filter` (the rest is in the SQL).
    static func passesSwiftFilter(_ t: LedgerTransaction, _ filter: TransactionFilter) -> Bool {
        if let min = filter.minimumAmount, t.amount < min { return false }
        if let max = filter.maximumAmount, t.amount > max { return false }
        if let needle = blankToNil(filter.text) {
            let haystacks = [t.payee, t.originalPayee, t.memo, t.notes] + t.splits.map(\.memo)
            guard haystacks.contains(where: {
                $0?.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
            }) else { return false }
        }
        return true
    }

    /// Changes fields of a stored transaction by hand: rules never change those fields again.
    ///
    /// A change of day, amount or account of an imported transaction keeps the ones it was
    /// imported with as its identity (`import_*`), so importing its statement again finds it
    /// instead of adding it anew. A new amount retypes it income or expense by its sign unless it
    /// is a transfer or its type was set by hand.
    ///
    /// - Throws: `.invalid` when the result breaks a rule of the ledger (parts not adding up to
    ///   the amount, an account in another currency); nothing is changed then.
    @discardableResult
    package func editTransaction(id: Int64, _ changes: [TransactionChange]) throws(LedgerError) -> LedgerTransaction {
        try atomically { () throws(LedgerError) -> LedgerTransaction in
            var origins = try fieldMarks(id: id)
            let typeSetByHand = origins.hand.contains(.type) || changes.contains { $0.field == .type }
            var names = NameCache()
            for change in changes {
                try apply(change, to: id, names: &names)
                origins.hand.insert(change.field)
                origins.rule.remove(change.field)
            }
            if changes.contains(where: { $0.field == .amount }) && !typeSetByHand {
                try db.statement("""
                    UPDATE transactions SET type = CASE WHEN type = 'transfer' THEN type WHEN amount_units < 0 THEN 'expense'
                    ELSE 'income' END WHERE id = ?
                    """).run([.integer(id)])
            }
            try saveFieldMarks(id: id, origins)
            let edited = try transaction(id: id)
            try Ledger.validateParts(of: edited)
            let account = try account(id: edited.accountId)
            guard account.currency == edited.currency else {
                throw .invalid("account", "\(account.name) is in \(account.currency), the transaction in \(edited.currency): it can only move to an account in \(edited.currency)")
            }
            return edited
        }
    }

    /// Applies what a rule run decided, leaving alone every field the user set by hand unless
    /// `overwriteManual` (the field then counts as set by the rules); a dry run rolls it all back.
    ///
    /// Called outside a transaction, it is one of its own. Inside another it is a savepoint, and
    /// then every row it changes costs a page written to SQLite's statement journal on disk (the
    /// savepoint's journal outgrows memory): a dry run asks here, not with a transaction around it.
    ///
    /// - Returns: the number of fields changed.
    @discardableResult
    package func applyRuleResults(_ results: [RuleResult], overwriteManual: Bool = false, dryRun: Bool = false) throws(LedgerError) -> Int {
        try atomically(dryRun: dryRun) { () throws(LedgerError) -> Int in
            var names = NameCache()
            var changed = 0
            for result in results {
                var origins = try fieldMarks(id: result.transactionId)
                for change in result.changes where overwriteManual || !origins.hand.contains(change.field) {
                    try apply(change, to: result.transactionId, names: &names)
                    origins.hand.remove(change.field)
                    origins.rule.insert(change.field)
                    changed += 1
                }
                try saveFieldMarks(id: result.transactionId, origins)
            }
            return changed
        }
    }

    /// Removes one transaction, with its tags and any transfer link (the other leg gets back the type its
    /// sign implies). To take back a whole import, use ``undoImport(batchId:)``.
    package func deleteTransaction(id: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            _ = try transaction(id: id)
            let others = try db.statement("""
                SELECT to_transaction_id FROM transfers WHERE from_transaction_id = ?1
                UNION SELECT from_transaction_id FROM transfers WHERE to_transaction_id = ?1
                """).rows([.integer(id)]) { $0.int64(0) }
            try db.statement("DELETE FROM transfers WHERE from_transaction_id = ?1 OR to_transaction_id = ?1").run([.integer(id)])
            for other in others { try restoreTypeFromSign(transactionId: other) }
            try db.statement("DELETE FROM rejected_transfers WHERE first_transaction_id = ?1 OR second_transaction_id = ?1")
                .run([.integer(id)])
            try db.statement("DELETE FROM transaction_tags WHERE transaction_id = ?").run([.integer(id)])
            try db.statement("DELETE FROM transactions WHERE id = ?").run([.integer(id)])
        }
    }

    /// Who last set each field of a transaction that is not as imported.
    package func fieldOrigins(transactionId: Int64) throws(LedgerError) -> [TransactionField: FieldOrigin] {
        let marks = try fieldMarks(id: transactionId)
        var result: [TransactionField: FieldOrigin] = [:]
        for field in TransactionField.allCases {
            result[field] = marks.hand.contains(field) ? .hand : (marks.rule.contains(field) ? .rule : .source)
        }
        return result
    }

    /// The fields a rule or the user set, of every stored transaction that has any: what
    /// ``fieldOrigins(transactionId:)`` says of each, without its `.source` fields, in one pass over
    /// the ledger. A transaction not in it has every field as its statement gave it. One query per
    /// transaction (a read of its own each, outside a write) made `rules apply` on a million rows
    /// spend most of its time taking and dropping SQLite's file locks.
    package func setFieldOrigins() throws(LedgerError) -> [Int64: [TransactionField: FieldOrigin]] {
        var parsed: [String: Set<TransactionField>] = [:]
        func fields(_ text: String?) -> Set<TransactionField> {
            guard let text else { return [] }
            if let known = parsed[text] { return known }
            let found = Ledger.fields(text)
            parsed[text] = found
            return found
        }
        var result: [Int64: [TransactionField: FieldOrigin]] = [:]
        let marked = try db.statement("SELECT id, hand_fields, rule_fields FROM transactions WHERE hand_fields IS NOT NULL OR rule_fields IS NOT NULL")
            .rows { ($0.int64(0), $0.optionalText(1), $0.optionalText(2)) }
        for (id, handText, ruleText) in marked {
            var origins: [TransactionField: FieldOrigin] = [:]
            for field in fields(ruleText) { origins[field] = .rule }
            for field in fields(handText) { origins[field] = .hand }
            if !origins.isEmpty { result[id] = origins }
        }
        return result
    }

    // MARK: Internals

    struct FieldMarks {
        var hand: Set<TransactionField>
        var rule: Set<TransactionField>
    }

    private func fieldMarks(id: Int64) throws(LedgerError) -> FieldMarks {
        guard let marks = try db.statement("SELECT hand_fields, rule_fields FROM transactions WHERE id = ?")
            .rows([.integer(id)], { FieldMarks(hand: Ledger.fields($0.optionalText(0) ?? ""), rule: Ledger.fields($0.optionalText(1) ?? "")) }).first
        else { throw .notFound("there is no transaction with id \(id)") }
        return marks
    }

    private func saveFieldMarks(id: Int64, _ marks: FieldMarks) throws(LedgerError) {
        try db.statement("UPDATE transactions SET hand_fields = ?, rule_fields = ? WHERE id = ?")
            .run([.of(marks.hand.isEmpty ? nil : Ledger.fieldList(marks.hand)),
                  .of(marks.rule.isEmpty ? nil : Ledger.fieldList(marks.rule)), .integer(id)])
    }

    static func fields(_ text: String) -> Set<TransactionField> {
        Set(text.split(separator: ",").compactMap { TransactionField(rawValue: String($0)) })
    }

    static func fieldList(_ fields: Set<TransactionField>) -> String {
        fields.sorted().map(\.rawValue).joined(separator: ",")
    }

    private func apply(_ change: TransactionChange, to id: Int64, names: inout NameCache) throws(LedgerError) {
        func set(_ column: String, _ value: SQLValue) throws(LedgerError) {
            try db.statement("UPDATE transactions SET \(column) = ? WHERE id = ?").run([value, .integer(id)])
        }
        switch change {
        case .day(let day):
            try keepImportIdentity(id)
            try set("day", .of(day))
        case .amount(let amount):
            try keepImportIdentity(id)
            try db.statement("UPDATE transactions SET amount_units = ?, amount_scale = ? WHERE id = ?")
                .run([.integer(amount.units), .integer(Int64(amount.scale)), .integer(id)])
        case .account(let accountId):
            _ = try account(id: accountId)
            try keepImportIdentity(id)
            try set("account_id", .integer(accountId))
        case .splits(let splits):
            try replaceParts(id: id, with: splits, names: &names)
        case .payee(let v):   // stored NULL when it is the bank's own, which is what clearing it shows
            try db.statement("UPDATE transactions SET payee = CASE WHEN ?1 IS original_payee THEN NULL ELSE ?1 END WHERE id = ?2")
                .run([.of(blankToNil(v)), .integer(id)])
        case .memo(let v): try set("memo", .of(blankToNil(v)))
        case .notes(let v): try set("notes", .of(blankToNil(v)))
        case .type(let v): try set("type", .text(v.rawValue))
        case .category(let path): try set("category_id", .of(try path.map { (p) throws(LedgerError) in try names.category(p, in: self) }))
        case .project(let v): try set("project_id", .of(try blankToNil(v).map { (p) throws(LedgerError) in try names.project(p, in: self) }))
        case .place(let v): try set("place_id", .of(try blankToNil(v).map { (p) throws(LedgerError) in try names.place(p, in: self) }))
        case .tags(let titles):
            try db.statement("DELETE FROM transaction_tags WHERE transaction_id = ?").run([.integer(id)])
            for title in titles {
                let tagId = try names.tag(title, in: self)
                try db.statement("INSERT OR IGNORE INTO transaction_tags (transaction_id, tag_id) VALUES (?, ?)")
                    .run([.integer(id), .integer(tagId)])
            }
        }
    }

    /// Records the account, day and amount an imported transaction has now as the ones it was
    /// imported with, unless they were recorded before (or it was typed in by hand).
    private func keepImportIdentity(_ id: Int64) throws(LedgerError) {
        try db.statement("""
            UPDATE transactions SET import_account_id = account_id, import_day = day, import_units = amount_units,
                   import_scale = amount_scale
            WHERE id = ? AND import_day IS NULL AND batch_id IS NOT NULL
            """).run([.integer(id)])
    }

    static func placeholders(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ", ") }

    /// Reads transactions matching a SQL condition on `t`, by day then id.
    ///
    /// `counting`: the query may return many rows; count them first so their array is allocated once.
    ///
    /// `noParts`: the condition keeps only transactions without parts, so their parts are not
    /// looked for (a second pass of the condition over the ledger).
    func transactions(sql condition: String, _ values: [SQLValue], limit: Int? = nil, cached: Bool = true,
                      counting: Bool = false, noParts: Bool = false) throws(LedgerError) -> [LedgerTransaction] {
        // Without a limit the rows are sorted here (by day, then id): cheaper than SQLite's sorter,
        // which copies every column of every row.
        let order = limit.map { " ORDER BY t.day, t.id LIMIT \(max(0, $0))" } ?? ""
        // Many rows: counted first, so the array is allocated once (growing it by doubling would
        // hold the old and the new storage at once, half again the memory at the peak).
        var expected = 0
        var tagsUpFront = false
        if counting && limit == nil {
            let countSQL = "SELECT count(*) FROM transactions t WHERE \(condition)"
            let counter = cached ? try db.statement(countSQL) : try db.uncachedStatement(countSQL)
            expected = try counter.rows(values) { Int($0.int64(0)) }.first ?? 0
            // Many rows and not many more tag rows in the whole ledger: their tags in one pass over
            // the tags up front (a subquery per row costs about half the scan).
            if expected >= 1000 {
                let tagRows = try db.statement("SELECT count(*) FROM transaction_tags").rows { Int($0.int64(0)) }.first ?? 0
                tagsUpFront = tagRows <= expected * 4
            }
        }
        let tagColumn = tagsUpFront ? "NULL" : StoredTransactionRow.tagsPerRow
        let sql = "\(StoredTransactionRow.select(tags: tagColumn)) WHERE \(condition)\(order)"
        let statement = cached ? try db.statement(sql) : try db.uncachedStatement(sql)
        var tagsById: [Int64: [String]] = [:]
        if tagsUpFront {
            let tagSQL = """
                SELECT x.transaction_id, g.title FROM transaction_tags x CROSS JOIN transactions t ON t.id = x.transaction_id
                JOIN tags g ON g.id = x.tag_id WHERE \(condition)
                """
            let tagQuery = cached ? try db.statement(tagSQL) : try db.uncachedStatement(tagSQL)
            for (id, title) in try tagQuery.rows(values, { ($0.int64(0), $0.text(1)) }) { tagsById[id, default: []].append(title) }
        }
        var decoder = StoredTransactionRow()
        var rows = try statement.rows(values, reserving: expected) { row throws(LedgerError) -> LedgerTransaction in
            let tags: [String]
            if tagsUpFront {
                tags = tagsById.removeValue(forKey: row.int64(0)).map(Ledger.sortedTags) ?? []
            } else {
                tags = StoredTransactionRow.tags(row)
            }
            return try decoder.transaction(row, tags: tags)
        }
        if limit == nil { Ledger.sortByDayAndId(&rows) }
        let parts = noParts ? [:] : try parts(sql: condition, values, cached: cached)
        if !parts.isEmpty {
            for i in rows.indices { if let id = rows[i].id, let found = parts[id] { rows[i].splits = found } }
        }
        return rows
    }

    /// The largest transaction id so far (0 for an empty ledger). A transaction stored later gets
    /// a larger id: SQLite gives a new row one more than the largest id in the table.
    package func lastTransactionId() throws(LedgerError) -> Int64 {
        try db.statement("SELECT COALESCE(max(id), 0) FROM transactions").rows { $0.int64(0) }.first ?? 0
    }

    /// Tag titles in the order the ledger lists a transaction's tags.
    static func sortedTags(_ titles: [String]) -> [String] {
        titles.sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
    }

    /// The tags a transaction written with `titles` ends up with, in the ledger's order: blank
    /// titles dropped, one per tag (titles that differ only in letter case are one tag).
    package static func tagsInStoredOrder(_ titles: [String]) -> [String] {
        var seen = Set<String>()
        return sortedTags(titles.filter { blankToNil($0) != nil && seen.insert(LedgerValidation.key($0)).inserted })
    }

    /// `rows` by day, then id (ids are unique), in place: only small sort keys are copied. This
    /// is the order ``transactions(matching:)`` returns.
    package static func sortByDayAndId(_ rows: inout [LedgerTransaction]) {
        var sorted = true
        var index = 1
        while index < rows.count {
            if (rows[index - 1].day, rows[index - 1].id ?? 0) > (rows[index].day, rows[index].id ?? 0) { sorted = false; break }
            index += 1
        }
        if sorted { return }
        var keys: [(day: Day, id: Int64, index: Int)] = []
        keys.reserveCapacity(rows.count)
        // By index: `for (i, t) in rows.enumerated()` copied every row (a retain and a release
        // per text of each).
        for i in rows.indices { keys.append((rows[i].day, rows[i].id ?? 0, i)) }
        keys.sort { ($0.day, $0.id) < ($1.day, $1.id) }
        // Position p takes the row now at keys[p].index: follow each cycle of that permutation,
        // moving rows (no reference counting).
        var source = keys.map(\.index)
        keys = []
        rows.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in source.indices where source[start] != start {
                let held = (base + start).move()
                var position = start
                while source[position] != start {
                    let next = source[position]
                    (base + position).moveInitialize(from: base + next, count: 1)
                    source[position] = position
                    position = next
                }
                (base + position).initialize(to: held)
                source[position] = position
            }
        }
    }
}

extension Ledger {
    /// Whether `accountId` holds a transaction that came from a statement (its source format is
    /// not `manual`): one indexed probe instead of loading the account's transactions.
    package func hasImportedTransactions(accountId: Int64) throws(LedgerError) -> Bool {
        try !db.statement("""
            SELECT 1 FROM transactions WHERE account_id = ? AND COALESCE(source_format, 'manual') <> 'manual' LIMIT 1
            """).rows([.integer(accountId)]) { $0.int64(0) }.isEmpty
    }
}

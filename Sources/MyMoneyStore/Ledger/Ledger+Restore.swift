import MyMoneyImport

/// Everything a ledger holds, to restore into an empty ledger with the same ids.
package struct LedgerContents: Sendable {
    package var accounts: [Account]
    package var categories: [LedgerCategory]
    package var tags: [LedgerTag]
    package var projects: [Project]
    package var places: [Place]
    package var budgets: [Budget]
    package var batches: [ImportBatch]
    package var transactions: [LedgerTransaction]
    package var batchOfTransaction: [Int64: Int64]
    package var transfers: [TransferLink]
    package var balances: [StoredBalance]
    package var rates: [StoredRate]

    package init(accounts: [Account], categories: [LedgerCategory], tags: [LedgerTag], projects: [Project], places: [Place],
                 budgets: [Budget], batches: [ImportBatch], transactions: [LedgerTransaction], batchOfTransaction: [Int64: Int64],
                 transfers: [TransferLink], balances: [StoredBalance], rates: [StoredRate] = []) {
        self.rates = rates
        self.accounts = accounts
        self.categories = categories
        self.tags = tags
        self.projects = projects
        self.places = places
        self.budgets = budgets
        self.batches = batches
        self.transactions = transactions
        self.batchOfTransaction = batchOfTransaction
        self.transfers = transfers
        self.balances = balances
    }
}

extension Ledger {
    /// Whether the ledger holds nothing a user added (accounts, categories, tags, projects,
    /// places, budgets, imports, transactions).
    package func isEmpty() throws(LedgerError) -> Bool {
        for table in ["accounts", "categories", "tags", "projects", "places", "budgets", "import_batches", "transactions"] {
            if try db.statement("SELECT EXISTS (SELECT 1 FROM \(table))").rows([], { $0.int64(0) }).first == 1 { return false }
        }
        return true
    }

    /// Restores `contents` into this empty ledger, every entry with its own id, in one SQL transaction.
    ///
    /// What the contents do not carry is made again as an import makes it: a transaction's text
    /// key and its occurrence among identical rows. Which fields the user or rules set is not
    /// kept (every field counts as imported).
    /// - Throws: `.inUse` when the ledger is not empty; any check of the entries' own.
    package func restore(_ contents: LedgerContents) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            guard try isEmpty() else {
                throw LedgerError(.inUse, "the ledger is not empty: a JSON export is restored into a new ledger only (use --ledger NEW.sqlite)")
            }
            for a in contents.accounts {
                guard let id = a.id else { continue }
                try db.statement("""
                    INSERT INTO accounts (id, name, name_key, kind, currency, bank_id, opening_units, opening_scale, reconciled_through)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).run([.integer(id), .text(a.name), .text(LedgerValidation.key(a.name)), .text(a.kind.rawValue),
                              .text(a.currency.code), .of(a.bankId), .integer(a.openingBalance.units),
                              .integer(Int64(a.openingBalance.scale)), .of(a.reconciledThrough)])
                try setNumbers(a.numbers, for: id)
            }
            for c in contents.categories.sorted(by: { ($0.depth, $0.id) < ($1.depth, $1.id) }) {
                try db.statement("INSERT INTO categories (id, parent_id, name, path, path_key, depth, icon) VALUES (?, ?, ?, ?, ?, ?, ?)")
                    .run([.integer(c.id), .of(c.parentId), .text(c.name), .text(c.path.description), .text(Ledger.pathKey(c.path)),
                          .integer(Int64(c.depth)), .of(c.icon)])
            }
            for t in contents.tags {
                try db.statement("INSERT INTO tags (id, title, title_key, color) VALUES (?, ?, ?, ?)")
                    .run([.of(t.id), .text(t.title), .text(LedgerValidation.key(t.title)), .of(t.color)])
            }
            for p in contents.projects {
                try db.statement("INSERT INTO projects (id, title, title_key, start_day, end_day, archived) VALUES (?, ?, ?, ?, ?, ?)")
                    .run([.of(p.id), .text(p.title), .text(LedgerValidation.key(p.title)), .of(p.startDay), .of(p.endDay),
                          .integer(p.isArchived ? 1 : 0)])
            }
            for p in contents.places {
                try db.statement("INSERT INTO places (id, name, name_key, address, city, country, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
                    .run([.of(p.id), .text(p.name), .text(LedgerValidation.key(p.name)), .of(p.address), .of(p.city), .of(p.country),
                          .of(p.latitude), .of(p.longitude)])
            }
            for b in contents.budgets {
                let added = try addBudget(b)
                if let want = b.id, let got = added.id, want != got {
                    try db.statement("UPDATE budgets SET id = ? WHERE id = ?").run([.integer(want), .integer(got)])
                }
            }
            for b in contents.batches {
                try db.statement("INSERT INTO import_batches (id, created_at, files, added, skipped, balances, undone_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
                    .run([.integer(b.id), .text(b.createdAt), .text(Ledger.encodeFiles(b.files)), .integer(Int64(b.added)),
                          .integer(Int64(b.skipped)), .integer(Int64(b.balances)), .of(b.undoneAt)])
            }
            try restoreTransactions(contents)
            for l in contents.transfers {
                try db.statement("""
                    INSERT INTO transfers (id, from_transaction_id, to_transaction_id, rate, fee_units, fee_scale, confidence, status, reasons)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).run([.of(l.id), .integer(l.fromTransactionId), .integer(l.toTransactionId), .of(l.rate?.description),
                              .of(l.fee?.units), .of(l.fee.map { $0.scale }), .real(l.confidence), .text(l.status.rawValue),
                              .of(Ledger.reasonsText(l.reasons))])
            }
            for b in contents.balances {
                try db.statement("""
                    INSERT INTO statement_balances (id, account_id, day, amount_units, amount_scale, kind, source_file_id, batch_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """).run([.of(b.id), .integer(b.accountId), .of(b.day), .integer(b.amount.units), .integer(Int64(b.amount.scale)),
                              .text(b.kind.rawValue), .of(try sourceFileId(b.sourceFile)), .of(b.batchId)])
            }
            for r in contents.rates {
                try LedgerValidation.positive(r.rate, field: "rate")
                guard r.from != r.to else { throw .invalid("rate", "a rate from \(r.from.code) to itself says nothing") }
                try db.statement("INSERT INTO rates (day, from_currency, to_currency, rate, source, file) VALUES (?, ?, ?, ?, ?, ?)")
                    .run([.of(r.day), .text(r.from.code), .text(r.to.code), .text(r.rate.description), .text(r.source.rawValue), .of(r.file)])
            }
        }
    }

    /// Transactions in id order, each given its id right after it is stored (before its tags and
    /// parts, which refer to it).
    private func restoreTransactions(_ contents: LedgerContents) throws(LedgerError) {
        var accounts: [Int64: Account] = [:]
        for a in contents.accounts { if let id = a.id { accounts[id] = a } }
        var names = NameCache()
        var seen: [String: Int] = [:]
        let insert = try db.statement(Ledger.insertSQL)
        for t in contents.transactions.sorted(by: { ($0.id ?? 0) < ($1.id ?? 0) }) {
            guard let want = t.id else { continue }
            guard let account = accounts[t.accountId] else {
                throw LedgerError(.invalid, "transaction \(want) names account \(t.accountId), which the export does not hold")
            }
            let textKey = IdentityCandidate(t).textKey
            let identity = "\(t.accountId)|\(t.day.daysSinceEpoch)|\(t.amount.normalized)|\(textKey)"
            let occurrence = (seen[identity] ?? 0) + 1
            seen[identity] = occurrence
            var stored = t
            stored.tags = []
            stored.splits = []
            try stageTransaction(stored, account: account, occurrence: occurrence, textKey: textKey, handFields: [], ruleFields: [],
                                 batchId: contents.batchOfTransaction[want], names: &names, statement: insert, row: 0)
            try insert.stepStaged()
            let got = db.lastInsertRowID
            insert.resetKeepingBindings()
            if got != want { try db.statement("UPDATE transactions SET id = ? WHERE id = ?").run([.integer(want), .integer(got)]) }
            try insertTags(t, id: want, names: &names)
            try insertParts(t, id: want, names: &names)
        }
    }
}

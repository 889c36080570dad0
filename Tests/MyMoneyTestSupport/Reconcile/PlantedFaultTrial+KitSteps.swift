import MyMoneyCore
import MyMoneyReconcile

extension PlantedFaultTrial {
    /// One thing a user does to make this trial's ledger through the Kit, in order: import a
    /// bank's CSV file, type a row in, edit an imported row's amount.
    public enum KitStep: Sendable {
        /// `mymoney import FILE --account ACCOUNT`: the rows as the bank has them, in file order.
        case importFile(name: String, account: String, rows: [LedgerTransaction])
        /// `mymoney transactions add`: a row typed by hand.
        case type(LedgerTransaction)
        /// `mymoney transactions edit ID --amount`: the `index`-th row of file `file`, after its import.
        case editAmount(file: String, index: Int, to: Amount)
    }

    /// Where one of the rows a right diagnosis names is made in ``kitSteps``.
    public enum KitRow: Sendable, Hashable {
        /// The `index`-th row of the file imported as `file`.
        case imported(file: String, index: Int)
        /// The row typed at step `step`.
        case typed(step: Int)
    }

    /// The steps that make this trial's ledger through the Kit, and where the rows the diagnosis
    /// must name are made.
    ///
    /// Each month: the Girokonto file (with the bank's amounts of rows the user edits later, and
    /// a second real purchase the import will skip), the Tagesgeld file, then the month's rows
    /// typed by hand. Rows planted after the ledger was made (an extra or duplicated row) are
    /// typed at the end, so they are entered late as in the trial; the edits come last. The
    /// duplicate is typed in again by hand: an import would skip a row stored already.
    public var kitSteps: (steps: [KitStep], expected: Set<KitRow>) {
        let rows = input.transactions.sorted { ($0.id ?? 0) < ($1.id ?? 0) }
        var steps: [KitStep] = []
        var place: [Int64: KitRow] = [:]
        var fileOfId: [Int64: (file: String, index: Int)] = [:]
        let generated = rows.filter { ($0.id ?? 0) <= lastGeneratedId }
        let files = monthStarts.indices.map { "giro-2025-\($0 + 1).csv" }
        for (m, file) in files.enumerated() {
            var bankRows: [LedgerTransaction] = []
            for t in generated where t.sourceFormat == "csv" && t.sourceFile == file {
                var bank = t
                if let id = t.id, let amount = bankAmounts[id] { bank.amount = amount }
                if let id = t.id { fileOfId[id] = (file, bankRows.count); place[id] = .imported(file: file, index: bankRows.count) }
                bankRows.append(bank)
            }
            bankRows += skippedRows.filter { $0.sourceFile == file }
            steps.append(.importFile(name: file, account: Self.account.name, rows: bankRows))
            let legs = savings.transactions.filter { $0.sourceFile == "tagesgeld-2025-\(m + 1).csv" }
            if !legs.isEmpty { steps.append(.importFile(name: "tagesgeld-2025-\(m + 1).csv", account: Self.savings.name, rows: legs)) }
            let monthEnd = m + 1 < monthStarts.count ? monthStarts[m + 1] : monthStarts[m].advanced(by: 30)
            for t in generated where t.sourceFormat != "csv" && t.day >= monthStarts[m] && t.day < monthEnd {
                if let id = t.id { place[id] = .typed(step: steps.count) }
                steps.append(.type(t))
            }
        }
        // A skipped row of a statement after the last month: that statement also brings a row after
        // every balance (a statement of only stored rows tells nothing and is not kept).
        let later = skippedRows.filter { row in !files.contains(row.sourceFile ?? "") }
        if let name = later.first?.sourceFile, let last = monthStarts.last {
            let after = LedgerTransaction(accountId: Self.account.id ?? 1, day: last.advanced(by: 31), amount: Amount(units: -100, scale: 2),
                                          currency: .EUR, originalPayee: "Bäckerei Kamps", sourceFormat: "csv", sourceFile: name)
            steps.append(.importFile(name: name, account: Self.account.name, rows: later + [after]))
        }
        for t in rows where (t.id ?? 0) > lastGeneratedId {
            var typed = t
            typed.sourceFormat = "manual"
            typed.sourceFile = nil
            typed.sourceLine = nil
            if let id = t.id { place[id] = .typed(step: steps.count) }
            steps.append(.type(typed))
        }
        for t in rows {
            guard let id = t.id, bankAmounts[id] != nil, let at = fileOfId[id] else { continue }
            steps.append(.editAmount(file: at.file, index: at.index, to: t.amount))
        }
        return (steps, Set(expectedIds.compactMap { place[$0] }))
    }

    /// The balances the trial checks, as the user asserts them to `reconcile` (the Kit's files
    /// carry no balances).
    public var assertions: [BalanceAssertion] {
        input.checkpoints.map { BalanceAssertion(account: Self.account.name, day: $0.day, amount: $0.balance, currency: .EUR) }
    }
}

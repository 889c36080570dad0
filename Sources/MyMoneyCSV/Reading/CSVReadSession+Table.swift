extension CSVReadSession {
    mutating func read(table: CSVTable, text: UnsafeBufferPointer<UInt8>, profile: CSVProfile?, explicit: Bool,
                       delimiter: UInt8, encoding: TextEncoding) -> [Statement] {
        var resolver = LayoutResolver(table: table, text: text, file: file)
        guard var layout = resolver.resolve(profile: profile, explicit: explicit, delimiter: delimiter) else {
            diagnostics.append(contentsOf: resolver.diagnostics)
            return []
        }
        diagnostics.append(contentsOf: resolver.diagnostics)
        guard let dateColumn = layout.column(.date) else { return [] }

        // Trailer rows: below the table, not dated (totals, disclaimers, "***END OF FILE***").
        var trailerRows = layout.endDataRow..<layout.endDataRow
        if !layout.isExplicit {
            trailerRows = TrailerScan.trailingRows(of: layout.firstDataRow..<layout.endDataRow) { row in
                if resolver.withCell(row, dateColumn, CellKind.isDate) ?? false { return true }
                if let status = layout.column(.status), CSVLayout.unbookedStatuses.contains(resolver.cell(row, status).lowercased()) { return true }
                return layout.skipWhen.contains(where: { $0.filter.skips(resolver.cell(row, $0.column)) })
            }
            layout.endDataRow = trailerRows.lowerBound
        }
        if layout.firstDataRow >= layout.endDataRow {
            if !trailerRows.isEmpty, trailerRows.lowerBound == layout.firstDataRow {
                // Every row below the header was taken for a trailer: the dates were not read.
                let example = trailerRows.lazy.map { resolver.cell($0, dateColumn) }.first { !$0.isEmpty }
                diagnostics.append(.error("csv.no-transactions",
                                          "none of the \(trailerRows.count) lines below the header is a transaction: every one was skipped as a line below the table",
                                          file: file, at: table.position(row: trailerRows.lowerBound, column: dateColumn, in: text),
                                          notes: ["no line has a date in column \"\(layout.columnNames[safe: dateColumn] ?? "#\(dateColumn + 1)")\""
                                                  + (example.map { ", e.g. \"\(String($0.prefix(40)))\"" } ?? ""),
                                                  "name the date column in a profile (date: COLUMN) if another column holds the dates"]))
                return []
            }
            diagnostics.append(.warning("csv.no-rows", "the file has a table header but no transactions", file: file,
                                        at: layout.headerRow.map { table.position(row: $0, column: nil, in: text) }))
        }

        // Decimal mark and day order, once per file, from every data row (one pass for both).
        let moneyColumns = [ColumnRole.amount, .debit, .credit, .balance, .balanceBefore].compactMap { layout.column($0) }
            + layout.currencyAmounts.map(\.column)
        var marks = DecimalMarkInference()
        var days = DayOrderInference()
        let inferMarks = profile?.decimalMark == nil
        let inferDays = (options.dayOrder ?? profile?.dayOrder) == nil
        if inferMarks || inferDays {
            let rows = (layout.firstDataRow..<layout.endDataRow).clamped(to: 0..<table.rowCount)
            let columns = (inferMarks ? moneyColumns : []) + (inferDays ? [dateColumn] : [])
            table.forEachCell(rows: rows, columns: columns, in: text) { column, bytes in
                if inferDays && column == dateColumn { if !bytes.isEmpty { days.add(bytes) } } else { marks.add(bytes) }
            }
        }
        layout.decimalMark = profile?.decimalMark ?? marks.decide(fallback: delimiter == 0x3B ? "," : ".")
        if marks.isConflicting {
            diagnostics.append(.warning("csv.decimal-mark.mixed",
                                        "amounts are written with both decimal marks (\"\(marks.pointExample ?? "")\" and \"\(marks.commaExample ?? "")\"); reading \"\(layout.decimalMark)\" as the decimal mark",
                                        file: file, notes: ["set decimal-mark in a profile to choose"]))
        }

        // The parts of a collective order ending the table look like trailer lines: given back.
        if !trailerRows.isEmpty, layout.firstDataRow < layout.endDataRow {
            let details = TrailerScan.detailLines(after: layout.endDataRow - 1, in: trailerRows, layout: layout, resolver: resolver)
            layout.endDataRow = details.upperBound
            trailerRows = details.upperBound..<trailerRows.upperBound
        }
        if !trailerRows.isEmpty, layout.firstDataRow < layout.endDataRow { reportTrailer(trailerRows, table: table, text: text, resolver: resolver) }

        // Day order, once per file.
        if let order = options.dayOrder ?? profile?.dayOrder {
            layout.dayOrder = order
        } else {
            if let order = days.decided {
                layout.dayOrder = order
            } else if days.candidates.count > 1 {
                let shown = days.examples.map { "\"\($0)\"" }.joined(separator: ", ")
                diagnostics.append(.error("csv.date-order.ambiguous",
                                          "cannot tell the day order: every date reads as \(days.candidates.map(\.rawValue).joined(separator: " or ")), e.g. \(shown)",
                                          file: file, at: table.position(row: layout.firstDataRow, column: dateColumn, in: text),
                                          notes: ["choose with --date-order \(days.candidates.map(\.rawValue).joined(separator: "|")) or date-order in a profile"]))
                inferredProfile = layout.profile(name: profile?.name ?? "inferred", from: table, text: text, encoding: encoding)
                return []
            } else {
                layout.dayOrder = .yearMonthDay // no date reads under any order: each row reports its own error
            }
        }
        inferredProfile = layout.profile(name: profile?.name ?? "inferred", from: table, text: text, encoding: encoding)

        // Preamble and trailer facts.
        let headRows = 0..<(layout.headerRow ?? layout.firstDataRow)
        var factRows = headRows.map { ($0, resolver.cells($0)) }
        // Trailer facts ("Closing balance …"): only lines with text; a million `,,` lines make no strings.
        for row in trailerRows where !resolver.isBlank(row) { factRows.append((row, resolver.cells(row))) }
        let preamble = PreambleFacts.read(rows: factRows)
        let format = DecimalMarkInference.format(for: layout.decimalMark)
        let period = preamble.period(order: layout.dayOrder)
        var preambleBalances: [StatementBalance] = []
        for fact in preamble.facts where [.balance, .opening, .closing, .datedBalance].contains(fact.key) {
            guard let value = fact.values.first(where: { (try? Amount(parsing: $0, format: format)) != nil }),
                  let amount = try? Amount(parsing: value, format: format) else { continue }
            var kind: StatementBalance.Kind = fact.key == .opening ? .opening : (fact.key == .closing ? .closing : .ledger)
            if fact.key == .datedBalance { kind = fact.row < layout.firstDataRow ? .opening : .closing } // "Solde au …" above or below
            var day: Day? = fact.key == .balance ? period?.end : nil
            if kind == .opening || kind == .closing {
                // "Solde au 31/10/2026", "Ending balance as of 01/31/2020", or a date in a cell of its own.
                // An opening balance "on D" is the balance before D's transactions: as of D, like every opening balance.
                day = fact.label.split(separator: " ").last.flatMap { Day.parse($0, order: layout.dayOrder) }
                    ?? fact.values.lazy.compactMap { Day.parse($0, order: layout.dayOrder) }.first
            }
            preambleBalances.append(StatementBalance(kind: kind, amount: amount, day: day,
                                                     position: table.position(row: fact.row, column: nil, in: text)))
        }

        if layout.isBalanceHistory {
            return [balanceHistory(table: table, text: text, layout: layout, preamble: preamble, period: period, encoding: encoding)]
        }

        // Rows (in two passes, without holding the transactions, when the caller streams and the file allows).
        if let statement = streamedStatement(table: table, text: text, layout: layout, preamble: preamble,
                                             preambleBalances: preambleBalances, period: period, encoding: encoding) {
            return [statement]
        }
        var rowReader = CSVRowReader(table: table, text: text, file: file, layout: layout)
        rowReader.balanceHeadSlots = preambleBalances.count + 1
        rowReader.pagesAside = options.pagesAside
        rowReader.readsInHalves = options.readsInHalves
        rowReader.leastRowsForHalves = options.leastRowsForHalves
        rowReader.heardHalves = options.heardHalves
        var rows = rowReader.readRows()
        diagnostics.append(contentsOf: rowReader.diagnostics)
        var assembler = StatementAssembler(file: file, layout: layout, preamble: preamble, preambleBalances: preambleBalances,
                                           period: period, encoding: encoding, options: options)
        let statements = assembler.assemble(&rows, balanceOnly: rowReader.balanceOnlyRows)
        diagnostics.append(contentsOf: assembler.diagnostics)
        if layout.firstDataRow < layout.endDataRow, statements.allSatisfy({ $0.transactions.isEmpty }) {
            // Rows were there, and none of them became a transaction: say what they were taken for.
            diagnostics.append(.error("csv.no-transactions",
                                      "none of the \(layout.endDataRow - layout.firstDataRow) rows below the header is a transaction: \(rows.skips.summary)",
                                      file: file, at: table.position(row: layout.firstDataRow, column: nil, in: text)))
        }
        return statements
    }
}

extension CSVReadSession {
    /// A warning for each of the first trailer lines with text, then one for the rest.
    mutating func reportTrailer(_ rows: Range<Int>, table: CSVTable, text: UnsafeBufferPointer<UInt8>, resolver: LayoutResolver) {
        var shown = 0
        for row in rows {
            if shown == CSVRowReader.diagnosticLimit { break }
            if resolver.isBlank(row) { continue } // `,,`: nothing to show, counted below
            let cells = resolver.cells(row).filter { !$0.isEmpty }.joined(separator: " ")
            diagnostics.append(.warning("csv.trailer", "skipped a line below the table that is not a transaction: \"\(String(cells.prefix(60)))\"",
                                        file: file, at: table.position(row: row, column: nil, in: text)))
            shown += 1
        }
        let rest = rows.count - shown
        if rest > 0 {
            diagnostics.append(.warning("csv.trailer", "skipped \(rest) more line\(rest == 1 ? "" : "s") below the table that \(rest == 1 ? "is" : "are") not transactions",
                                        file: file, at: table.position(row: rows.upperBound - rest, column: nil, in: text)))
        }
    }

    /// A file of daily balances: each row a ledger balance, the newest also the closing balance.
    mutating func balanceHistory(table: CSVTable, text: UnsafeBufferPointer<UInt8>, layout: CSVLayout,
                                 preamble: PreambleFacts, period: DayRange?, encoding: TextEncoding) -> Statement {
        var reader = CSVRowReader(table: table, text: text, file: file, layout: layout)
        var balances: [StatementBalance] = []
        for row in layout.firstDataRow..<layout.endDataRow {
            guard let dc = layout.column(.date), let span = table.span(row, dc),
                  let day = CSVTable.withBytes(span, in: text, { DateCell.day($0, order: layout.dayOrder) }) else {
                reader.report(.error("csv.date", "cannot read \"\(reader.string(row, layout.column(.date)))\" as a date",
                                     file: file, at: reader.position(row, layout.column(.date))))
                continue
            }
            guard let amount = reader.amount(row, layout.column(.balance), what: "a balance").value else { continue }
            balances.append(StatementBalance(kind: .ledger, amount: amount, day: day, currency: layout.headerCurrency,
                                             position: reader.position(row, layout.column(.balance))))
        }
        diagnostics.append(contentsOf: reader.diagnostics)
        diagnostics.append(Diagnostic(.note, code: "csv.balance-history", "the file lists daily balances, no transactions", file: file,
                                      at: nil))
        balances.sort { ($0.day ?? Day(daysSinceEpoch: 0), $0.position?.offset ?? 0) < ($1.day ?? Day(daysSinceEpoch: 0), $1.position?.offset ?? 0) }
        if var last = balances.last { last.kind = .closing; balances.append(last) }
        var account = StatementAccount(id: preamble.accountId ?? layout.accountId ?? options.accountId, kind: layout.kind ?? .bank,
                                       currency: layout.headerCurrency ?? preamble.currency ?? layout.currency ?? options.currency)
        account.name = nil
        return Statement(source: StatementSource(file: file, format: "csv", encoding: encoding.rawValue, profile: layout.profileName),
                         account: account, period: period, balances: balances)
    }
}

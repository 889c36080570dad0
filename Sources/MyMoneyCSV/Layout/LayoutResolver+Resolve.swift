extension LayoutResolver {
    /// Resolves the layout. Returns nil (with an error diagnostic) when no table can be found.
    /// Whether every value of a column is a debit/credit word (at most four distinct ones).
    func isIndicatorColumn(_ column: Int, rows: Range<Int>) -> Bool {
        var seen = Set<String>()
        let words = CSVLayout.defaultDebitValues.union(CSVLayout.defaultCreditValues)
        for row in rows.prefix(300) {
            let v = cell(row, column).lowercased()
            guard words.contains(v) else { return false }
            seen.insert(v)
        }
        return !seen.isEmpty && seen.count <= 4
    }

    mutating func resolve(profile: CSVProfile?, explicit: Bool, delimiter: UInt8) -> CSVLayout? {
        let n = table.rowCount
        let note = profile.flatMap { p in p.origin.map { "layout from profile \(p.name) (\($0))" } }
        var headerRow: Int?
        var firstDataRow = 0
        var headerless = false

        if let profile, !profile.hasHeader {
            headerless = true
            if let skip = profile.skipRows { firstDataRow = skip }
            else { firstDataRow = (0..<min(n, 60)).first(where: isDataLike) ?? 0 }
        } else if let profile, !profile.match.isEmpty, let row = row(matching: profile.match) {
            headerRow = row
        } else if let profile, let skip = profile.skipRows {
            headerRow = skip < n ? skip : nil
            if headerRow == nil {
                diagnostics.append(.error("csv.header.missing", "the profile skips \(skip) rows but the file has only \(n)",
                                          file: file, notes: note.map { [$0] } ?? []))
                return nil
            }
        } else {
            if let profile, explicit, !profile.match.isEmpty {
                diagnostics.append(.error("csv.header.missing",
                                          "no row starts with the profile's header \"\(profile.match.joined(separator: " | "))\"",
                                          file: file, notes: note.map { [$0] } ?? []))
                return nil
            }
            headerRow = (0..<min(n, 60)).first(where: isHeaderLike)
            if headerRow == nil {
                headerless = true
                guard let first = (0..<min(n, 60)).first(where: isDataLike) else {
                    if n == 0 {
                        diagnostics.append(.error("csv.empty", "the file holds no rows", file: file))
                    } else {
                        diagnostics.append(.error("csv.header.missing",
                                                  "found no header row and no row with a date and an amount in the first \(min(n, 60)) rows",
                                                  file: file, at: table.position(row: 0, column: nil, in: text),
                                                  notes: ["the first line holds: " + cells(0).prefix(8).map { "\"\(String($0.prefix(30)))\"" }.joined(separator: ", "),
                                                          "no cell names a known column (docs/csv.md lists the names in every language)",
                                                          "write a profile naming the columns (see docs/csv.md) and pass it with --profile"]))
                    }
                    return nil
                }
                firstDataRow = first
                // A row just above the data with the same width and no date: a header in an unknown language.
                if first > 0, table.fieldCount(first - 1) == table.fieldCount(first), !isDataLike(first - 1),
                   (0..<table.fieldCount(first - 1)).allSatisfy({ withCell(first - 1, $0, CellKind.isDate) != true }) {
                    headerRow = first - 1
                    headerless = false
                }
            }
        }
        if let headerRow { firstDataRow = headerRow + 1 }

        // Column names.
        let width = max(headerRow.map { table.fieldCount($0) } ?? 0,
                        (firstDataRow..<min(n, firstDataRow + 50)).map { table.fieldCount($0) }.max() ?? 0)
        var names: [String] = (0..<width).map { "#\($0 + 1)" }
        if let headerRow {
            for c in 0..<table.fieldCount(headerRow) {
                var name = cell(headerRow, c)
                if name.hasPrefix("#") && name.count > 1 { name.removeFirst() } // mBank writes #Data operacji
                if !name.isEmpty { names[c] = name }
            }
        }

        // Roles: the profile's first, then inferred for what it leaves open.
        var roles: [ColumnRole: [Int]] = [:]
        var taken = Set<Int>()
        if let profile {
            for (role, references) in profile.columns.sorted(by: { $0.key < $1.key }) {
                for reference in references {
                    guard let index = resolve(reference, names: names), index < max(width, 1) || headerless else {
                        var notes = ["the header has: " + names.joined(separator: ", ")]
                        if let origin = profile.origin(of: role.rawValue) { notes.insert("\(role.rawValue) is set in \(origin)", at: 0) }
                        diagnostics.append(.error("csv.profile.column", "the profile's \(role.rawValue) column \"\(reference)\" is not in this file",
                                                  file: file, at: headerRow.map { table.position(row: $0, column: nil, in: text) },
                                                  notes: notes))
                        return nil
                    }
                    roles[role, default: []].append(index)
                    taken.insert(index)
                }
            }
        }
        // Roles a profile sets to `none` stay empty.
        let disabled = Set(profile?.columns.filter { $0.value.isEmpty }.map(\.key) ?? [])
        for role in disabled { roles[role] = nil }
        let profileGivesMoney = roles[.amount] != nil || roles[.debit] != nil || roles[.credit] != nil
        var inferred: [ColumnRole: [Int]] = [:]
        var headerCurrency: Currency?
        var currencyAmounts: [(column: Int, currency: Currency)] = []
        if let headerRow {
            let (hits, currency) = headerRoles(headerRow)
            headerCurrency = currency
            var wanted = Set(ColumnRole.allCases).subtracting(roles.keys)
            if profileGivesMoney { wanted.subtract([.amount, .debit, .credit, .indicator]) }
            inferred = LayoutResolver.roles(from: hits, taken: taken, wanted: wanted)
            // Columns named only by a currency (`CAD$`, `USD$`): amounts in that currency.
            if !profileGivesMoney, inferred[.amount] == nil, inferred[.debit] == nil, inferred[.credit] == nil {
                let used = taken.union(inferred.values.flatMap { $0 })
                currencyAmounts = (0..<table.fieldCount(headerRow)).compactMap { c in
                    used.contains(c) ? nil : HeaderVocabulary.currencyOnly(cell(headerRow, c)).map { (c, $0) }
                }
                if currencyAmounts.count == 1 {
                    inferred[.amount] = [currencyAmounts[0].column]
                    headerCurrency = currencyAmounts[0].currency
                    currencyAmounts = []
                }
            }
            // A header in an unknown language: fall back to the values for the essentials.
            if roles[.date] == nil && inferred[.date] == nil || !profileGivesMoney && inferred[.amount] == nil
                && inferred[.debit] == nil && inferred[.credit] == nil && inferred[.balance] == nil && currencyAmounts.isEmpty {
                let fromValues = inferRolesFromValues(rows: firstDataRow..<n, taken: taken.union(inferred.values.flatMap { $0 }))
                for (role, columns) in fromValues where inferred[role] == nil && roles[role] == nil {
                    if [.date, .amount, .balance, .balanceBefore].contains(role) || (role == .memo && inferred[.payee] == nil) {
                        inferred[role] = columns
                    }
                }
            }
        } else if profile == nil || !explicit {
            inferred = inferRolesFromValues(rows: firstDataRow..<n, taken: taken)
            for role in roles.keys { inferred[role] = nil }
            if profileGivesMoney { inferred[.amount] = nil; inferred[.balance] = nil; inferred[.indicator] = nil }
        }
        for (role, columns) in inferred where roles[role] == nil && !disabled.contains(role) { roles[role] = columns }
        // An unsigned amount with a type column saying debit/credit (Mint, Idea Bank): that column is the indicator.
        if roles[.indicator] == nil, roles[.amount] != nil, profile?.columns[.amount] == nil || profile?.columns[.type] == nil,
           let typeColumn = roles[.type]?.first, isIndicatorColumn(typeColumn, rows: firstDataRow..<n) {
            roles[.indicator] = [typeColumn]
        }
        // A balance history (date and balance columns, no amounts): balances only.
        if roles[.amount] == nil && roles[.debit] == nil && roles[.credit] == nil, currencyAmounts.isEmpty, roles[.balance] != nil, roles[.date] != nil {
            var layout = CSVLayout(headerRow: headerRow, firstDataRow: min(firstDataRow, n), endDataRow: n, columnNames: names,
                                   roles: roles, headerCurrency: headerCurrency, delimiter: delimiter,
                                   debitValues: CSVLayout.defaultDebitValues, creditValues: CSVLayout.defaultCreditValues)
            layout.isBalanceHistory = true
            layout.profileName = profile?.name
            layout.isExplicit = explicit
            return layout
        }

        guard roles[.date] != nil else {
            diagnostics.append(.error("csv.column.date", "cannot tell which column holds the date",
                                      file: file, at: headerRow.map { table.position(row: $0, column: nil, in: text) },
                                      notes: ["columns: " + names.joined(separator: ", "),
                                              "name it in a profile: \"date: COLUMN\" (see docs/csv.md)"]))
            return nil
        }
        guard roles[.amount] != nil || roles[.debit] != nil || roles[.credit] != nil || !currencyAmounts.isEmpty else {
            diagnostics.append(.error("csv.column.amount", "cannot tell which column holds the amount",
                                      file: file, at: headerRow.map { table.position(row: $0, column: nil, in: text) },
                                      notes: ["columns: " + names.joined(separator: ", "),
                                              "name it in a profile: \"amount: COLUMN\", or \"debit:\" and \"credit:\" (see docs/csv.md)"]))
            return nil
        }

        var layout = CSVLayout(headerRow: headerRow, firstDataRow: min(firstDataRow, n), endDataRow: n, columnNames: names,
                               roles: roles, headerCurrency: headerCurrency, delimiter: delimiter,
                               debitValues: CSVLayout.defaultDebitValues, creditValues: CSVLayout.defaultCreditValues)
        if let profile {
            layout.profileName = profile.name
            if !profile.debitValues.isEmpty { layout.debitValues = Set(profile.debitValues.map { $0.lowercased() }) }
            if !profile.creditValues.isEmpty { layout.creditValues = Set(profile.creditValues.map { $0.lowercased() }) }
            layout.negate = profile.negate
            layout.skipZero = profile.skipZero
            layout.stripSingleQuotes = profile.stripSingleQuotes
            layout.accountId = profile.accountId
            layout.currency = profile.currency
            layout.kind = profile.kind
            layout.skipTailRows = profile.skipTailRows ?? 0
            for filter in profile.skipWhen {
                guard let index = resolve(filter.column, names: names) else {
                    diagnostics.append(.error("csv.profile.column", "the profile's skip-when column \"\(filter.column)\" is not in this file",
                                              file: file, notes: profile.origin(of: "skip-when").map { ["skip-when is set in \($0)"] } ?? []))
                    return nil
                }
                layout.skipWhen.append((index, filter))
            }
        }
        layout.isExplicit = explicit
        layout.endDataRow = max(layout.firstDataRow, n - layout.skipTailRows)
        layout.currencyAmounts = currencyAmounts
        shape(&layout, names: names, profile: profile)
        return layout
    }

    /// How wide rows may be, and whether the currency column is the amount's.
    func shape(_ layout: inout CSVLayout, names: [String], profile: CSVProfile?) {
        let headerWidth = layout.headerRow.map { table.fieldCount($0) } ?? names.count
        layout.headerWidth = headerWidth
        layout.allowsWideRows = profile?.wideRows ?? false
        // Every one of the first data rows wider than the header, by the same count: the header
        // names fewer columns than the table has (Stripe). Otherwise the header's width holds.
        let sample = (layout.firstDataRow..<min(layout.endDataRow, layout.firstDataRow + 50)).filter { table.fieldCount($0) > 1 }
        if let first = sample.first, table.fieldCount(first) > headerWidth, sample.allSatisfy({ table.fieldCount($0) == table.fieldCount(first) }) {
            layout.acceptedWidth = table.fieldCount(first)
        } else {
            layout.acceptedWidth = layout.headerRow == nil ? names.count : headerWidth
        }
        if let c = layout.column(.currency) {
            let amountNamesCurrency = layout.column(.amount).map { HeaderVocabulary.normalize(names[safe: $0] ?? "").currency != nil } ?? false
            layout.currencyColumnIsAmountCurrency = !amountNamesCurrency && !HeaderVocabulary.isSecondCurrency(names[safe: c] ?? "")
        }
    }
}

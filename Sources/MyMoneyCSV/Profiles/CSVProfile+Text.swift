extension CSVProfile {
    /// Reads a profile's text. Problems are diagnostics with `file:line`; the profile is nil when
    /// an error leaves it unusable (no `name`, an unknown key, a bad value).
    public static func parse(_ text: String, file: String) -> (profile: CSVProfile?, diagnostics: [Diagnostic]) {
        var profile = CSVProfile(name: "")
        profile.origin = file
        var diagnostics: [Diagnostic] = []
        var offset = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            defer { offset += rawLine.utf8.count + 1 }
            var line = String(rawLine)
            if line.hasSuffix("\r") { line.removeLast() }
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.utf8.count - line.drop(while: { $0 == " " || $0 == "\t" }).utf8.count
            func at(_ column: Int) -> SourcePosition { SourcePosition(offset: offset + column, line: lineNumber, column: column + 1) }
            guard let colon = trimmed.firstIndex(of: ":") else {
                diagnostics.append(.error("csv.profile.syntax", "expected \"key: value\", found \"\(trimmed)\"",
                                          file: file, at: at(indent)))
                continue
            }
            let key = trimmed[..<colon].trimmingSpaces.lowercased()
            let afterColon = trimmed[trimmed.index(after: colon)...]
            let value = afterColon.trimmingSpaces
            let valueColumn = indent + trimmed[..<colon].utf8.count + 1
                + (afterColon.utf8.count - afterColon.drop(while: { $0 == " " || $0 == "\t" }).utf8.count)
            func bad(_ message: String) {
                diagnostics.append(.error("csv.profile.value", message, file: file, at: at(valueColumn)))
            }
            func flag() -> Bool? {
                switch value.lowercased() {
                case "yes", "true", "on", "1": return true
                case "no", "false", "off", "0": return false
                default: bad("\(key) takes yes or no, found \"\(value)\""); return nil
                }
            }
            if profile.keyLines[key] == nil { profile.keyLines[key] = lineNumber }
            if let role = ColumnRole(rawValue: key) {
                guard !value.isEmpty else { bad("\(key) needs a column name or #number"); continue }
                if value.lowercased() == "none" {
                    // The role is deliberately absent: nothing is inferred for it.
                    profile.columns[role] = []
                    continue
                }
                let reference = ColumnReference(parsing: value)
                if case .name(let n) = reference, n.hasPrefix("#") { bad("column number \"\(n)\" must be #1 or more"); continue }
                if role.allowsSeveral || profile.columns[role] == nil {
                    profile.columns[role, default: []].append(reference)
                } else {
                    bad("\(key) is given twice; only memo and payee take several columns")
                }
                continue
            }
            switch key {
            case "name":
                if value.isEmpty { bad("name is empty") } else { profile.name = value }
            case "match":
                profile.match = value.split(separator: "|").map { String($0).trimmingSpaces }
            case "header":
                if let f = flag() { profile.hasHeader = f }
            case "columns":
                if let n = Int(value), n > 0 { profile.columnCount = n } else { bad("columns takes a number of fields, found \"\(value)\"") }
            case "delimiter":
                if let d = CSVDialect.parse(value) { profile.delimiter = d } else { bad("delimiter must be , ; tab or |, found \"\(value)\"") }
            case "encoding":
                if let e = TextEncoding(name: value) { profile.encoding = e } else { bad("unknown encoding \"\(value)\"") }
            case "decimal-mark":
                if value == "." || value == "," { profile.decimalMark = Character(value) } else { bad("decimal-mark must be . or , found \"\(value)\"") }
            case "date-order":
                if let o = DayOrder(rawValue: value.lowercased()) { profile.dayOrder = o } else { bad("date-order must be dmy, mdy or ymd, found \"\(value)\"") }
            case "skip-rows":
                if let n = Int(value), n >= 0 { profile.skipRows = n } else { bad("skip-rows takes a number, found \"\(value)\"") }
            case "skip-tail-rows":
                if let n = Int(value), n >= 0 { profile.skipTailRows = n } else { bad("skip-tail-rows takes a number, found \"\(value)\"") }
            case "debit-values":
                profile.debitValues = value.split(separator: "|").map { String($0).trimmingSpaces }
            case "credit-values":
                profile.creditValues = value.split(separator: "|").map { String($0).trimmingSpaces }
            case "negate":
                if let f = flag() { profile.negate = f }
            case "skip-zero":
                if let f = flag() { profile.skipZero = f }
            case "strip-single-quotes":
                if let f = flag() { profile.stripSingleQuotes = f }
            case "wide-rows":
                switch value.lowercased() {
                case "keep", "yes": profile.wideRows = true
                case "error", "no": profile.wideRows = false
                default: bad("wide-rows takes keep or error, found \"\(value)\"")
                }
            case "account-id":
                profile.accountId = value.isEmpty ? nil : value
            case "currency-code":
                if let c = Currency(code: value) { profile.currency = c } else { bad("unknown currency \"\(value)\" (expected an ISO 4217 code such as EUR)") }
            case "kind":
                if let k = AccountKind(userText: value) { profile.kind = k } else { bad("unknown account kind \"\(value)\" (bank, savings, credit_card, cash, …)") }
            case "skip-when":
                if let filter = parseFilter(value) { profile.skipWhen.append(filter) } else {
                    bad("skip-when takes \"COLUMN = VALUE | VALUE\" or \"COLUMN != VALUE\", found \"\(value)\"")
                }
            default:
                diagnostics.append(.error("csv.profile.key", "unknown key \"\(key)\"", file: file, at: at(indent),
                                          notes: ["known keys: name, match, header, columns, delimiter, encoding, decimal-mark, date-order, skip-rows, skip-tail-rows, negate, skip-zero, account-id, currency-code, kind, skip-when, debit-values, credit-values, strip-single-quotes, wide-rows, and the column roles " + ColumnRole.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
        }
        if profile.name.isEmpty {
            diagnostics.append(.error("csv.profile.name", "the profile has no \"name:\" line", file: file,
                                      at: SourcePosition(offset: 0, line: 1, column: 1)))
        }
        if !profile.hasHeader && profile.columns.values.flatMap({ $0 }).contains(where: { if case .name = $0 { return true } else { return false } }) {
            diagnostics.append(.error("csv.profile.value", "a profile with \"header: no\" must name columns by number (#1, #2, …)",
                                      file: file, at: SourcePosition(offset: 0, line: profile.keyLines["header"] ?? 1, column: 1)))
        }
        return (diagnostics.containsErrors ? nil : profile, diagnostics)
    }

    static func parseFilter(_ text: String) -> CSVRowFilter? {
        let equals: Bool
        let parts: [Substring]
        if let r = text.range(of: "!=") {
            equals = false; parts = [text[..<r.lowerBound], text[r.upperBound...]]
        } else if let r = text.range(of: "=") {
            equals = true; parts = [text[..<r.lowerBound], text[r.upperBound...]]
        } else { return nil }
        let column = String(parts[0]).trimmingSpaces
        guard !column.isEmpty else { return nil }
        let values = parts[1].split(separator: "|").map { String($0).trimmingSpaces }
        guard !values.isEmpty else { return nil }
        return CSVRowFilter(column: ColumnReference(parsing: column), equals: equals, values: values)
    }

    /// The profile as text a user can save and edit; parsing it gives this profile back.
    public func render() -> String {
        var lines: [String] = []
        lines.append("name: \(name)")
        if !match.isEmpty { lines.append("match: " + match.joined(separator: " | ")) }
        if !hasHeader { lines.append("header: no") }
        if let columnCount { lines.append("columns: \(columnCount)") }
        if let delimiter { lines.append("delimiter: \(CSVDialect.name(delimiter))") }
        if let encoding { lines.append("encoding: \(encoding.rawValue)") }
        if let decimalMark { lines.append("decimal-mark: \(decimalMark)") }
        if let dayOrder { lines.append("date-order: \(dayOrder.rawValue)") }
        if let skipRows { lines.append("skip-rows: \(skipRows)") }
        if let skipTailRows { lines.append("skip-tail-rows: \(skipTailRows)") }
        if let kind { lines.append("kind: \(kind.rawValue)") }
        if let accountId { lines.append("account-id: \(accountId)") }
        if let currency { lines.append("currency-code: \(currency.code)") }
        if negate { lines.append("negate: yes") }
        if skipZero { lines.append("skip-zero: yes") }
        if stripSingleQuotes { lines.append("strip-single-quotes: yes") }
        if wideRows { lines.append("wide-rows: keep") }
        for role in ColumnRole.allCases {
            if let references = columns[role], references.isEmpty { lines.append("\(role.rawValue): none") }
            for reference in columns[role] ?? [] { lines.append("\(role.rawValue): \(reference)") }
        }
        if !debitValues.isEmpty { lines.append("debit-values: " + debitValues.joined(separator: " | ")) }
        if !creditValues.isEmpty { lines.append("credit-values: " + creditValues.joined(separator: " | ")) }
        for filter in skipWhen { lines.append("skip-when: \(filter)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

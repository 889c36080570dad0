/// A balance field (`:60F:`, `:60M:`, `:62F:`, `:62M:`, `:64:`, `:65:`): `1!a6!n3!a15d`, the
/// mark `C` (credit, positive) or `D` (debit, negative: overdrawn), the date `YYMMDD`, the ISO
/// currency and the amount: `C240301EUR1234,56`.
struct MT940Balance: Sendable, Equatable {
    var day: Day
    var currency: Currency?
    /// Signed: a `D` balance is negative.
    var amount: Amount

    /// Reads a balance from a field's first line, with diagnostics for what does not fit.
    ///
    /// Tolerated with a warning: a missing currency code (`C020315105000,00`), an unknown one, a
    /// day past the month's end (the last day is taken), an amount without its comma.
    static func read(_ line: UnsafeBufferPointer<UInt8>, field: MT940Field, file: String,
                     diagnostics: inout [Diagnostic]) -> MT940Balance? {
        let reader = MT940FieldDiagnostics(field: field, file: file)
        var i = 0
        while i < line.count, line[i] == 0x20 { i += 1 }
        guard i < line.count, line[i] == 0x43 || line[i] == 0x44 || line[i] == 0x63 || line[i] == 0x64 else {
            diagnostics.append(reader.error("mt940.field", "a balance starts with C (credit) or D (debit), found \(reader.shown(line, i, 1))", at: i))
            return nil
        }
        let debit = line[i] | 0x20 == 0x64
        i += 1
        guard let date = MT940Date.read(UnsafeBufferPointer(rebasing: line[i...])) else {
            diagnostics.append(reader.error("mt940.date", "\(reader.shown(line, i, 6)) is not a date: expected YYMMDD", at: i))
            return nil
        }
        let day = reader.day(date, at: i, diagnostics: &diagnostics)
        i += 6
        var currency: Currency?
        if i + 3 <= line.count, isLetter(line[i]), isLetter(line[i + 1]), isLetter(line[i + 2]) {
            let code = String(decoding: UnsafeBufferPointer(rebasing: line[i..<(i + 3)]), as: UTF8.self)
            currency = Currency(code: code)
            if currency == nil {
                diagnostics.append(reader.warning("mt940.currency", "\"\(code)\" is not an ISO 4217 currency code; the balance is read without a currency", at: i))
            }
            i += 3
        } else {
            diagnostics.append(reader.warning("mt940.currency", "the balance has no currency code after its date; it is read without one", at: i))
        }
        guard let amount = reader.amount(line, at: i, diagnostics: &diagnostics) else { return nil }
        let signed = debit && !amount.amount.isZero ? Amount(units: -amount.amount.units, scale: amount.amount.scale) : amount.amount
        return MT940Balance(day: day, currency: currency, amount: signed)
    }

    private static func isLetter(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
}

/// Diagnostics at places within one field's first line.
struct MT940FieldDiagnostics {
    let field: MT940Field
    let file: String

    func position(_ index: Int) -> SourcePosition { field.position(at: field.contentStart + index) }

    func error(_ code: String, _ message: String, at index: Int, notes: [String] = []) -> Diagnostic {
        .error(code, message, file: file, at: position(index), notes: notes)
    }

    func warning(_ code: String, _ message: String, at index: Int, notes: [String] = []) -> Diagnostic {
        .warning(code, message, file: file, at: position(index), notes: notes)
    }

    /// Up to `length` bytes from `index`, quoted (`"X"`), or `the end of the line`.
    func shown(_ line: UnsafeBufferPointer<UInt8>, _ index: Int, _ length: Int) -> String {
        guard index < line.count else { return "the end of the line" }
        return "\"" + String(decoding: UnsafeBufferPointer(rebasing: line[index..<min(line.count, index + length)]), as: UTF8.self) + "\""
    }

    /// A date as read, with a warning when it had to be moved to its month's last day.
    func day(_ read: MT940Date.Read, at index: Int, diagnostics: inout [Diagnostic]) -> Day {
        switch read {
        case .day(let d): return d
        case .clamped(let d, let written):
            diagnostics.append(warning("mt940.date", "\(written) is not a date (the month has no such day); it is read as \(d), the month's last day", at: index))
            return d
        }
    }

    /// The amount at `index`, with its warnings; nil (and an error) when there is none.
    func amount(_ line: UnsafeBufferPointer<UInt8>, at index: Int, diagnostics: inout [Diagnostic]) -> MT940Amount.Read? {
        switch MT940Amount.read(UnsafeBufferPointer(rebasing: line[index...])) {
        case .success(let read):
            if read.missingComma {
                diagnostics.append(warning("mt940.amount", "the amount \(shown(line, index, read.length)) has no decimal comma (SWIFT amounts always have one); it is read as a whole number",
                                           at: index))
            }
            if read.grouped {
                diagnostics.append(warning("mt940.amount", "the amount \(shown(line, index, read.length)) groups digits with \".\", which SWIFT amounts never do; the groups were joined",
                                           at: index))
            }
            return read
        case .failure(let failure):
            // Show the amount-like run only (digits, commas, points), not the type code after it.
            var run = index
            while run < line.count, line[run] &- 0x30 < 10 || line[run] == 0x2C || line[run] == 0x2E { run += 1 }
            let span = max(1, run - index)
            let message: String
            switch failure {
            case .noDigits: message = "expected an amount (digits and a decimal comma, 1234,56), found \(shown(line, index, 12))"
            case .tooLong: message = "the amount \(shown(line, index, span)) has more than 18 digits"
            case .badGrouping: message = "cannot read \(shown(line, index, span)) as an amount: its \".\" does not group digits by three"
            }
            diagnostics.append(error("mt940.amount", message, at: index))
            return nil
        }
    }
}

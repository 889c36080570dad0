/// A `:61:` statement line: `6!n[4!n]2a[1!a]15d1!a3!c16x[//16x]` and an optional second line of
/// supplementary details.
///
/// | part | written | read as |
/// |---|---|---|
/// | value date | `YYMMDD` | ``valueDay`` (a day past the month's end: the last day, warned) |
/// | entry date | `MMDD`, optional | ``entryDay``, in the value date's year, ±1 across a year end |
/// | mark | `C`, `D`, `RC`, `RD` (MT942 also `EC`, `ED`), any case | the sign: `RC` is a debit, `RD` a credit |
/// | funds code | one letter, optional (`R` of EUR) | ``fundsCode`` |
/// | amount | `15d`, decimal comma | ``amount``, signed |
/// | type | `N`/`F`/`S` + 3 characters (`NTRF`) | ``typeCode`` |
/// | owner's reference | up to 16 characters, to `//` | ``customerReference`` (`NONREF` kept as written) |
/// | bank's reference | after `//` | ``bankReference`` |
/// | details | the rest of the line, and line 2 | ``supplementaryDetails`` |
struct MT940StatementLine: Sendable, Equatable {
    var valueDay: Day
    var entryDay: Day?
    /// The debit/credit mark as written, upper-cased (`C`, `D`, `RC`, `RD`, `EC`, `ED`).
    var mark: String
    var fundsCode: String?
    /// Signed from the account holder's side.
    var amount: Amount
    var typeCode: String
    var customerReference: String?
    var bankReference: String?
    var supplementaryDetails: String?

    /// Whether a mark makes an entry a debit: `D`, `RC` (reversal of a credit), `ED`.
    static func isDebit(_ mark: String) -> Bool { mark == "D" || mark == "RC" || mark == "ED" }

    enum Outcome {
        case line(MT940StatementLine)
        /// The line ended before the type code: the caller may join the next line and try again.
        case truncated
        case failed
    }

    /// Reads a statement line from `text` (the field's first line, or lines joined when it was
    /// broken, Sparkasse-style) and `rest` (supplementary details on further lines).
    static func read(_ text: UnsafeBufferPointer<UInt8>, rest: String?, reader: MT940FieldDiagnostics,
                     diagnostics: inout [Diagnostic]) -> Outcome {
        var local: [Diagnostic] = []
        let n = text.count
        guard let valueRead = MT940Date.read(text) else {
            if n < 6 { return .truncated }
            diagnostics.append(reader.error("mt940.date", "\(reader.shown(text, 0, 6)) is not a value date: expected YYMMDD", at: 0))
            return .failed
        }
        let valueDay = reader.day(valueRead, at: 0, diagnostics: &local)
        var i = 6
        var entryDay: Day?
        if i + 4 <= n, (i..<(i + 4)).allSatisfy({ text[$0] &- 0x30 < 10 }) {
            guard let entryRead = MT940Date.readEntry(UnsafeBufferPointer(rebasing: text[i...]), near: valueDay) else {
                diagnostics.append(reader.error("mt940.date", "\(reader.shown(text, i, 4)) is not an entry date: expected MMDD", at: i))
                return .failed
            }
            entryDay = reader.day(entryRead, at: i, diagnostics: &local)
            i += 4
        }
        // The mark: two-letter forms first.
        guard i < n else { return .truncated }
        let first = text[i] & 0xDF
        var mark: String
        if first == 0x52 || first == 0x45 {   // R, E
            guard i + 1 < n else { return .truncated }
            let second = text[i + 1] & 0xDF
            guard second == 0x43 || second == 0x44 else {
                diagnostics.append(reader.error("mt940.mark", "\(reader.shown(text, i, 2)) is not a debit/credit mark: expected C, D, RC or RD", at: i))
                return .failed
            }
            mark = String(UnicodeScalar(first)) + String(UnicodeScalar(second))
            i += 2
        } else if first == 0x43 || first == 0x44 {
            mark = String(UnicodeScalar(first))
            i += 1
        } else {
            diagnostics.append(reader.error("mt940.mark", "\(reader.shown(text, i, 2)) is not a debit/credit mark: expected C, D, RC or RD", at: i))
            return .failed
        }
        // The funds code: a letter before the amount's first digit.
        guard i < n else { return .truncated }
        var fundsCode: String?
        if isLetter(text[i]) {
            guard i + 1 < n else { return .truncated }
            if text[i + 1] &- 0x30 < 10 { fundsCode = String(UnicodeScalar(text[i])); i += 1 }
        }
        guard i < n else { return .truncated }
        guard let amountRead = reader.amount(text, at: i, diagnostics: &local) else {
            diagnostics += local
            return .failed
        }
        i += amountRead.length
        guard i + 4 <= n else { return i == n ? .truncated : .failed(reader, text, i, &diagnostics) }
        let typeCode = String(decoding: UnsafeBufferPointer(rebasing: text[i..<(i + 4)]), as: UTF8.self)
        guard isLetter(text[i]) else {
            diagnostics.append(reader.error("mt940.field", "expected a transaction type (N, F or S and three characters, NTRF) after the amount, found \(reader.shown(text, i, 4))", at: i))
            return .failed
        }
        i += 4
        diagnostics += local
        let (customer, bank, details) = references(UnsafeBufferPointer(rebasing: text[i...]))
        let supplementary = [details, rest].compactMap { $0 }.joined(separator: " ")
        let amount = isDebit(mark) && !amountRead.amount.isZero
            ? Amount(units: -amountRead.amount.units, scale: amountRead.amount.scale) : amountRead.amount
        return .line(MT940StatementLine(valueDay: valueDay, entryDay: entryDay, mark: mark, fundsCode: fundsCode, amount: amount,
                                        typeCode: typeCode, customerReference: customer, bankReference: bank,
                                        supplementaryDetails: supplementary.isEmpty ? nil : supplementary))
    }

    /// The owner's reference (up to 16 characters, or a longer token such as an IBAN), the bank's
    /// reference after `//`, and whatever else the line holds (Rabobank puts a name after a
    /// space-padded reference).
    static func references(_ bytes: UnsafeBufferPointer<UInt8>) -> (String?, String?, String?) {
        let n = bytes.count
        var slashes = n
        var k = 0
        while k + 1 < n { if bytes[k] == 0x2F && bytes[k + 1] == 0x2F { slashes = k; break }; k += 1 }
        var customerEnd = slashes
        var restStart = slashes
        if slashes > 16 {
            if bytes[15] == 0x20 || bytes[16] == 0x20 {
                customerEnd = 16
            } else {
                customerEnd = 16
                while customerEnd < slashes, bytes[customerEnd] != 0x20 { customerEnd += 1 }
            }
            restStart = customerEnd
        }
        let customer = text(bytes, 0, customerEnd)
        var bank: String?
        var details: String?
        if slashes < n {
            var bankEnd = slashes + 2
            while bankEnd < n, bytes[bankEnd] != 0x20 { bankEnd += 1 }
            bank = text(bytes, slashes + 2, bankEnd)
            details = text(bytes, bankEnd, n)
            if restStart < slashes, let before = text(bytes, restStart, slashes) { details = [before, details].compactMap { $0 }.joined(separator: " ") }
        } else if restStart < n {
            details = text(bytes, restStart, n)
        }
        return (customer, bank, details)
    }

    /// The bytes in `[from, to)` without surrounding spaces, or nil when nothing is left.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String? {
        var a = from, b = to
        while a < b, bytes[a] == 0x20 { a += 1 }
        while b > a, bytes[b - 1] == 0x20 { b -= 1 }
        return a < b ? String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<b]), as: UTF8.self) : nil
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}

extension MT940StatementLine.Outcome {
    /// A failure after the amount: too little left for a transaction type.
    static func failed(_ reader: MT940FieldDiagnostics, _ text: UnsafeBufferPointer<UInt8>, _ at: Int,
                       _ diagnostics: inout [Diagnostic]) -> MT940StatementLine.Outcome {
        diagnostics.append(reader.error("mt940.field", "expected a transaction type (N, F or S and three characters, NTRF) after the amount, found \(reader.shown(text, at, 4))", at: at))
        return .failed
    }
}

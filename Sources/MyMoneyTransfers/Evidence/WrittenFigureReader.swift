/// Reads the amounts and references a payee or memo writes (see ``WrittenFigures``).
///
/// Amounts: `2798.17`, `2,798.17`, `2.798,17`, `1'234.50`, `2798,17` (two digits after the mark,
/// groups of three before it), and whole numbers only beside a currency code (`EUR 500`). The
/// code written right before or after an amount (`EUR 2798.17`, `3180.40 USD`) tags it.
/// References: tokens of six or more letters and digits with at least four digits; not an
/// amount's digits, not a date (`20260315`, `150326`), not a store number (`#123456`), not an
/// IBAN-shaped account number (those name a party), not one of the user's account numbers
/// (those are mentions, read by ``TextEvidenceReader``).
///
/// - Complexity: O(n) in the text's length, no allocation unless something is found.
struct WrittenFigureReader: Sendable {
    /// Folded currency code hash → currency index.
    private let currencies: [UInt64: Int16]
    /// Hashes of the user's account numbers' digits and their suffixes of six digits or more.
    private let ownNumbers: Set<UInt64>

    init(accounts: [Account], currencies list: [Currency]) {
        var codes: [UInt64: Int16] = [:]
        for (index, currency) in list.enumerated() where index < Int(Int16.max) {
            codes[TextEvidenceReader.hash(Array(currency.code.utf8))] = Int16(index)
        }
        currencies = codes
        var own = Set<UInt64>()
        for account in accounts {
            for number in account.numbers {
                let digits = Array(number.utf8.filter(TextEvidenceReader.isDigit))
                guard digits.count >= 6 else { continue }
                for start in 0...(digits.count - 6) { own.insert(TextEvidenceReader.hash(Array(digits[start...]))) }
            }
        }
        ownNumbers = own
    }

    func read(_ text: String?) -> WrittenFigures {
        guard var text, !text.isEmpty else { return WrittenFigures() }
        return text.withUTF8 { read(bytes: $0) }
    }

    private func read(bytes: UnsafeBufferPointer<UInt8>) -> WrittenFigures {
        var result = WrittenFigures()
        let n = bytes.count
        var i = 0
        while i < n {
            let b = bytes[i]
            guard TextEvidenceReader.isTokenByte(b) else { i += 1; continue }
            let start = i
            var digits = 0
            var letters = 0
            while i < n, TextEvidenceReader.isTokenByte(bytes[i]) {
                if TextEvidenceReader.isDigit(bytes[i]) { digits += 1 } else { letters += 1 }
                i += 1
            }
            guard digits > 0 else { continue }
            if letters == 0 {
                // A number: perhaps the start of an amount (2.798,17) that goes on past this token.
                let (end, amount) = amountRun(bytes, from: start)
                if let amount {
                    if result.amounts.count < WrittenFigures.limit, !result.amounts.contains(amount) { result.amounts.append(amount) }
                    i = max(i, end)
                    continue
                }
                if end > i { i = end; continue } // digits with separators that are no amount (a date, a phone number)
            }
            if let reference = reference(bytes, start, i, digits: digits, letters: letters),
               result.references.count < WrittenFigures.limit, !result.references.contains(reference) {
                result.references.append(reference)
            }
        }
        return result
    }

    /// The numeric run starting at `start` (digits with `.`, `,` or `'` between them) and the
    /// amount it writes, if it is one. One pass, no allocation.
    private func amountRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, amount: WrittenFigures.WrittenAmount?) {
        let n = bytes.count
        var i = start
        var groups = 0, firstLength = 0, lastLength = 0
        var middleAllThree = true         // every group but the first and the last has three digits
        var separators = 0
        var lastMark: UInt8 = 0, grouping: UInt8 = 0, mixedGrouping = false
        var value: Int64 = 0, digits = 0
        while i < n {
            let groupStart = i
            while i < n, TextEvidenceReader.isDigit(bytes[i]) {
                digits += 1
                if digits <= 15 { value = value * 10 + Int64(bytes[i] - 0x30) }
                i += 1
            }
            let length = i - groupStart
            groups += 1
            if groups == 1 { firstLength = length } else if groups > 2, lastLength != 3 { middleAllThree = false }
            lastLength = length
            guard i + 1 < n, bytes[i] == 0x2E || bytes[i] == 0x2C || bytes[i] == 0x27, TextEvidenceReader.isDigit(bytes[i + 1]),
                  groups <= 8 else { break }
            // The mark before this one was a grouping mark: all of them must be the same.
            if separators > 0 {
                if grouping == 0 { grouping = lastMark } else if grouping != lastMark { mixedGrouping = true }
            }
            lastMark = bytes[i]
            separators += 1
            i += 1
        }
        let end = i
        // A letter or digit right after the run: part of a longer token (a code), not an amount.
        if end < n, TextEvidenceReader.isTokenByte(bytes[end]), currencyCode(bytes, at: end) == nil { return (end, nil) }
        guard digits <= 15 else { return (end, nil) }
        let tag = currencyBefore(bytes, start) ?? currencyAfter(bytes, end)
        var cents: Int64
        if separators > 0, lastLength == 2, lastMark != 0x27 {
            // The last mark is the decimal mark; any before it group thousands: one kind, not
            // the decimal mark, a first group of 1–3 digits and groups of three after it.
            if separators > 1 {
                guard !mixedGrouping, grouping != lastMark, (1...3).contains(firstLength), middleAllThree else { return (end, nil) }
            }
            cents = value
        } else if separators == 0, tag != nil {
            cents = value * 100
        } else {
            return (end, nil)
        }
        // The key is in ten-thousandths: a figure too large for it is no amount (never a trap).
        guard cents > 0, cents <= Int64.max / 10_000 else { return (end, nil) }
        return (end, WrittenFigures.WrittenAmount(key: cents * 10_000, currency: tag ?? -1))
    }

    /// The reference hash of the token `start..<end`, or nil when it is none.
    private func reference(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, digits: Int, letters: Int) -> UInt64? {
        let length = end - start
        guard length >= 6, digits >= 4, length <= 40 else { return nil }
        if start > 0, bytes[start - 1] == 0x23 { return nil } // #123456: a store's number
        let token = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if letters == 0 {
            if WrittenFigureReader.isDateLike(token) { return nil }
            if ownNumbers.contains(TextEvidenceReader.hash(Array(token))) { return nil }
        } else {
            // DE89370400440532013000: an IBAN names a party's account, not one payment.
            // (RF18…, an ISO 11649 creditor reference, is a reference.)
            if length >= 15, !TextEvidenceReader.isDigit(token[0]), !TextEvidenceReader.isDigit(token[1]),
               TextEvidenceReader.isDigit(token[2]), TextEvidenceReader.isDigit(token[3]),
               !(token[0] | 0x20 == 0x72 && token[1] | 0x20 == 0x66) { return nil }
            let own = Array(token.filter(TextEvidenceReader.isDigit))
            if own.count >= 6, ownNumbers.contains(TextEvidenceReader.hash(own)) { return nil }
        }
        var hash = TextEvidenceReader.offsetBasis
        for k in 0..<token.count { hash = (hash ^ UInt64(TextEvidenceReader.foldByte(token, k))) &* TextEvidenceReader.prime }
        return hash
    }

    /// `YYYYMMDD`, `DDMMYYYY`, `YYMMDD` or `DDMMYY` with a plausible month and day.
    static func isDateLike(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        func number(_ from: Int, _ count: Int) -> Int { (from..<(from + count)).reduce(0) { $0 * 10 + Int(token[$1] - 0x30) } }
        func plausible(day: Int, month: Int) -> Bool { (1...31).contains(day) && (1...12).contains(month) }
        switch token.count {
        case 8:
            let (y, m, d) = (number(0, 4), number(4, 2), number(6, 2))
            if (1990...2099).contains(y), plausible(day: d, month: m) { return true }
            let (d2, m2, y2) = (number(0, 2), number(2, 2), number(4, 4))
            return (1990...2099).contains(y2) && plausible(day: d2, month: m2)
        case 6:
            return plausible(day: number(4, 2), month: number(2, 2)) || plausible(day: number(0, 2), month: number(2, 2))
        default:
            return false
        }
    }

    /// The currency whose three-letter code ends right before `start` (spaces allowed between).
    private func currencyBefore(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int16? {
        var e = start
        while e > 0, bytes[e - 1] == 0x20 { e -= 1 }
        guard e >= 3, e - 3 == 0 || !TextEvidenceReader.isTokenByte(bytes[e - 4]) else { return nil }
        return currencyCode(bytes, at: e - 3)
    }

    /// The currency whose three-letter code starts after `end` (spaces allowed between).
    private func currencyAfter(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Int16? {
        var s = end
        while s < bytes.count, bytes[s] == 0x20 { s += 1 }
        return currencyCode(bytes, at: s)
    }

    /// The currency whose code is the three letters at `s`, not followed by another letter or digit.
    private func currencyCode(_ bytes: UnsafeBufferPointer<UInt8>, at s: Int) -> Int16? {
        guard s >= 0, s + 3 <= bytes.count else { return nil }
        if s + 3 < bytes.count, TextEvidenceReader.isTokenByte(bytes[s + 3]) { return nil }
        var hash = TextEvidenceReader.offsetBasis
        for k in s..<(s + 3) {
            let b = bytes[k]
            guard b | 0x20 >= 0x61 && b | 0x20 <= 0x7A else { return nil }
            hash = (hash ^ UInt64(TextEvidenceReader.foldByte(bytes, k))) &* TextEvidenceReader.prime
        }
        return currencies[hash]
    }
}

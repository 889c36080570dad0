/// German structured `:86:` text (DFÜ-Abkommen, Anlage 3): a three-digit business code (GVC),
/// then subfields `?NN`: `?00` posting text, `?10` primanota, `?20`–`?29` and `?60`–`?63`
/// purpose, `?30` counterparty bank code or BIC, `?31` account or IBAN, `?32`–`?33` name, `?34`
/// text key extension. The purpose's SEPA keywords (`EREF+`, `MREF+`, `CRED+`, `SVWZ+`, …) are
/// split out; `SVWZ+` is the memo when present, the whole purpose otherwise.
enum GermanDetails {
    /// Subfields are at most 27 characters: a shorter one ended where its writer ended it, so the
    /// next one starts a new word.
    static let subfieldWidth = 27

    /// Reads `text` (the lines already joined with nothing between) whose subfields start with
    /// `separator` (`?`, or Triodos's `>`).
    static func read(_ text: UnsafeBufferPointer<UInt8>, separator: UInt8, scratch: inout MT940Details.Scratch,
                     extra: inout [StatementField]) -> (payee: String?, memo: String?) {
        var i = 0
        while i < text.count, text[i] == 0x20 { i += 1 }
        let code = MT940Details.text(UnsafeBufferPointer(rebasing: text[i..<min(text.count, i + 3)]))
        if let code { extra.append(StatementField("GVC", code)) }
        // The scratch buffers are moved out and back (a copy would make each append copy them).
        var purpose: [UInt8] = [], name: [UInt8] = []
        swap(&purpose, &scratch.purpose)
        swap(&name, &scratch.name)
        purpose.removeAll(keepingCapacity: true)
        name.removeAll(keepingCapacity: true)
        defer { swap(&purpose, &scratch.purpose); swap(&name, &scratch.name) }
        var lastPurposeWidth = subfieldWidth
        var lastNameWidth = subfieldWidth
        var k = i + 3
        // Subfields: separator + two digits, up to the next such marker.
        while k < text.count {
            guard text[k] == separator, k + 2 < text.count, text[k + 1] &- 0x30 < 10, text[k + 2] &- 0x30 < 10 else { k += 1; continue }
            let number = Int(text[k + 1] &- 0x30) * 10 + Int(text[k + 2] &- 0x30)
            var end = k + 3
            while end < text.count {
                if text[end] == separator, end + 2 < text.count, text[end + 1] &- 0x30 < 10, text[end + 2] &- 0x30 < 10 { break }
                end += 1
            }
            let value = UnsafeBufferPointer(rebasing: text[(k + 3)..<end])
            switch number {
            case 20...29, 60...63: append(value, to: &purpose, lastWidth: &lastPurposeWidth)
            case 32, 33: append(value, to: &name, lastWidth: &lastNameWidth)
            case 0: add("posting text", value, to: &extra, &scratch.texts)
            case 10: add("primanota", value, to: &extra, &scratch.texts)
            case 30: add("counterparty.bic", value, to: &extra, &scratch.texts)
            case 31:
                let looksLikeIBAN = value.count >= 15 && isUpper(value[0]) && isUpper(value[1]) && value[2] &- 0x30 < 10 && value[3] &- 0x30 < 10
                add(looksLikeIBAN ? "counterparty.iban" : "counterparty.account", value, to: &extra, &scratch.texts)
            case 34: add("text key extension", value, to: &extra, &scratch.texts)
            default: add("?\(number < 10 ? "0" : "")\(number)", value, to: &extra, &scratch.texts)
            }
            k = end
        }
        let payee = name.withUnsafeBufferPointer { scratch.texts.trimmed($0) }
        let memo = purpose.withUnsafeBufferPointer { SEPAKeywords.read($0, into: &extra) }
        return (payee, memo)
    }

    /// Appends a subfield to `out`: straight on after a full-width one, after a space otherwise.
    private static func append(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], lastWidth: inout Int) {
        if !out.isEmpty, lastWidth < subfieldWidth, out.last != 0x20, value.first != 0x20 { out.append(0x20) }
        out.append(contentsOf: value)
        lastWidth = MT940Details.characterCount(value)
    }

    private static func add(_ key: String, _ value: UnsafeBufferPointer<UInt8>, to extra: inout [StatementField],
                            _ texts: inout MT940RepeatedText) {
        if let s = texts.trimmed(value) { extra.append(StatementField(key, s)) }
    }

    private static func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
}

/// The SEPA keywords of a German purpose text (`EREF+…`, `SVWZ+…`): each keyword's value runs
/// to the next keyword.
enum SEPAKeywords {
    /// Keyword → field name.
    static let names: [(keyword: String, field: String)] = [
        ("EREF", "end-to-end id"), ("KREF", "KREF"), ("MREF", "mandate id"), ("CRED", "creditor id"),
        ("DEBT", "debtor id"), ("SVWZ", "remittance"), ("ABWA", "ultimate debtor"), ("ABWE", "ultimate creditor"),
        ("IBAN", "counterparty.iban"), ("BIC", "counterparty.bic"), ("PURP", "purpose"), ("COAM", "compensation amount"),
        ("OAMT", "original amount"), ("SQTP", "sequence type"),
    ]

    /// The keywords as bytes with their field names, built once.
    static let table: [(keyword: [UInt8], field: String)] = names.map { (Array($0.keyword.utf8), $0.field) }

    /// Splits `purpose` at its keywords into fields appended to `extra` (`NOTPROVIDED` values are
    /// left out) and returns the memo: `SVWZ+`'s value, else the text before the first keyword,
    /// else the whole purpose.
    ///
    /// - Complexity: O(n) in the purpose's length (keywords are tried only where a word starts
    ///   with a capital and a `+` follows within five bytes).
    static func read(_ purpose: UnsafeBufferPointer<UInt8>, into extra: inout [StatementField]) -> String? {
        var marks: [(start: Int, valueStart: Int, field: String)] = []
        var k = 0
        let n = purpose.count
        while k + 3 < n {
            if (k == 0 || purpose[k - 1] == 0x20), purpose[k] >= 0x41, purpose[k] <= 0x5A,
               purpose[k + 3] == 0x2B || (k + 4 < n && purpose[k + 4] == 0x2B) {
                for (keyword, field) in table {
                    let m = keyword.count
                    if k + m < n, purpose[k + m] == 0x2B, purpose[k] == keyword[0],
                       UnsafeBufferPointer(rebasing: purpose[k..<(k + m)]).elementsEqual(keyword) {
                        marks.append((k, k + m + 1, field))
                        break
                    }
                }
            }
            k += 1
        }
        guard !marks.isEmpty else { return MT940Details.text(purpose) }
        var memo: String?
        // Text before the first keyword stays in the memo when no SVWZ+ says otherwise.
        let lead = MT940Details.text(UnsafeBufferPointer(rebasing: purpose[0..<marks[0].start]))
        for (index, mark) in marks.enumerated() {
            let end = index + 1 < marks.count ? marks[index + 1].start : purpose.count
            guard let value = MT940Details.text(UnsafeBufferPointer(rebasing: purpose[mark.valueStart..<end])) else { continue }
            if mark.field == "remittance" { memo = value; continue }
            if value == "NOTPROVIDED" { continue }
            extra.append(StatementField(mark.field, value))
        }
        return memo ?? lead ?? MT940Details.text(purpose)
    }
}

import Foundation

/// Dutch structured `:86:` text (Rabobank, ING, ABN AMRO SEPA exports): `/KEY/value` pairs such
/// as `/EREF/…/BENM//NAME/…/REMI/…/ISDT/2013-01-02`. `/NAME/` is the payee, `/REMI/` the memo;
/// `/CNTP/IBAN/BIC/NAME/CITY/` (ING) carries the counterparty by position.
enum DutchDetails {
    static let keys: Set<String> = ["EREF", "BENM", "ORDP", "NAME", "REMI", "ISDT", "CSID", "MARF", "IBAN", "BIC", "TRTP",
                                    "CNTP", "ADDR", "ULTC", "ULTD", "PURP", "RTRN", "PREF", "BUSP", "SVCL", "FEES", "ID"]
    static let fieldNames: [String: String] = ["EREF": "end-to-end id", "CSID": "creditor id", "MARF": "mandate id",
                                               "IBAN": "counterparty.iban", "BIC": "counterparty.bic", "TRTP": "transaction type",
                                               "PURP": "purpose", "RTRN": "return reason", "ULTC": "ultimate creditor",
                                               "ULTD": "ultimate debtor"]

    /// Whether `text` (starting with `/`) starts with a known key: `/EREF/`, `/NAME/`, …
    static func startsWithKey(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 1
        while k < text.count, k <= 5, text[k] != 0x2F { k += 1 }
        guard k < text.count, text[k] == 0x2F, k > 1 else { return false }
        return keys.contains(String(decoding: UnsafeBufferPointer(rebasing: text[1..<k]), as: UTF8.self))
    }

    static func read(_ text: UnsafeBufferPointer<UInt8>) -> MT940Details {
        var details = MT940Details()
        let joined = String(decoding: text, as: UTF8.self)
        let tokens = joined.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var pairs: [(key: String, value: [String])] = []
        for token in tokens.dropFirst() {
            if keys.contains(token), pairs.last?.key != "CNTP" || pairs.last!.value.count >= 4 {
                pairs.append((token, []))
            } else if !pairs.isEmpty {
                pairs[pairs.count - 1].value.append(token)
            }
        }
        for (key, parts) in pairs {
            var value = parts
            while value.last == "" { value.removeLast() }
            let text = value.joined(separator: "/").trimmingCharacters(in: .whitespaces)
            switch key {
            case "NAME": if !text.isEmpty, details.payee == nil { details.payee = text }
            case "REMI":
                var memo = text
                if memo.hasPrefix("USTD//") { memo.removeFirst(6) } else if memo.hasPrefix("USTD/") { memo.removeFirst(5) }
                if !memo.isEmpty { details.memo = memo }
            case "CNTP":
                let fields = parts.map { $0.trimmingCharacters(in: .whitespaces) }
                if fields.count > 0, !fields[0].isEmpty { details.extra.append(StatementField("counterparty.iban", fields[0])) }
                if fields.count > 1, !fields[1].isEmpty { details.extra.append(StatementField("counterparty.bic", fields[1])) }
                if fields.count > 2, !fields[2].isEmpty, details.payee == nil { details.payee = fields[2] }
            case "BENM", "ORDP":
                continue   // the party's /NAME/ and /ID/ follow as pairs of their own
            default:
                guard !text.isEmpty else { continue }
                details.extra.append(StatementField(fieldNames[key] ?? "/\(key)/", text))
            }
        }
        if details.memo == nil, details.payee == nil { details.memo = MT940Details.text(text) }
        return details
    }
}

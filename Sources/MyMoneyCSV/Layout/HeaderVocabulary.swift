/// Header names read for matching against ``Vocabulary`` (the languages' tables in `Vocabulary/`).
///
/// Names are compared after ``HeaderVocabulary/normalize(_:)``: lower-cased, trimmed, a BOM, a
/// leading `#` and a trailing `:` removed, a parenthesized currency (`Betrag (EUR)`) split off,
/// single spaces and none around `/`.
enum HeaderVocabulary {
    /// A header cell read for matching.
    struct Name: Sendable, Hashable {
        var key: String
        /// `EUR` from `Amount (EUR)`, `€` from `Betrag (€)`.
        var currency: Currency?
    }

    static func normalize(_ raw: String) -> Name {
        var s = raw.trimmingSpaces.lowercased()
        if s.hasPrefix("#") { s.removeFirst() }
        while s.hasSuffix(":") { s.removeLast() }
        s = s.trimmingSpaces
        var currency: Currency?
        if s.hasSuffix(")"), let open = s.lastIndex(of: "(") {
            let inner = String(s[s.index(after: open)..<s.index(before: s.endIndex)]).trimmingSpaces
            if let c = currencyFromSymbol(inner) {
                currency = c
                s = String(s[..<open]).trimmingSpaces
            }
        } else if let space = s.lastIndex(of: " ") {
            // `Amount EUR`, `Betrag in EUR`, `Gutschrift in CHF`, `Débit euros`, `Kwota w PLN`
            let tail = String(s[s.index(after: space)...])
            if let c = currencyFromSymbol(tail) ?? currencyWord(tail), s.count > tail.count + 2 {
                currency = c
                s = String(s[..<space]).trimmingSpaces
                for joiner in [" in", " en", " w", " i", " em", " na"] where s.hasSuffix(joiner) {
                    s = String(s.dropLast(joiner.count)).trimmingSpaces
                    break
                }
            }
        }
        // Single spaces, none around `/`.
        return Name(key: Vocabulary.key(s), currency: currency)
    }

    /// The currency of a header that is nothing but a currency (`CAD$`, `USD$`, `EUR`, `€`): RBC
    /// writes its amounts in such columns.
    static func currencyOnly(_ raw: String) -> Currency? {
        let s = raw.trimmingSpaces.lowercased()
        switch s {
        case "€": return Currency(code: "EUR")
        case "£": return Currency(code: "GBP")
        case "us$": return Currency(code: "USD")
        case "c$", "ca$": return Currency(code: "CAD")
        case "a$", "au$": return Currency(code: "AUD")
        case "r$": return Currency(code: "BRL")
        case "¥", "円": return Currency(code: "JPY")
        default: break
        }
        var code = s
        if code.hasSuffix("$") { code.removeLast() }
        guard code.count == 3, code.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return nil }
        return Currency(code: code.uppercased())
    }

    /// A currency column beside the amount's: the original, local or foreign currency of a card payment.
    static func isSecondCurrency(_ raw: String) -> Bool {
        let s = normalize(raw).key
        return ["original", "orig.", "local", "foreign", "ursprungs", "fremd", "devise d'origine", "oorspronkelijke", "originale"]
            .contains { s.contains($0) }
    }

    /// Currency names written out after a column name (`Débit euros`, `Amount dollars`).
    static func currencyWord(_ text: String) -> Currency? {
        switch text {
        case "euros", "euro", "eur.": return Currency(code: "EUR")
        case "dollars", "dollar": return Currency(code: "USD")
        case "francs": return Currency(code: "CHF")
        case "zł", "zl", "złotych": return Currency(code: "PLN")
        case "kr", "kr.": return nil
        default: return nil
        }
    }

    static func currencyFromSymbol(_ text: String) -> Currency? {
        switch text {
        case "€", "eur", "euro": return Currency(code: "EUR")
        case "$", "usd", "us$": return Currency(code: "USD")
        case "£", "gbp": return Currency(code: "GBP")
        case "chf", "fr.": return Currency(code: "CHF")
        default: return text.count == 3 ? Currency(code: text) : nil
        }
    }

    /// The role and its strength (higher wins when two columns claim one role): the name's
    /// preferred meaning in ``Vocabulary``, or an indicator for a name made of a debit and a
    /// credit word (`Débit / Crédit`, `Obciążenie/Uznanie`, `Dr-Cr`).
    static func role(for name: Name) -> (role: ColumnRole, strength: Int)? {
        meanings(for: name).first.map { ($0.role, $0.strength) }
    }

    /// Every meaning of a header name, the preferred first.
    static func meanings(for name: Name) -> [Vocabulary.Meaning] {
        if let hit = Vocabulary.headers[name.key] { return hit }
        if isIndicatorPair(name.key) { return [Vocabulary.Meaning(role: .indicator, strength: 2)] }
        return []
    }

    /// Whether a name is a debit word and a credit word joined by `/`, `-` or a space.
    static func isIndicatorPair(_ key: String) -> Bool {
        let parts = key.split(whereSeparator: { $0 == "/" || $0 == "-" || $0 == " " }).map { CSVLayout.indicatorWord(String($0)) }
        guard parts.count == 2 else { return false }
        let (d, c) = (Vocabulary.debitWords, Vocabulary.creditWords)
        return d.contains(parts[0]) && c.contains(parts[1]) || c.contains(parts[0]) && d.contains(parts[1])
    }
}

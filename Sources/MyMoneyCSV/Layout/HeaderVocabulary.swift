/// Header names banks write, in English, German, French, Spanish, Dutch, Italian (and a few
/// Polish and Nordic ones), mapped to column roles.
///
/// Names are compared after ``HeaderVocabulary/normalize(_:)``: lower-cased, trimmed, a BOM, a
/// leading `#` and a trailing `:` removed, and a parenthesized currency (`Betrag (EUR)`) split off.
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
        // Collapse runs of spaces.
        var out = ""
        var lastSpace = false
        for ch in s {
            if ch == " " { if !lastSpace { out.append(ch) }; lastSpace = true } else { out.append(ch); lastSpace = false }
        }
        return Name(key: out, currency: currency)
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

    /// The role and its strength (higher wins when two columns claim one role).
    static func role(for name: Name) -> (role: ColumnRole, strength: Int)? {
        if let hit = table[name.key] { return hit }
        return nil
    }

    static let table: [String: (role: ColumnRole, strength: Int)] = {
        var t: [String: (ColumnRole, Int)] = [:]
        func add(_ role: ColumnRole, _ strength: Int, _ names: [String]) {
            for n in names where t[n] == nil { t[n] = (role, strength) }
        }
        // Booking dates first: they win over plain and transaction dates.
        add(.date, 3, ["posting date", "post date", "posted date", "booking date", "booked date", "buchungstag",
                       "buchungsdatum", "buchung", "date de comptabilisation", "date comptable", "fecha contable",
                       "data contabile", "data contabilizzazione", "boekdatum", "boekingsdatum", "completed date",
                       "data księgowania", "data ksiegowania", "kirjauspäivä", "bokföringsdag", "bokföringsdatum",
                       "bokføringsdato", "bogføringsdato", "posted transactions date", "data de lançamento",
                       "data movimento", "fecha de contabilización"])
        add(.date, 2, ["date", "datum", "fecha", "data", "journaldate", "transactiedatum", "date opération",
                       "date operation", "date de l'opération", "fecha operación", "fecha operacion", "data operazione",
                       "data operacji", "created", "trade date", "dato", "päivämäärä", "pvm"])
        add(.date, 1, ["transaction date", "trans. date", "trans date", "started date", "data zlecenia",
                       "umsatzdatum", "belegdatum"])
        add(.valueDate, 2, ["value date", "valuta", "wertstellung", "wertstellungsdatum", "valutadatum",
                            "date de valeur", "fecha valor", "data valuta", "rentedatum", "data waluty", "valuutta"])
        add(.amount, 4, ["net"])
        add(.amount, 3, ["amount", "betrag", "montant", "importe", "bedrag", "importo", "transaction amount",
                         "umsatz", "mutatie", "kwota", "kwota w walucie rachunku", "netamount", "net amount",
                         "value", "sum", "summe", "belopp", "määrä", "beløb", "beløp", "gross", "amt",
                         "amount in account currency"])
        add(.debit, 2, ["debit", "debit amount", "debits", "withdrawal", "withdrawals", "money out", "paid out",
                        "soll", "débit", "debit (eur)", "cargo", "cargos", "uitgaven", "af", "addebiti", "addebito",
                        "ausgang", "ausgaben", "withdrawal amount", "outflow", "spent", "paid", "amount debit", "lastschrift",
                        "withdrawal amt.", "withdrawal amt", "withdrawals amt.", "debit amt", "debit amt.", "retrait",
                        "retraits", "uttag", "obciążenia", "wypłata", "débito", "debito", "belastung", "belastungen"])
        add(.credit, 2, ["credit", "credit amount", "credits", "deposit", "deposits", "money in", "paid in", "haben",
                         "crédit", "abono", "abonos", "inkomsten", "bij", "accrediti", "accredito", "eingang",
                         "einnahmen", "deposit amount", "inflow", "received", "amount credit", "gutschrift",
                         "deposit amt.", "deposit amt", "deposits amt.", "credit amt", "credit amt.", "dépôt", "dépôts",
                         "insättning", "uznania", "wpłata", "crédito", "credito", "gutschriften"])
        add(.indicator, 2, ["af bij", "af/bij", "debit/credit", "credit/debit", "s/h", "soll/haben", "creditdebet",
                            "credit debet", "debet/credit", "cr/dr", "dr/cr", "d/c", "c/d", "sign", "transaction type sign",
                            "balance impact", "debit credit", "soll-haben", "debet credit"])
        add(.payee, 3, ["payee", "payee name", "auftraggeber/empfänger", "auftraggeber / empfänger",
                        "auftraggeber / begünstigter", "auftraggeber/begünstigter", "empfänger", "zahlungsempfänger",
                        "zahlungsempfänger*in", "name", "naam / omschrijving", "naam/omschrijving", "naam",
                        "naam tegenpartij", "tegenrekeninghouder", "tegenpartij", "beneficiary", "bénéficiaire",
                        "tiers", "beneficiario", "merchant", "merchant name", "counterparty", "counterparty name",
                        "partner name", "odbiorca", "nadawca/odbiorca", "payer name", "beneficiario/ordinante",
                        "auftraggebername", "empfängername", "mottagare", "saaja/maksaja", "description1",
                        "counter party", "counterparty", "text/mottagare", "mottagare/avsändare", "nazwa kontrahenta",
                        "kontrahent", "ordenante/beneficiario", "begunstigde", "other party"])
        add(.memo, 3, ["memo", "verwendungszweck", "mededelingen", "omschrijving", "omschrijving-1", "libellé",
                       "libelle", "concepto", "descrizione", "causale", "notes", "note", "payment reference",
                       "purpose", "comments", "comment", "tytuł", "tytul", "opis operacji",
                       "remittance information", "notes and #tags", "umsatztext", "text", "meddelande", "viesti",
                       "additional description", "extended details", "reference text", "omschrijving-2",
                       "omschrijving-3", "vwz1", "description2"])
        add(.memo, 2, ["description", "desc", "beschreibung", "buchungsdetails", "original description",
                       "transaction description", "libellé opération", "descripción", "descripcion", "beschrijving",
                       "narrative", "particulars", "tekst", "opis transakcji", "opis", "avisierungstext", "transaktionstext",
                       "beskrivelse", "beskrivning", "detalles", "dettagli", "details of transaction", "narration",
                       "transaction details", "libellé simplifié", "libelle simplifie", "informação", "descrição"])
        add(.balance, 3, ["balance", "running bal.", "running bal", "running balance", "runningbalance", "saldo",
                          "solde", "saldo na mutatie", "saldo na trn", "kontostand", "resulting balance",
                          "net cash balance", "saldo po operacji", "balance after", "saldo dopo", "boeksaldo",
                          "saldo después", "saldo despues", "closing balance", "new balance", "saldo po transakcji",
                          "saldo efter", "saldo disponibile", "solde après opération", "available balance after"])
        add(.currency, 3, ["currency", "währung", "waehrung", "devise", "moneda", "munt", "valutacode", "divisa",
                           "waluta", "ccy", "valuta code", "currency code", "valuuttakoodi", "original currency"])
        add(.id, 3, ["transaction id", "transactionid", "volgnr", "transferwise id", "referentie", "ref #", "ref. #",
                     "ref", "reference", "reference number", "reference id", "transaction reference", "id",
                     "transaktions-id", "numer transakcji w systemie centralnym", "fitid", "transaction number",
                     "transaktionsnummer", "journalnumber"])
        add(.checkNumber, 3, ["check number", "check or slip #", "check #", "check no.", "check no", "checknumber",
                              "cheque number", "cheque no", "num", "chèque", "number", "scheck", "schecknummer"])
        add(.type, 3, ["type", "transaction type", "buchungstext", "mutatiesoort", "umsatztyp", "betaalwijze",
                       "rodzaj operacji", "type betaling", "transaktionstyp", "tipo", "tipo operazione",
                       "type de transaction", "tipo de movimiento", "umsatzart"])
        add(.type, 2, ["code"])
        add(.type, 1, ["details"])
        add(.status, 3, ["status", "state", "estado", "stato", "statut"])
        add(.account, 3, ["account", "account number", "account #", "account no.", "kontonummer", "rekening",
                          "rekeningnummer", "iban", "iban/bban", "card no.", "card number", "card", "numer rachunku",
                          "konto", "compte", "cuenta", "conto", "account name", "accountname", "auftragskonto"])
        add(.fee, 3, ["fee", "fees", "total fees", "commission", "gebühr", "gebühren", "frais", "comisión", "comision",
                      "commissione", "kosten", "prowizja", "taxa", "tarifa", "avgift", "gebyr", "palkkio", "poplatek", "díj",
                      "ücret", "komisyon", "手数料", "手续费", "手續費", "수수료"])
        add(.category, 3, ["category", "kategorie", "catégorie", "categoría", "categoria", "subcategory", "class",
                           "categorie", "kategoria"])
        return t
    }()
}

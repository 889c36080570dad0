/// The words the matcher reads in payees and memos, and what each says about a transaction.
///
/// Words are compared after folding (ASCII and Latin-1 letters upper-cased), token by token:
/// a token is a run of letters and digits. An entry marked `prefix` also matches the start of a
/// longer token, for German compounds (`Bargeldauszahlung`, `Überweisungsauftrag`). A two-word
/// entry (`THANK YOU`) matches two consecutive tokens.
public enum TransferWordKind: String, Sendable, Hashable, Codable {
    /// Names a move between the user's own accounts: `Umbuchung`, `XFER`, `own account`.
    case strongTransfer
    /// A payment order that may go to anyone: `Überweisung`, `virement`, `bonifico`, `wire`.
    case weakTransfer
    /// Cash leaving a bank through a machine or a counter: `ATM`, `Geldautomat`, `retrait`.
    case cash
    /// A credit card bill paid: `PAYMENT THANK YOU`, `AUTOPAY`.
    case cardPayment
    /// A bank's charge: `FEE`, `Gebühr`, `frais`.
    case fee
    /// A shop or a card purchase: `AMAZON`, `Kartenzahlung`, `POS`.
    case merchant
    /// Money to or from someone else: interest, salary, a refund, a cheque (`Zinsen`, `PAYROLL`, `CHECK`).
    case thirdParty
    /// Says nothing alone and must not count as a shared payee (`ONLINE`, `TO`).
    case generic
}

/// One word of the vocabulary.
public struct TransferWord: Sendable, Hashable {
    /// The folded spelling (`UMBUCHUNG`, `THANK YOU`).
    public var text: String
    public var kind: TransferWordKind
    /// Also matches tokens that start with `text` (`BARGELD` in `BARGELDAUSZAHLUNG`).
    public var prefix: Bool

    public init(_ text: String, _ kind: TransferWordKind, prefix: Bool = false) {
        self.text = text
        self.kind = kind
        self.prefix = prefix
    }
}

/// The built-in vocabulary: English, German, French, Spanish, Dutch and Italian bank wording.
public enum TransferVocabulary {
    public static let words: [TransferWord] = [
        // Between own accounts.
        .init("TRANSFER", .strongTransfer), .init("TRANSFERS", .strongTransfer),
        .init("XFER", .strongTransfer), .init("TFR", .strongTransfer), .init("TRF", .strongTransfer),
        .init("UMBUCHUNG", .strongTransfer, prefix: true), .init("UEBERTRAG", .strongTransfer, prefix: true),
        .init("ÜBERTRAG", .strongTransfer, prefix: true), .init("EIGENE", .strongTransfer, prefix: true),
        .init("OWN ACCOUNT", .strongTransfer), .init("BETWEEN ACCOUNTS", .strongTransfer),
        .init("TRASPASO", .strongTransfer), .init("GIROCONTO", .strongTransfer),
        .init("ENTRE COMPTES", .strongTransfer), .init("EIGEN REKENING", .strongTransfer),
        .init("SPAARREKENING", .strongTransfer), .init("SPARKONTO", .strongTransfer),
        // Payment orders to anyone.
        .init("ÜBERWEISUNG", .weakTransfer, prefix: true), .init("UEBERWEISUNG", .weakTransfer, prefix: true),
        .init("VIREMENT", .weakTransfer), .init("VIR", .weakTransfer), .init("TRANSFERENCIA", .weakTransfer),
        .init("OVERBOEKING", .weakTransfer), .init("BONIFICO", .weakTransfer), .init("WIRE", .weakTransfer),
        .init("GUTSCHRIFT", .weakTransfer),
        // Cash.
        .init("ATM", .cash), .init("GELDAUTOMAT", .cash, prefix: true), .init("BARGELD", .cash, prefix: true),
        .init("CASH WITHDRAWAL", .cash), .init("WITHDRAWAL", .cash), .init("RETRAIT", .cash), .init("DAB", .cash),
        .init("CASH", .cash), .init("CAJERO", .cash), .init("PRELIEVO", .cash), .init("BANCOMAT", .cash), .init("GELDOPNAME", .cash, prefix: true),
        // Credit card bills.
        .init("THANK YOU", .cardPayment), .init("AUTOPAY", .cardPayment), .init("PAYMENT RECEIVED", .cardPayment),
        .init("AUTOMATIC PAYMENT", .cardPayment), .init("KREDITKARTENABRECHNUNG", .cardPayment, prefix: true),
        .init("KREDITKARTE", .cardPayment, prefix: true), .init("ZAHLUNG ERHALTEN", .cardPayment),
        .init("PAIEMENT REÇU", .cardPayment),
        // Fees.
        .init("FEE", .fee), .init("FEES", .fee), .init("GEBÜHR", .fee, prefix: true), .init("GEBUEHR", .fee, prefix: true),
        .init("ENTGELT", .fee, prefix: true), .init("FRAIS", .fee), .init("COMISION", .fee), .init("COMISIÓN", .fee),
        .init("COMMISSIONE", .fee), .init("COMMISSIE", .fee), .init("KOSTEN", .fee), .init("CHARGE", .fee),
        .init("CHARGES", .fee), .init("SRVCHG", .fee),
        // Shops and card purchases.
        .init("AMAZON", .merchant), .init("AMZN", .merchant), .init("NETFLIX", .merchant), .init("STARBUCKS", .merchant),
        .init("UBER", .merchant), .init("LYFT", .merchant), .init("SPOTIFY", .merchant), .init("APPLE", .merchant),
        .init("GOOGLE", .merchant), .init("WALMART", .merchant), .init("COSTCO", .merchant), .init("MCDONALDS", .merchant),
        .init("REWE", .merchant), .init("EDEKA", .merchant), .init("LIDL", .merchant), .init("ALDI", .merchant),
        .init("SHELL", .merchant), .init("ESSO", .merchant), .init("ARAL", .merchant), .init("IKEA", .merchant),
        .init("KARTENZAHLUNG", .merchant), .init("POS", .merchant), .init("PURCHASE", .merchant),
        .init("LASTSCHRIFT", .merchant), .init("MARKET", .merchant), .init("STORE", .merchant),
        .init("RESTAURANT", .merchant), .init("SUPERMARKT", .merchant), .init("WHOLE FOODS", .merchant),
        // Money to or from someone else.
        .init("INTEREST", .thirdParty), .init("ZINSEN", .thirdParty), .init("ZINSGUTSCHRIFT", .thirdParty),
        .init("INTÉRÊTS", .thirdParty), .init("INTERESES", .thirdParty), .init("RENTE", .thirdParty),
        .init("DIVIDEND", .thirdParty), .init("DIVIDENDE", .thirdParty), .init("SALARY", .thirdParty),
        .init("GEHALT", .thirdParty), .init("LOHN", .thirdParty), .init("PAYROLL", .thirdParty),
        .init("SALAIRE", .thirdParty), .init("NOMINA", .thirdParty), .init("SALARIS", .thirdParty),
        .init("REFUND", .thirdParty), .init("ERSTATTUNG", .thirdParty), .init("RÜCKERSTATTUNG", .thirdParty),
        .init("CHECK", .thirdParty), .init("CHEQUE", .thirdParty), .init("SCHECK", .thirdParty),
        .init("MIETE", .thirdParty), .init("RENT", .thirdParty), .init("DIRECTDEP", .thirdParty),
        .init("INT", .thirdParty), .init("DIV", .thirdParty),
        // Words that carry nothing alone.
        .init("ONLINE", .generic), .init("PAYMENT", .generic), .init("TO", .generic), .init("FROM", .generic),
        .init("THE", .generic), .init("AUF", .generic), .init("VON", .generic), .init("AN", .generic),
        .init("ACCOUNT", .generic), .init("KONTO", .generic), .init("BANK", .generic), .init("SEPA", .generic),
        .init("DEBIT", .generic), .init("CREDIT", .generic), .init("CARD", .generic),
        .init("DEPOSIT", .generic), .init("INCOMING", .generic), .init("OUTGOING", .generic),
    ]
}

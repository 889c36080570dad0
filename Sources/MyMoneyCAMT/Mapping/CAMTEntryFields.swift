/// What one `Ntry` carried, as read: the raw material of its transactions.
///
/// Filled leaf by leaf while the entry is parsed and turned into transactions by
/// ``CAMTEntryFields/transactions(account:owner:)`` when it ends.
struct CAMTEntryFields: Sendable {
    var position: SourcePosition?
    /// Where the entry's start tag ends in the text (for positions of its leaves).
    var amount: Amount?
    var currency: Currency?
    var indicator: CAMTCreditDebit?
    var reversal = false
    /// `Sts` text (v2–v7) or `Sts/Cd` / `Sts/Prtry` (v8 and later).
    var status: CAMTEntryStatus?
    var bookingDay: Day?
    var bookingDateTime: String?
    var valueDay: Day?
    var servicerReference: String?
    var entryReference: String?
    var codes = CAMTBankCode()
    var instructedAmount: String?
    var exchangeRate: String?
    var batchCount: String?
    var additionalInfo: String?
    var details: [CAMTDetailFields] = []
}

/// What one `TxDtls` of an entry carried.
struct CAMTDetailFields: Sendable {
    var position: SourcePosition?
    var amount: Amount?
    var currency: Currency?
    var indicator: CAMTCreditDebit?
    /// `AmtDtls/TxAmt/Amt`: the fallback when `TxDtls/Amt` is missing (.02, .08).
    var transactionAmount: Amount?
    var transactionCurrency: Currency?
    var instructedAmount: String?
    var exchangeRate: String?
    var servicerReference: String?
    var endToEndId: String?
    var mandateId: String?
    var chequeNumber: String?
    var instructionId: String?
    var transactionId: String?
    var paymentInformationId: String?
    var uetr: String?
    var proprietaryReference: String?
    var codes = CAMTBankCode()
    var parties = CAMTParties()
    var purpose: String?
    var unstructured: [String] = []
    var creditorReference: String?
    var returnReason: String?
    var additionalInfo: String?

    /// The detail's own amount: `Amt`, else `AmtDtls/TxAmt/Amt`.
    var bookedAmount: (amount: Amount, currency: Currency?)? {
        if let amount { return (amount, currency) }
        if let transactionAmount { return (transactionAmount, transactionCurrency) }
        return nil
    }
}

/// `CdtDbtInd`: `CRDT` adds to the account, `DBIT` takes from it.
enum CAMTCreditDebit: Sendable, Equatable {
    case credit, debit
}

/// `BkTxCd`: the ISO domain, family and sub-family codes and a proprietary code with its issuer.
struct CAMTBankCode: Sendable, Equatable {
    var domain: String?
    var family: String?
    var subFamily: String?
    var proprietary: String?
    var issuer: String?

    var isEmpty: Bool { domain == nil && family == nil && subFamily == nil && proprietary == nil }

    mutating func set(_ leaf: CAMTLeaf, _ value: String?) {
        switch leaf {
        case .domainCode: domain = value
        case .familyCode: family = value
        case .subFamilyCode: subFamily = value
        case .proprietaryCode: proprietary = value
        default: issuer = value
        }
    }

    /// `PMNT/ICDT/ESCT`, or nil without a domain code.
    var iso: String? {
        guard var out = domain else { return nil }
        if let family { out += "/" + family }
        if let subFamily { out += "/" + subFamily }
        return out
    }

    /// The German business code (GVC) inside a proprietary code such as `NTRF+166+9249+888`
    /// (the Deutsche Kreditwirtschaft's camt mapping) or a bare `166`: three digits.
    var businessCode: String? {
        guard let proprietary else { return nil }
        var utf8 = proprietary.utf8[...]
        if let plus = utf8.firstIndex(of: 0x2B) {
            utf8 = utf8[utf8.index(after: plus)...]
            if let next = utf8.firstIndex(of: 0x2B) { utf8 = utf8[..<next] }
        }
        guard utf8.count == 3, utf8.allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }
}

/// The related parties of a transaction detail: who paid and who was paid, their accounts and
/// banks (`RltdPties`, `RltdAgts`).
struct CAMTParties: Sendable {
    var debtor = CAMTParty()
    var creditor = CAMTParty()
    var ultimateDebtor: String?
    var ultimateCreditor: String?
}

/// One side of a payment: a name, an account (IBAN or another id), a bank and a country.
struct CAMTParty: Sendable {
    var name: String?
    var iban: String?
    var account: String?
    var bic: String?
    var country: String?

    var isEmpty: Bool { name == nil && iban == nil && account == nil }
}

/// The roles a party element plays (`Dbtr`, `CdtrAcct`, `DbtrAgt`, …) while it is open.
enum CAMTPartyRole: Sendable, Equatable {
    case debtor, creditor, ultimateDebtor, ultimateCreditor, debtorAccount, creditorAccount, debtorAgent, creditorAgent
}

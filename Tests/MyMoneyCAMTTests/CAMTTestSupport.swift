import Foundation
import MyMoneyCAMT

/// Reads camt text the way the command line does.
func readCAMT(_ text: String, file: String = "test.xml", options: ReadOptions = ReadOptions()) -> ReadResult {
    CAMTReader().read(Array(text.utf8), file: file, options: options)
}

/// A camt.053 document around `statements` (each a `<Stmt>…</Stmt>`).
func camtDocument(_ statements: String, version: String = "02", message: String = "camt.053") -> String {
    let root = message == "camt.052" ? "BkToCstmrAcctRpt" : (message == "camt.054" ? "BkToCstmrDbtCdtNtfctn" : "BkToCstmrStmt")
    return """
    <?xml version="1.0" encoding="UTF-8"?>
    <Document xmlns="urn:iso:std:iso:20022:tech:xsd:\(message).001.\(version)">
    <\(root)>
    <GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-11-01T06:00:00</CreDtTm></GrpHdr>
    \(statements)
    </\(root)>
    </Document>

    """
}

/// A `<Stmt>` of account DE02120300000000202051 in EUR with an opening and a closing balance and `entries`.
func camtStatement(_ entries: String, opening: String = "100.00", closing: String = "100.00", id: String = "STMT-1",
                   record: String = "Stmt", account: String = "<Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy>",
                   extraBalances: String = "") -> String {
    """
    <\(record)><Id>\(id)</Id><CreDtTm>2026-11-01T06:00:00</CreDtTm>
    <Acct>\(account)<Ownr><Nm>Alex Morgan</Nm></Ownr></Acct>
    \(balance("OPBD", opening, "2026-10-01"))
    \(balance("CLBD", closing, "2026-10-31"))
    \(extraBalances)
    \(entries)
    </\(record)>
    """
}

/// A `<Bal>` of `code`; a leading `-` in `amount` writes DBIT.
func balance(_ code: String, _ amount: String, _ day: String, currency: String = "EUR") -> String {
    let debit = amount.hasPrefix("-")
    return "<Bal><Tp><CdOrPrtry><Cd>\(code)</Cd></CdOrPrtry></Tp><Amt Ccy=\"\(currency)\">\(debit ? String(amount.dropFirst()) : amount)</Amt>"
        + "<CdtDbtInd>\(debit ? "DBIT" : "CRDT")</CdtDbtInd><Dt><Dt>\(day)</Dt></Dt></Bal>"
}

/// An `<Ntry>`; a leading `-` in `amount` writes DBIT. `details` goes inside `<NtryDtls>`.
func ntry(_ amount: String, day: String = "2026-10-15", status: String = "<Sts>BOOK</Sts>", reference: String? = "REF-1",
           currency: String = "EUR", details: String = "", inside: String = "") -> String {
    let debit = amount.hasPrefix("-")
    return "<Ntry><Amt Ccy=\"\(currency)\">\(debit ? String(amount.dropFirst()) : amount)</Amt><CdtDbtInd>\(debit ? "DBIT" : "CRDT")</CdtDbtInd>"
        + "\(status)<BookgDt><Dt>\(day)</Dt></BookgDt><ValDt><Dt>\(day)</Dt></ValDt>"
        + (reference.map { "<AcctSvcrRef>\($0)</AcctSvcrRef>" } ?? "") + inside
        + (details.isEmpty ? "" : "<NtryDtls>\(details)</NtryDtls>") + "</Ntry>"
}

/// A `<TxDtls>` with a counterparty and remittance lines.
func txDetails(debtor: String? = nil, creditor: String? = nil, debtorIBAN: String? = nil, creditorIBAN: String? = nil,
               remittance: [String] = [], amount: String? = nil, inside: String = "") -> String {
    var parties = ""
    if let debtor { parties += "<Dbtr><Nm>\(debtor)</Nm></Dbtr>" }
    if let debtorIBAN { parties += "<DbtrAcct><Id><IBAN>\(debtorIBAN)</IBAN></Id></DbtrAcct>" }
    if let creditor { parties += "<Cdtr><Nm>\(creditor)</Nm></Cdtr>" }
    if let creditorIBAN { parties += "<CdtrAcct><Id><IBAN>\(creditorIBAN)</IBAN></Id></CdtrAcct>" }
    var amountXML = ""
    if let amount {
        let debit = amount.hasPrefix("-")
        amountXML = "<Amt Ccy=\"EUR\">\(debit ? String(amount.dropFirst()) : amount)</Amt><CdtDbtInd>\(debit ? "DBIT" : "CRDT")</CdtDbtInd>"
    }
    let rmt = remittance.isEmpty ? "" : "<RmtInf>" + remittance.map { "<Ustrd>\($0)</Ustrd>" }.joined() + "</RmtInf>"
    return "<TxDtls>\(amountXML)\(inside)" + (parties.isEmpty ? "" : "<RltdPties>\(parties)</RltdPties>") + rmt + "</TxDtls>"
}

func day(_ iso: String) -> Day { Day(iso: iso)! }
func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }

/// The diagnostics' codes, for `#expect` messages.
func codes(_ result: ReadResult) -> [String] { result.diagnostics.map { "\($0.code): \($0.message)" } }

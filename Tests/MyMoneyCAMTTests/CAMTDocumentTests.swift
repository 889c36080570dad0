import Foundation
import Testing
import MyMoneyCAMT

/// Documents as banks write them: prefixes, versions, reports and notifications, accounts.
@Suite("camt documents")
struct CAMTDocumentTests {
    @Test func aNamespacePrefixIsIgnored() throws {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><ns2:BkToCstmrStmt>
        <ns2:Stmt><ns2:Id>P</ns2:Id><ns2:Acct><ns2:Id><ns2:IBAN>DE02120300000000202051</ns2:IBAN></ns2:Id></ns2:Acct>
        <ns2:Ntry><ns2:Amt Ccy="EUR">1.00</ns2:Amt><ns2:CdtDbtInd>DBIT</ns2:CdtDbtInd><ns2:Sts>BOOK</ns2:Sts>
        <ns2:BookgDt><ns2:Dt>2026-10-05</ns2:Dt></ns2:BookgDt></ns2:Ntry>
        </ns2:Stmt></ns2:BkToCstmrStmt></ns2:Document>
        """
        let result = readCAMT(text)
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        #expect(result.statements.first?.account.id == "DE02120300000000202051")
        #expect(result.statements.first?.transactions.first?.amount == amount("-1.00"))
    }

    @Test func theVersionComesFromTheNamespace() throws {
        for version in ["02", "04", "05", "06", "08"] {
            let result = readCAMT(camtDocument(camtStatement(""), version: version))
            #expect(result.statements.first?.extra.first { $0.key == "message" }?.value == "camt.053.001.\(version)")
        }
    }

    @Test func aReportWithInterimBalancesAndPendingEntries() throws {
        let rpt = "<Rpt><Id>R-1</Id><Acct><Id><IBAN>DE00000000000000000000</IBAN></Id><Ccy>EUR</Ccy></Acct>"
            + balance("ITBD", "250.00", "2021-02-05") + ntry("-30.00") + ntry("-5.00", status: "<Sts>PDNG</Sts>", reference: "P") + "</Rpt>"
        let result = readCAMT(camtDocument(rpt, message: "camt.052"))
        let s = try #require(result.statements.first)
        #expect(s.source.format == "camt.052")
        #expect(s.balances.map(\.kind) == [.ledger])
        #expect(s.transactions.map(\.amount) == [amount("-30.00")])
        #expect(result.diagnostics.map(\.code) == ["camt.pending"])
    }

    @Test func version8StatusCanBeProprietary() throws {
        let result = readCAMT(camtDocument(camtStatement(ntry("0.00", status: "<Sts><Prtry>BOOK</Prtry></Sts>"))))
        #expect(result.statements.first?.transactions.count == 1, "\(codes(result))")
    }

    @Test func anAccountWithoutIBANTakesItsOtherId() throws {
        let account = "<Id><Othr><Id>0035-2915203-10-000</Id></Othr></Id><Ccy>CHF</Ccy><Svcr><FinInstnId><BICFI>SAMPLEBANK</BICFI></FinInstnId></Svcr>"
        let s = try #require(readCAMT(camtDocument(camtStatement("", account: account))).statements.first)
        #expect(s.account.id == "0035-2915203-10-000")
        #expect(s.account.currency == Currency(code: "CHF"))
        #expect(s.account.bankId == "SAMPLEBANK")
        #expect(s.extra.first { $0.key == "owner" }?.value == "Alex Morgan")
    }

    @Test func theCallersAccountAndCurrencyFillWhatTheFileLacks() throws {
        let stmt = "<Stmt><Id>S</Id><Acct><Id></Id></Acct>" + ntry("1.00").replacingOccurrences(of: " Ccy=\"EUR\"", with: "") + "</Stmt>"
        let s = try #require(readCAMT(camtDocument(stmt), options: ReadOptions(accountId: "MINE", currency: .EUR)).statements.first)
        #expect(s.account.id == "MINE")
        #expect(s.account.currency == .EUR)
    }

    @Test func aPeriodIsTheWrittenDays() throws {
        let stmt = camtStatement("").replacingOccurrences(of: "<Acct>",
            with: "<FrToDt><FrDtTm>2007-10-18T08:00:00+01:00</FrDtTm><ToDtTm>2007-10-18T12:30:00+01:00</ToDtTm></FrToDt><Acct>")
        let s = try #require(readCAMT(camtDocument(stmt)).statements.first)
        #expect(s.period == DayRange(start: day("2007-10-18"), end: day("2007-10-18")))
    }

    @Test func latin1DeclaredIsDecoded() throws {
        let text = camtDocument(camtStatement(ntry("-1.00", details: txDetails(creditor: "Bäckerei")), opening: "1.00", closing: "0.00"))
            .replacingOccurrences(of: "UTF-8", with: "ISO-8859-1")
        let result = CAMTReader().read(Array(text.data(using: .isoLatin1)!), file: "l.xml", options: ReadOptions())
        #expect(result.statements.first?.transactions.first?.payee == "Bäckerei")
        #expect(result.statements.first?.source.encoding == "iso-8859-1")
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
    }

    @Test func utf8DeclaredLatin1IsAWarning() throws {
        let text = camtDocument(camtStatement(ntry("-1.00", details: txDetails(creditor: "Bäckerei")), opening: "1.00", closing: "0.00"))
        let result = CAMTReader().read(Array(text.data(using: .isoLatin1)!), file: "l.xml", options: ReadOptions())
        #expect(result.statements.first?.transactions.first?.payee == "Bäckerei")
        #expect(result.diagnostics.map(\.code) == ["camt.encoding"])
    }

    @Test func utf16WithAMarkIsRead() throws {
        let text = camtDocument(camtStatement(ntry("-1.00", details: txDetails(creditor: "Zoë")), opening: "1.00", closing: "0.00"))
            .replacingOccurrences(of: "UTF-8", with: "UTF-16")
        let result = CAMTReader().read([0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!), file: "u.xml", options: ReadOptions())
        #expect(result.statements.first?.transactions.first?.payee == "Zoë", "\(codes(result))")
    }
}

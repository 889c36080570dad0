import Foundation
import Testing
import MyMoneyCAMT

/// How one `Ntry` becomes transactions: signs, statuses, dates, ids, texts, parties, codes.
@Suite("camt entries")
struct CAMTEntryTests {
    func only(_ entries: String, opening: String = "0.00", closing: String? = nil, options: ReadOptions = ReadOptions()) throws -> [StatementTransaction] {
        let result = readCAMT(camtDocument(camtStatement(entries, opening: opening, closing: closing ?? opening)),
                              options: ReadOptions(acceptBrokenBalances: true))
        let statement = try #require(result.statements.first, "\(codes(result))")
        return statement.transactions
    }

    @Test func debitIsNegativeCreditPositive() throws {
        let t = try only(ntry("-12.50", reference: "A") + ntry("3.20", reference: "B"))
        #expect(t.map(\.amount) == [amount("-12.50"), amount("3.20")])
    }

    @Test func version8StatusIsInsideCd() throws {
        let t = try only(ntry("-1.00", status: "<Sts><Cd>BOOK</Cd></Sts>") + ntry("-2.00", status: "<Sts><Cd>PDNG</Cd></Sts>"))
        #expect(t.map(\.amount) == [amount("-1.00")])
    }

    @Test func pendingEntryIsLeftOutWithANote() {
        let result = readCAMT(camtDocument(camtStatement(ntry("-5.00", status: "<Sts>PDNG</Sts>"))))
        #expect(result.statements.first?.transactions.isEmpty == true)
        #expect(result.diagnostics.map(\.code) == ["camt.pending"])
        #expect(result.diagnostics.first?.severity == .note)
        #expect(result.isUsable(strict: true))
    }

    @Test func informationStatusIsLeftOut() {
        let result = readCAMT(camtDocument(camtStatement(ntry("-5.00", status: "<Sts>INFO</Sts>"))))
        #expect(result.statements.first?.transactions.isEmpty == true)
        #expect(result.diagnostics.map(\.code) == ["camt.status"])
    }

    @Test func bookingDateIsTheDayAndValueDateAnExtra() throws {
        let xml = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-10-12</Dt></BookgDt><ValDt><Dt>2026-10-11</Dt></ValDt></Ntry>"
        let t = try #require(try only(xml).first)
        #expect(t.day == day("2026-10-12"))
        #expect(t.extra("value date") == "2026-10-11")
    }

    @Test func bookingDateTimeKeepsTheWrittenDayWhateverTheZone() throws {
        let xml = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><DtTm>2026-10-12T23:30:00-05:00</DtTm></BookgDt></Ntry>"
        let t = try #require(try only(xml).first)
        #expect(t.day == day("2026-10-12"))
        #expect(t.extra("booking time") == "2026-10-12T23:30:00-05:00")
    }

    @Test func dateWithAZoneSuffixIsTheDay() throws {
        let xml = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2017-04-01+02:00</Dt></BookgDt></Ntry>"
        #expect(try only(xml).first?.day == day("2017-04-01"))
    }

    @Test func valueDateStandsInWhenThereIsNoBookingDate() throws {
        let xml = "<Ntry><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><ValDt><Dt>2026-10-09</Dt></ValDt></Ntry>"
        #expect(try only(xml).first?.day == day("2026-10-09"))
    }

    @Test func servicerReferenceIsTheBankId() throws {
        #expect(try only(ntry("-1.00", reference: "2026101500001")).first?.id == "2026101500001")
    }

    @Test func nonrefFallsBackToTheProprietaryReference() throws {
        let details = "<TxDtls><Refs><Prtry><Tp>FI-UMSATZ-ID</Tp><Ref>2021-02-04-21.47.34.635624</Ref></Prtry></Refs></TxDtls>"
        let t = try #require(try only(ntry("-1.00", reference: "NONREF", details: details)).first)
        #expect(t.id == "2021-02-04-21.47.34.635624")
    }

    @Test func noReferenceAtAllLeavesTheIdEmpty() throws {
        #expect(try only(ntry("-1.00", reference: nil)).first?.id == nil)
    }

    @Test func endToEndNotProvidedIsDropped() throws {
        let details = "<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId><MndtId>M-1</MndtId></Refs></TxDtls>"
        let t = try #require(try only(ntry("-1.00", details: details)).first)
        #expect(t.extra("end-to-end id") == nil)
        #expect(t.extra("mandate id") == "M-1")
    }

    @Test func remittanceLinesAreJoinedWithASpace() throws {
        let t = try only(ntry("-1.00", details: txDetails(creditor: "Shop", remittance: ["Invoice 1", "and 2"])))
        #expect(t.first?.memo == "Invoice 1 and 2")
    }

    @Test func aFull140CharacterChunkGoesOnWithoutASpace() throws {
        let full = String(repeating: "a", count: 139) + "b"
        let t = try only(ntry("-1.00", details: txDetails(creditor: "Shop", remittance: [full, "cd"])))
        #expect(t.first?.memo == full + "cd")
    }

    @Test func prettyPrintedRemittanceIsFoldedToOneLine() throws {
        let t = try only(ntry("-1.00", details: txDetails(creditor: "Shop", remittance: ["Invoice 1\n            EREF: X"])))
        #expect(t.first?.memo == "Invoice 1 EREF: X")
    }

    @Test func structuredCreditorReferenceWhenThereIsNoUnstructuredText() throws {
        let details = "<TxDtls><RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls>"
        #expect(try only(ntry("-1.00", details: details)).first?.memo == "RF18539007547034")
    }

    @Test func additionalEntryInfoIsTheLastMemo() throws {
        let t = try only(ntry("-89.85", details: "", inside: "") .replacingOccurrences(of: "</Ntry>", with: "<AddtlNtryInf>Supermarkt A</AddtlNtryInf></Ntry>"))
        #expect(t.first?.memo == "Supermarkt A")
        #expect(t.first?.payee == nil)
    }

    @Test func counterpartyIsTheDebtorOfACredit() throws {
        let t = try only(ntry("500.00", details: txDetails(debtor: "Alex Morgan", creditor: "Alex Morgan Savings",
                                                            debtorIBAN: "DE89370400440532013000", creditorIBAN: "DE02120300000000202051")))
        #expect(t.first?.payee == "Alex Morgan")
        #expect(t.first?.extra("counterparty.iban") == "DE89370400440532013000")
    }

    @Test func counterpartyIsTheCreditorOfADebit() throws {
        let t = try only(ntry("-72.00", details: txDetails(debtor: "Alex Morgan", creditor: "Stadtwerke Berlin",
                                                            debtorIBAN: "DE02120300000000202051", creditorIBAN: "DE44500105175407324931")))
        #expect(t.first?.payee == "Stadtwerke Berlin")
        #expect(t.first?.extra("counterparty.iban") == "DE44500105175407324931")
    }

    @Test func version8PartyNameSitsUnderPty() throws {
        let details = "<TxDtls><RltdPties><Cdtr><Pty><Nm>Company Name</Nm></Pty></Cdtr><CdtrAcct><Id><Othr><Id>12345</Id></Othr></Id></CdtrAcct></RltdPties></TxDtls>"
        let t = try #require(try only(ntry("-1.00", details: details)).first)
        #expect(t.payee == "Company Name")
        #expect(t.extra("counterparty.account") == "12345")
    }

    @Test func anAgentCanBeTheParty() throws {
        let details = "<TxDtls><RltdPties><Cdtr><Agt><FinInstnId><Nm>Some Bank</Nm></FinInstnId></Agt></Cdtr></RltdPties></TxDtls>"
        #expect(try only(ntry("-1.00", details: details)).first?.payee == "Some Bank")
    }

    @Test func ultimatePartiesAreKeptNotUsedAsPayee() throws {
        let details = "<TxDtls><RltdPties><Dbtr><Nm>PayPal Europe</Nm></Dbtr><UltmtDbtr><Nm>Jane Doe</Nm></UltmtDbtr></RltdPties></TxDtls>"
        let t = try #require(try only(ntry("10.00", details: details)).first)
        #expect(t.payee == "PayPal Europe")
        #expect(t.extra("ultimate debtor") == "Jane Doe")
    }

    @Test func reversalTakesThePartyThatIsNotTheOwner() throws {
        // A returned outgoing transfer: CRDT with RvslInd, the original payee still under Cdtr.
        let details = txDetails(debtor: "Alex Morgan", creditor: "Online Shop", debtorIBAN: "DE02120300000000202051", creditorIBAN: "DE11111111111111111111")
        let xml = ntry("25.00", details: details).replacingOccurrences(of: "<Sts>", with: "<RvslInd>true</RvslInd><Sts>")
        let t = try #require(try only(xml).first)
        #expect(t.amount == amount("25.00"))
        #expect(t.payee == "Online Shop")
        #expect(t.extra("reversal") == "true")
    }

    @Test func bankTransactionCodesIsoAndGermanProprietary() throws {
        let codes = "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn><Prtry><Cd>NTRF+166+9249+888</Cd><Issr>DK</Issr></Prtry></BkTxCd>"
        let t = try #require(try only(ntry("1.00", inside: codes)).first)
        #expect(t.bankType == "PMNT/RCDT/ESCT")
        #expect(t.extra("proprietary code") == "NTRF+166+9249+888")
        #expect(t.extra("proprietary code issuer") == "DK")
        #expect(t.extra("GVC") == "166")
    }

    @Test func emptyEntryCodeGivesWayToTheDetailsCode() throws {
        let details = "<TxDtls><BkTxCd><Prtry><Cd>NMSC+051</Cd><Issr>ZKA</Issr></Prtry></BkTxCd></TxDtls>"
        let t = try #require(try only(ntry("1.00", details: details, inside: "<BkTxCd />")).first)
        #expect(t.bankType == "NMSC+051")
        #expect(t.extra("GVC") == "051")
    }

    @Test func batchWithAmountsBecomesOneTransactionPerDetail() throws {
        let details = "<Btch><NbOfTxs>2</NbOfTxs></Btch>"
            + "<TxDtls><AmtDtls><TxAmt><Amt Ccy=\"EUR\">2.25</Amt></TxAmt></AmtDtls><RltdPties><Dbtr><Nm>A</Nm></Dbtr></RltdPties><RmtInf><Ustrd>first</Ustrd></RmtInf></TxDtls>"
            + "<TxDtls><AmtDtls><TxAmt><Amt Ccy=\"EUR\">1.20</Amt></TxAmt></AmtDtls><RltdPties><Dbtr><Nm>B</Nm></Dbtr></RltdPties><RmtInf><Ustrd>second</Ustrd></RmtInf></TxDtls>"
        let t = try only(ntry("3.45", reference: "BATCH-1", details: details))
        #expect(t.map(\.amount) == [amount("2.25"), amount("1.20")])
        #expect(t.map(\.payee) == ["A", "B"])
        #expect(t.map(\.memo) == ["first", "second"])
        #expect(t.map { $0.extra("batch") } == ["1 of 2", "2 of 2"])
        #expect(t.allSatisfy { $0.id == "BATCH-1" })
    }

    @Test func detailsCarryTheirOwnDirection() throws {
        let details = txDetails(creditor: "Fee", amount: "-1.00") + txDetails(debtor: "Refund", amount: "11.00")
        let t = try only(ntry("10.00", details: details))
        #expect(t.map(\.amount) == [amount("-1.00"), amount("11.00")])
        #expect(t.map(\.payee) == ["Fee", "Refund"])
    }

    @Test func batchWithoutAmountsStaysOneTransaction() throws {
        let details = txDetails(debtor: "MUELLER", remittance: ["one"]) + txDetails(debtor: "MUELLER", remittance: ["two"])
        let t = try only(ntry("200.00", details: details))
        #expect(t.count == 1)
        #expect(t.first?.payee == "MUELLER")
        #expect(t.first?.memo == "one; two")
        #expect(t.first?.extra("detail.2.memo") == "two")
    }

    @Test func batchWhoseDetailsDoNotAddUpStaysOneTransactionWithAWarning() throws {
        let details = txDetails(debtor: "A", amount: "1.00") + txDetails(debtor: "B", amount: "1.00")
        let result = readCAMT(camtDocument(camtStatement(ntry("3.00", details: details), opening: "0.00", closing: "3.00")))
        #expect(result.statements.first?.transactions.map(\.amount) == [amount("3.00")])
        #expect(result.diagnostics.map(\.code) == ["camt.batch"])
    }

    @Test func entryInAnotherCurrencyIsKeptWithItsCurrency() throws {
        let result = readCAMT(camtDocument(camtStatement(ntry("-5.00", currency: "USD"), opening: "1.00", closing: "1.00")))
        let t = try #require(result.statements.first?.transactions.first)
        #expect(t.currency == Currency(code: "USD"))
        #expect(result.diagnostics.map(\.code) == ["camt.currency"])
        #expect(result.isUsable(strict: false))
    }

    @Test func fiveDecimalAmountsStayExact() throws {
        let t = try only(ntry("8.85000"))
        #expect(t.first?.amount.description == "8.85000")
    }

    @Test func amountWithoutDecimalsIsWhole() throws {
        #expect(try only(ntry("-80")).first?.amount == amount("-80"))
    }

    @Test func originalAmountAndRateAreKept() throws {
        let details = "<TxDtls><AmtDtls><InstdAmt><Amt Ccy=\"USD\">12.00</Amt><CcyXchg><SrcCcy>USD</SrcCcy><TrgtCcy>EUR</TrgtCcy><XchgRate>1.0912</XchgRate></CcyXchg></InstdAmt></AmtDtls></TxDtls>"
        let t = try #require(try only(ntry("-11.00", details: details)).first)
        #expect(t.extra("original amount") == "12.00 USD")
        #expect(t.extra("exchange rate") == "1.0912")
    }

    @Test func chequeNumberIsTheCheckNumber() throws {
        let details = "<TxDtls><Refs><ChqNb>1001</ChqNb></Refs></TxDtls>"
        #expect(try only(ntry("-120.00", details: details)).first?.checkNumber == "1001")
    }

    @Test func identicalEntriesAreBothKept() throws {
        let twice = ntry("-3.20", reference: nil, details: txDetails(creditor: "Bäckerei Kamps", remittance: ["Kartenzahlung"]))
        #expect(try only(twice + twice).count == 2)
    }

    @Test func zeroAmountIsAnEntry() throws {
        #expect(try only(ntry("0.00")).first?.amount.isZero == true)
    }

    @Test func transactionPositionIsItsNtry() throws {
        let result = readCAMT(camtDocument(camtStatement(ntry("1.00"))), options: ReadOptions(acceptBrokenBalances: true))
        let t = try #require(result.statements.first?.transactions.first)
        let source = try #require(result.source)
        let line = source.lineText(containing: try #require(t.position).offset).text
        #expect(line.hasPrefix("<Ntry>"))
    }
}

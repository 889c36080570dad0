import Foundation
import Testing
import MyMoneyCAMT

/// Balances: kinds by code, signs, and the chain check opening + booked entries = closing.
@Suite("camt balances")
struct CAMTBalanceTests {
    @Test func balancesThatChainPass() throws {
        let result = readCAMT(camtDocument(camtStatement(ntry("-12.50") + ntry("2.50", reference: "R2"), opening: "100.00", closing: "90.00")))
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        let s = try #require(result.statements.first)
        #expect(s.balances.map(\.kind) == [.opening, .closing])
        #expect(s.balances.map(\.amount) == [amount("100.00"), amount("90.00")])
        #expect(s.balances.map(\.day) == [day("2026-10-01"), day("2026-10-31")])
    }

    @Test func aBrokenChainIsAnErrorNamingTheStatement() throws {
        let result = readCAMT(camtDocument(camtStatement(ntry("-12.50"), opening: "100.00", closing: "90.00", id: "2026-10-31-001")))
        let d = try #require(result.diagnostics.first { $0.code == "camt.balance" })
        #expect(d.severity == .error)
        #expect(d.message.contains("statement 2026-10-31-001 (DE02120300000000202051)"))
        #expect(d.message.contains("difference 2.50"))
        #expect(!result.isUsable(strict: false))
        #expect(result.statements.count == 1)   // read, not dropped: the caller decides
    }

    @Test func acceptBrokenBalancesMakesTheBreakAWarning() throws {
        let result = readCAMT(camtDocument(camtStatement(ntry("-12.50"), opening: "100.00", closing: "90.00")),
                              options: ReadOptions(acceptBrokenBalances: true))
        #expect(result.diagnostics.map(\.code) == ["camt.balance"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.isUsable(strict: false))
        #expect(!result.isUsable(strict: true))
    }

    @Test func pendingEntriesAreLeftOutOfTheChain() {
        let entries = ntry("-10.00") + ntry("-99.00", status: "<Sts>PDNG</Sts>", reference: "P")
        let result = readCAMT(camtDocument(camtStatement(entries, opening: "100.00", closing: "90.00")))
        #expect(!result.diagnostics.contains { $0.code == "camt.balance" }, "\(codes(result))")
    }

    @Test func debitBalanceIsNegative() throws {
        let result = readCAMT(camtDocument(camtStatement(ntry("-10.00"), opening: "-5.00", closing: "-15.00")))
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        #expect(result.statements.first?.balances.map(\.amount) == [amount("-5.00"), amount("-15.00")])
    }

    @Test func previouslyClosedBookedIsTheOpeningWithoutOPBD() throws {
        let stmt = "<Stmt><Id>S</Id><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>"
            + balance("PRCD", "24.16", "2014-01-02") + balance("CLBD", "27.61", "2014-01-03") + ntry("3.45") + "</Stmt>"
        let result = readCAMT(camtDocument(stmt))
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        #expect(result.statements.first?.balances.map(\.kind) == [.opening, .closing])
    }

    @Test func previouslyClosedBookedBesideOPBDIsKeptAsAField() throws {
        let extra = balance("PRCD", "100.00", "2026-09-30")
        let result = readCAMT(camtDocument(camtStatement("", extraBalances: extra)))
        let s = try #require(result.statements.first)
        #expect(s.balances.map(\.kind) == [.opening, .closing])
        #expect(s.extra.first { $0.key == "balance.PRCD" }?.value == "100.00 EUR 2026-09-30")
    }

    @Test func interimAndAvailableBalancesHaveTheirKinds() throws {
        let extra = balance("CLAV", "95.00", "2026-10-31") + balance("FWAV", "90.00", "2026-11-02") + balance("ITBD", "99.00", "2026-10-15")
            + balance("OPAV", "98.00", "2026-10-01") + balance("XPCD", "1.00", "2026-10-01") + balance("INFO", "2.00", "2026-10-01")
        let s = try #require(readCAMT(camtDocument(camtStatement("", extraBalances: extra))).statements.first)
        #expect(s.balances.map(\.kind) == [.opening, .closing, .available, .available, .ledger])
        #expect(s.extra.filter { $0.key.hasPrefix("balance.") }.map(\.key) == ["balance.OPAV", "balance.XPCD", "balance.INFO"])
    }

    @Test func aBalanceInAnotherCurrencyIsNotChained() throws {
        let stmt = "<Stmt><Id>S</Id><Acct><Id><IBAN>NL26VAYB8060476890</IBAN></Id><Ccy>EUR</Ccy></Acct>"
            + balance("OPBD", "18.15", "2014-12-30") + balance("CLBD", "-27.00", "2014-12-31", currency: "SEK") + ntry("8.85") + "</Stmt>"
        let result = readCAMT(camtDocument(stmt))
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        #expect(result.statements.first?.balances.last?.currency == Currency(code: "SEK"))
    }

    @Test func accountCurrencyFallsBackToTheFirstBalance() throws {
        let stmt = "<Stmt><Id>S</Id><Acct><Id><IBAN>GB33BUKB20201555555555</IBAN></Id></Acct>" + balance("OPBD", "5442.09", "2025-07-23", currency: "RON") + "</Stmt>"
        #expect(readCAMT(camtDocument(stmt)).statements.first?.account.currency == Currency(code: "RON"))
    }

    @Test func accountCurrencyFallsBackToTheFirstEntry() throws {
        let stmt = "<Ntfctn><Id>N</Id><Acct><Id><IBAN>CH2801234000123456789</IBAN></Id></Acct>" + ntry("-200000.00", currency: "SEK") + "</Ntfctn>"
        let result = readCAMT(camtDocument(stmt, message: "camt.054"))
        let s = try #require(result.statements.first)
        #expect(s.account.currency == Currency(code: "SEK"))
        #expect(s.transactions.first?.currency == nil)
        #expect(s.source.format == "camt.054")
    }

    @Test func summaryEntryCountMustMatch() throws {
        let summary = "<TxsSummry><TtlNtries><NbOfNtries>3</NbOfNtries></TtlNtries></TxsSummry>"
        let result = readCAMT(camtDocument(camtStatement(summary + ntry("0.00"))))
        #expect(result.diagnostics.map(\.code) == ["camt.summary"])
        #expect(result.diagnostics.first?.message.contains("holds 1") == true)
    }

    @Test func summaryCreditAndDebitTotalsMustMatchTheEntries() throws {
        func summary(credits: String, creditSum: String, debits: String, debitSum: String) -> String {
            "<TxsSummry><TtlCdtNtries><NbOfNtries>\(credits)</NbOfNtries><Sum>\(creditSum)</Sum></TtlCdtNtries>"
                + "<TtlDbtNtries><NbOfNtries>\(debits)</NbOfNtries><Sum>\(debitSum)</Sum></TtlDbtNtries></TxsSummry>"
        }
        let entries = ntry("50.00") + ntry("-20.00") + ntry("-10.50")
        let agreeing = readCAMT(camtDocument(camtStatement(summary(credits: "1", creditSum: "50.00", debits: "2", debitSum: "30.5")
                                                             + entries, closing: "119.50")))
        #expect(agreeing.diagnostics.isEmpty)
        // The bank's totals name one debit more than the file holds: an entry was lost on the way.
        let short = readCAMT(camtDocument(camtStatement(summary(credits: "1", creditSum: "50.00", debits: "3", debitSum: "42.50")
                                                          + entries, closing: "119.50")))
        #expect(short.diagnostics.map(\.code) == ["camt.summary", "camt.summary"])
        #expect(short.diagnostics.first?.message.contains("3 debit entries (TxsSummry/TtlDbtNtries) but holds 2") == true)
        #expect(short.diagnostics.last?.message.contains("add up to 42.50 (TxsSummry/TtlDbtNtries/Sum) but they add up to 30.50 (difference 12.00)") == true)
        #expect(short.statements.first?.transactions.count == 3)
    }

    @Test func aBalanceWithoutTypeIsIgnoredWithAWarning() throws {
        let bad = "<Bal><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-10-01</Dt></Dt></Bal>"
        let result = readCAMT(camtDocument(camtStatement("", extraBalances: bad)))
        #expect(result.diagnostics.map(\.code) == ["camt.balance.type"])
    }

    @Test func severalStatementsAreChainedEachOnItsOwn() throws {
        let first = camtStatement(ntry("8.85"), opening: "18.15", closing: "27.00", id: "A")
        let second = camtStatement(ntry("-7.00"), opening: "27.00", closing: "20.00", id: "B")
        let result = readCAMT(camtDocument(first + second))
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        #expect(result.statements.map { $0.transactions.count } == [1, 1])
        #expect(result.statements.map { $0.extra.first { $0.key == "Id" }?.value } == ["A", "B"])
    }
}

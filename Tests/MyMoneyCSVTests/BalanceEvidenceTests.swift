import Foundation
import Testing
import MyMoneyCSV

/// Running balances are ground truth: they decide signs, same-day order and fees, and a chain
/// that no reading mends stops the read. One fixture per class in `Fixtures/classes`.
@Suite struct BalanceEvidenceTests {
    @Test func indicatorWordsTheVocabularyDoesNotKnowAreSignedByTheBalance() throws {
        let result = readFixture("indicator-unknown-words.csv")
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        #expect(s.transactions.map(\.amount) == ["4500.00", "-1850.00", "-86.40", "20.00"].map(amount))
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("1234.12"))
        #expect(result.isUsable(strict: false))
        let notes = result.diagnostics.filter { $0.code == "csv.balance.reading" }.map(\.message)
        #expect(notes.contains("\"obc\" means money out: the running balances say so"))
        #expect(notes.contains("\"uzn\" means money in: the running balances say so"))
    }

    @Test func indicatorHeaderSpelledWithSpacesAndSlashes() throws {
        let s = try #require(onlyStatement(readFixture("indicator-header-with-spaces.csv")))
        #expect(s.transactions.map(\.amount) == [amount("-45.60"), amount("2345.67")])
    }

    @Test(arguments: ["D/C", "Dr / Cr", "Af / Bij", "Soll/Haben", "Débit / Crédit", "Obciążenie / Uznanie", "Borç/Alacak", "出金/入金"])
    func indicatorColumnHoweverItsHeaderIsSpelled(_ header: String) throws {
        let words = header.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
        let text = "Date;Payee;Amount;\(header)\n2026-10-01;Shop;12,50;\(words[0])\n2026-10-02;Work;100,00;\(words[1])\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.amount) == [amount("-12.50"), amount("100.00")])
    }

    @Test func cardStatementWritingChargesPositiveIsReversedByTheBalance() throws {
        let result = readFixture("card-charges-positive.csv")
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.map(\.amount) == [amount("-4.50"), amount("-25.00"), amount("100.00")])
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("-100.00"))
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("-29.50"))
        #expect(result.diagnostics.contains { $0.code == "csv.balance.reading" && $0.message.contains("every sign reversed") })
    }

    @Test func sameDayRowsOfANewestFirstFileTakeTheOrderTheirBalancesFit() throws {
        let result = readFixture("newest-first-same-day.csv")
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.compactMap(\.payee) == ["Coffee", "Rent", "Salary", "Bakery"])
        #expect(s.balances.filter { $0.kind == .running }.map(\.amount) == ["93.50", "-6.50", "193.50", "190.30"].map(amount))
        #expect(result.isUsable(strict: false))
        #expect(result.diagnostics.contains { $0.code == "csv.balance.order" })
    }

    @Test func feeChargedBesideTheAmountBecomesATransactionOfItsOwn() throws {
        let result = readFixture("fee-charged.csv")
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        #expect(s.transactions.map(\.amount) == ["100.00", "-50.00", "-1.50", "-5.00"].map(amount))
        #expect(s.transactions[2].bankType == "FEE")
        #expect(s.transactions[2].payee == "Hotel Lisboa")
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("43.50"))
        #expect(result.isUsable(strict: false))
    }

    @Test func feeAlreadyInTheAmountStaysInformation() throws {
        let result = readFixture("fee-included.csv")
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.map(\.amount) == [amount("23.97"), amount("26.40")])
        #expect(s.transactions.first?.extra("Fee") == "-1.03")
        #expect(result.isUsable(strict: false))
    }

    @Test func aChainNoReadingMendsStopsTheReadAtItsFirstBreak() {
        let result = readFixture("chain-broken.csv")
        #expect(!result.isUsable(strict: false))
        let d = result.diagnostics.filter { $0.code == "csv.balance.chain" }
        #expect(d.count == 1)
        #expect(d.first?.severity == .error)
        #expect(d.first?.position?.line == 4)
        #expect(d.first?.message == "the running balance breaks here: 80.00 does not follow from the previous balance 94.50 and the amount -8.00 (expected 86.50)")
    }

    @Test func aBrokenChainReadOnRequestIsAWarningAndRecorded() throws {
        let result = readFixture("chain-broken.csv", options: accepting())
        #expect(result.isUsable(strict: false))
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.count == 4)
        #expect(s.extra.contains { $0.key == "balance-chain" && $0.value.hasPrefix("broken at line 4") })
        #expect(result.diagnostics.contains { $0.code == "csv.balance.chain" && $0.severity == .warning })
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func statedClosingBalanceThatContradictsTheRunningBalancesIsAnError() {
        let text = "Date,Payee,Amount,Balance\n2026-10-01,Coffee,-3.50,96.50\n2026-10-02,Tea,-2.00,94.50\nClosing balance,,,90.00\n"
        let result = readCSV(text)
        #expect(result.diagnostics.contains { $0.code == "csv.balance.stated" && $0.severity == .error })
        #expect(readCSV(text, options: accepting()).isUsable(strict: false))
    }

    @Test func openingAndClosingWithoutABalanceColumnDecideTheSigns() throws {
        // Charges written positive, no balance column: the stated balances say they leave the account.
        let text = "Opening balance,,100.00\nDate,Payee,Amount\n2026-10-01,Coffee,3.50\n2026-10-02,Tea,2.00\nClosing balance,,94.50\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.amount) == [amount("-3.50"), amount("-2.00")])
    }
}

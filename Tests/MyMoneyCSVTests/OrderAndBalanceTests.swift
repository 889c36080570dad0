import Testing
import MyMoneyCSV

/// Chronological order, running balances, opening and closing balances.
@Suite struct OrderAndBalanceTests {
    static let newestFirst = """
    Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,
    DEBIT,3/18/2016,Payment,-2680.89,ACCT_XFER,3409.86,,
    CREDIT,3/15/2016,Employer,2590.73,ACH_CREDIT,6090.75,,
    DEBIT,3/14/2016,Transfer,-150.00,ACH_DEBIT,3500.02,,

    """

    @Test func newestFirstFileIsEmittedChronologicallyKeepingFileLines() throws {
        let s = try #require(onlyStatement(readCSV(Self.newestFirst)))
        #expect(s.transactions.map(\.day) == ["2016-03-14", "2016-03-15", "2016-03-18"].map { Day(iso: $0)! })
        #expect(s.transactions.map { $0.position?.line } == [4, 3, 2])
        #expect(s.transactions.first?.bankType == "ACH_DEBIT")
        #expect(s.transactions.first?.extra("Details") == "DEBIT")
    }

    @Test func openingIsFirstBalanceMinusFirstAmountInChronologicalOrder() throws {
        let s = try #require(onlyStatement(readCSV(Self.newestFirst)))
        let opening = try #require(s.balances.first { $0.kind == .opening })
        #expect(opening.amount == amount("3650.02"))
        // As of the first day, before its transactions.
        #expect(opening.day == Day(iso: "2016-03-14"))
        let closing = try #require(s.balances.first { $0.kind == .closing })
        #expect(closing.amount == amount("3409.86"))
        #expect(closing.day == Day(iso: "2016-03-18"))
    }

    @Test func runningBalancesPointAtTheirTransaction() throws {
        let s = try #require(onlyStatement(readCSV(Self.newestFirst)))
        let running = s.balances.filter { $0.kind == .running }
        #expect(running.map(\.transactionIndex) == [0, 1, 2])
        #expect(running.map(\.amount) == ["3500.02", "6090.75", "3409.86"].map(amount))
        for r in running { #expect(s.transactions[r.transactionIndex!].day == r.day) }
    }

    @Test func sameDayNewestFirstIsDetectedFromTheBalanceChain() throws {
        let text = "Date,Payee,Amount,Balance\n2021-05-03,Later,-100,200\n2021-05-03,Earlier,120,300\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.payee) == ["Earlier", "Later"])
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("200"))
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("180"))
    }

    @Test func unsortedFileIsSortedStablyByDay() throws {
        let text = "Date,Payee,Amount\n2024-01-03,c,-3\n2024-01-01,a,-1\n2024-01-03,d,-4\n2024-01-02,b,-2\n2024-01-05,e,-5\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.compactMap(\.payee) == ["a", "b", "c", "d", "e"])
    }

    @Test func brokenBalanceChainIsAnErrorNamingTheFirstBrokenRow() {
        let text = "Date,Payee,Amount,Balance\n2024-01-01,a,-1.00,99.00\n2024-01-02,b,-2.00,90.00\n"
        let result = readCSV(text)
        let d = result.diagnostics.filter { $0.code == "csv.balance.chain" }
        #expect(d.count == 1)
        #expect(d.first?.severity == .error)
        #expect(d.first?.position?.line == 3)
        #expect(d.first?.notes.first?.hasPrefix("tried: the signs as written; every sign reversed") == true)
        #expect(!result.isUsable(strict: false))
    }

    @Test func acceptedBrokenChainIsAWarningAndTheStatementSaysSo() throws {
        var options = ReadOptions()
        options.acceptBrokenBalances = true
        let result = readCSV("Date,Payee,Amount,Balance\n2024-01-01,a,-1.00,99.00\n2024-01-02,b,-2.00,90.00\n", options: options)
        let d = result.diagnostics.filter { $0.code == "csv.balance.chain" }
        #expect(d.map(\.severity) == [.warning])
        #expect(d.first?.position?.line == 3)
        #expect(result.isUsable(strict: false))
        #expect(!result.isUsable(strict: true))
        let s = try #require(onlyStatement(result))
        #expect(s.extra.contains(StatementField("balance-chain", "broken at line 3; accepted (--accept-broken-balances)")))
    }

    @Test func strictTurnsWarningsIntoErrors() {
        let result = readCSV("Date,Payee,Amount\n2024-01-01,a,-1.00\nTotal,,-1.00\n", options: ReadOptions(strict: true))
        #expect(result.diagnostics.contains { $0.code == "csv.trailer" && $0.severity == .error })
        #expect(!result.diagnostics.contains { $0.severity == .warning })
    }

    @Test func beginningBalanceRowWithoutAmountIsTheOpeningBalance() throws {
        let text = """
        Description,,Summary Amt.
        Beginning balance as of 01/01/2020,,"1,000.00"
        Ending balance as of 01/31/2020,,"1,050.00"

        Date,Description,Amount,Running Bal.
        01/01/2020,Beginning balance as of 01/01/2020,,"1,000.00"
        01/15/2020,"Payroll",75.00,"1,075.00"
        01/20/2020,"Coffee",-25.00,"1,050.00"

        """
        let result = readCSV(text)
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.count == 2)
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("1000.00"))
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("1050.00"))
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func balanceBeforeColumnGivesRunningBalancesAfter() throws {
        let profile = "name: asn-like\nheader: no\ndate: #1\namount: #3\nbalance-before: #2\ndate-order: dmy\n"
        let s = try #require(onlyStatement(readCSV("17-06-2022,130.44,223.77\n17-06-2022,354.21,-200.00\n", profile: profile)))
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("130.44"))
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("154.21"))
    }
}

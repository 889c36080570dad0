import Foundation
import Testing
import MyMoneyOFX

@Suite("OFX date-times")
struct OFXDateTimeTests {
    func parsed(_ text: String) throws -> OFXDateTime {
        switch OFXDateTime.parse(text) {
        case .success(let d): return d
        case .failure(let e): Issue.record("\(text): \(e)"); throw e
        }
    }

    @Test(arguments: [
        ("20261024", "2026-10-24", "2026-10-24T00:00:00"),
        ("20261024120000", "2026-10-24", "2026-10-24T12:00:00"),
        ("202610241200", "2026-10-24", "2026-10-24T12:00:00"),
        ("20261024120000.123", "2026-10-24", "2026-10-24T12:00:00"),
        ("20180804093914:014", "2018-08-04", "2018-08-04T09:39:14"),
        ("20261024120000[-5:EST]", "2026-10-24", "2026-10-24T17:00:00"),
        ("20120412120000 [-5:EST]", "2012-04-12", "2012-04-12T17:00:00"),
        ("20261024120000.000[+9:JST]", "2026-10-24", "2026-10-24T03:00:00"),
        ("20261024120000[0:UTC]", "2026-10-24", "2026-10-24T12:00:00"),
        ("20261024120000[-3:GMT]", "2026-10-24", "2026-10-24T15:00:00"),
        ("20261024120000[-3.30:NST]", "2026-10-24", "2026-10-24T15:30:00"),
        ("20261024120000[-5.5:XXX]", "2026-10-24", "2026-10-24T17:30:00"),
        ("20261024120000[-:EST]", "2026-10-24", "2026-10-24T17:00:00"),
        ("20261024120000[-03:EST]", "2026-10-24", "2026-10-24T15:00:00"),
        ("  20261024  ", "2026-10-24", "2026-10-24T00:00:00"),
    ])
    func everyFormOfTheSpecReads(_ text: String, _ day: String, _ utc: String) throws {
        let d = try parsed(text)
        #expect("\(d.day)" == day)
        #expect(d.utcText == utc)
    }

    @Test func lateEveningWestOfUTCStaysOnItsDay() throws {
        let d = try parsed("20261024233000[-7:PDT]")
        #expect("\(d.day)" == "2026-10-24")
        #expect(d.utcText == "2026-10-25T06:30:00")
        #expect(d.utcOffsetSeconds == -7 * 3600 && d.zoneName == "PDT")
    }

    @Test func theProcessTimeZoneNeverShiftsTheDay() throws {
        let saved = ProcessInfo.processInfo.environment["TZ"]
        defer { if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }; tzset() }
        for zone in ["Pacific/Kiritimati", "Etc/GMT+12", "America/Los_Angeles", "UTC"] {
            setenv("TZ", zone, 1); tzset()
            let result = readOFX(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261024233000[-7:PDT]<TRNAMT>-12.30<FITID>1</STMTTRN>"))
            #expect(result.statements.first?.transactions.first?.day == day("2026-10-24"), "TZ=\(zone)")
        }
    }

    @Test(arguments: ["", "2026", "20261324", "20120231", "2026102X", "20261024120000[-5:EST", "20261024120000 junk", "20261024996000",
                      "20261024120000[99999999999999999999999:X]"])
    func malformedDatesAreRefused(_ text: String) {
        guard case .failure = OFXDateTime.parse(text) else { Issue.record("\(text) parsed"); return }
    }

    @Test func zeroDateMeansNoDate() {
        #expect(OFXDateTime.parse("00000000") == .failure(.zero))
    }

    @Test func invalidPostedDateSkipsTheTransactionWithAWarning() throws {
        let result = readOFX(sgmlStatement("""
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>00000000<TRNAMT>-1.00<FITID>A</STMTTRN>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-2.00<FITID>B</STMTTRN>
        """))
        let s = try #require(result.statements.first)
        #expect(s.transactions.map(\.id) == ["B"])
        let warning = try #require(result.diagnostics.first { $0.code == "ofx.transaction" })
        #expect(warning.severity == .warning && warning.message.contains("00000000") && warning.message.contains("FITID A"))
        #expect(warning.position?.line == 16)   // the first <STMTTRN> of the body
        #expect(result.isUsable(strict: false) && !result.isUsable(strict: true))
    }

    @Test func zeroBalanceDateLeavesTheBalanceUndated() throws {
        let text = sgmlStatement("").replacingOccurrences(of: "<DTASOF>20261031", with: "<DTASOF>00000000")
        let s = try #require(readOFX(text).statements.first)
        let ledger = try #require(s.balances.first)
        #expect(ledger.amount == amount("100.00") && ledger.day == nil)
    }
}

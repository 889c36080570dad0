import Testing
import MyMoneyCSV

/// A row that does not fit the table is an error, not a guess; a file that looks like a
/// transaction list but yields none is an error with the reason.
@Suite struct TableShapeTests {
    @Test func unquotedDecimalCommaInACommaFileIsAnErrorAtTheSplitField() {
        let result = readFixture("unquoted-decimal-comma.csv")
        #expect(!result.isUsable(strict: false))
        let d = result.diagnostics.first { $0.code == "csv.row.long" }
        #expect(d?.severity == .error)
        #expect(d?.position?.line == 2)
        #expect(d?.position?.column == 22)
        #expect(d?.message == "\"-3\" and \"50\" look like one amount \"-3,50\" split at an unquoted decimal comma")
    }

    @Test func rowWithMoreFieldsThanTheHeaderIsAnError() {
        let result = readCSV("Date,Payee,Amount\n2026-10-01,Coffee,-3.50\n2026-10-02,Tea,-2.00,surprise\n")
        let d = result.diagnostics.first { $0.code == "csv.row.long" }
        #expect(d?.severity == .error)
        #expect(d?.position?.line == 3)
        #expect(d?.message.contains("found \"surprise\" beyond its last column") == true)
    }

    @Test func aKnownTrailingEmptyFieldIsNotAnError() throws {
        let result = readFixture("trailing-empty-field.csv")
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.map(\.amount) == [amount("-3.50"), amount("-2.00")])
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func everyDataRowWiderThanAShortHeaderFitsTheTable() throws {
        // The header names fewer columns than every row has (Stripe): the table is as wide as its rows.
        let text = "Date,Description,Amount\n2026-10-01,Coffee,-3.50,x1\n2026-10-02,Tea,-2.00,x2\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map { $0.extra("#4") } == ["x1", "x2"])
    }

    @Test func aProfileMayKeepCellsBeyondTheTable() throws {
        let text = "Date,Description,Amount\n2026-10-01,Coffee,-3.50\n2026-10-02,Tea,-2.00,more,text\n"
        let result = readCSV(text, profile: "name: wide\nwide-rows: keep\n")
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.last?.extra("#5") == "text")
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func everyRowSkippedAsPendingIsAnErrorSayingSo() {
        let result = readFixture("all-rows-pending.csv")
        #expect(!result.isUsable(strict: false))
        let d = result.diagnostics.first { $0.code == "csv.no-transactions" }
        #expect(d?.severity == .error)
        #expect(d?.message == "none of the 2 rows below the header is a transaction: 2 not booked yet (pending, declined, …)")
    }

    @Test func headersNotRecognizedSayWhichWereSeen() {
        let result = readFixture("headers-not-recognized.csv")
        #expect(!result.isUsable(strict: false))
        let d = result.diagnostics.first { $0.code == "csv.header.missing" }
        #expect(d?.notes.first == "the first line holds: \"Hvornår\", \"Hvem\", \"Hvor meget\"")
    }

    @Test func aHeaderWithoutRowsStaysAWarning() {
        let result = readCSV("Date,Payee,Amount\n")
        #expect(result.diagnostics.map(\.code) == ["csv.no-rows"])
        #expect(result.isUsable(strict: false))
    }
}

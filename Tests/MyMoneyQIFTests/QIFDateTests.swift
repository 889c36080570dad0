import Testing
import MyMoneyQIF

@Suite struct QIFDateTests {
    func days(_ dates: [String], options: ReadOptions = ReadOptions()) -> [String] {
        var lines = ["!Type:Bank"]
        for d in dates { lines += ["D" + d, "T-1.00", "^"] }
        return readQIF(lines, options: options).transactions.map(\.day.description)
    }

    @Test func apostropheTwoDigitYearIsTwoThousands() {
        #expect(days(["6/ 4'18", "1/ 1'00", "12/31'99"]) == ["2018-06-04", "2000-01-01", "2099-12-31"])
    }

    @Test func apostropheFourDigitYear() {
        #expect(days(["2/14'2020", "1/10'2020"]) == ["2020-02-14", "2020-01-10"])
    }

    @Test func spacePaddedDayAndMonth() {
        #expect(days([" 1/ 1'00", "12/ 5'01", "12/25'01"]) == ["2000-01-01", "2001-12-05", "2001-12-25"])
    }

    @Test func twoDigitSlashYearsUsePivotSeventy() {
        #expect(days(["12/19/18", "12/19/85"]) == ["2018-12-19", "1985-12-19"])
    }

    @Test func y2kPrintingBugYear() {
        #expect(days(["1/ 5/19100", "1/20/19101"]) == ["2000-01-05", "2001-01-20"])
    }

    @Test func dayFirstIsDecidedByTheWholeFile() {
        // 05/10 alone could be May 10; the 14/10 later in the file settles day-first for every line.
        #expect(days(["05/10/2026", "14/10/2026"]) == ["2026-10-05", "2026-10-14"])
    }

    @Test func monthFirstIsDecidedByTheWholeFile() {
        #expect(days(["05/10/2026", "10/14/2026"]) == ["2026-05-10", "2026-10-14"])
    }

    @Test func dottedDayMonthYear() {
        #expect(days(["31.12.2020", "01.02.2021"]) == ["2020-12-31", "2021-02-01"])
    }

    @Test func dashedDayMonthYear() {
        #expect(days(["31-12-2020"]) == ["2020-12-31"])
    }

    @Test func isoDates() {
        #expect(days(["2022-09-08", "2022-09-23"]) == ["2022-09-08", "2022-09-23"])
    }

    @Test func isoDatesMixWithDayFirstDates() {
        #expect(days(["2022-09-08", "23/09/2022", "01/10/2022"]) == ["2022-09-08", "2022-09-23", "2022-10-01"])
    }

    @Test func monthNameDates() {
        #expect(days(["26 Jan 2026", "3 Okt 2026"]) == ["2026-01-26", "2026-10-03"])
    }

    @Test func compactDates() {
        #expect(days(["20240102"]) == ["2024-01-02"])
    }

    @Test func sameDayUnderEveryOrderIsNotAmbiguous() {
        let document = readQIF(["!Type:Bank", "D01/01/2026", "T1", "^", "D2/2/26", "T1", "^"])
        #expect(document.errors.isEmpty)
        #expect(document.transactions.map(\.day.description) == ["2026-01-01", "2026-02-02"])
    }

    @Test func ambiguousFileAsksForDateOrder() throws {
        let lines = ["!Type:Bank", "D05/10/2026", "T-1.00", "^", "D06/11/2026", "T-2.00", "^"]
        let document = readQIF(lines)
        let error = try #require(document.errors.first)
        #expect(error.code == "qif.date.order")
        #expect(error.message.contains("\"05/10/2026\""))
        #expect(error.notes.joined().contains("--date-order"))
        #expect(error.position?.line == 2)
        #expect(document.statements.isEmpty)

        let settled = readQIF(lines, options: ReadOptions(dayOrder: .dayMonthYear))
        #expect(settled.errors.isEmpty)
        #expect(settled.transactions.map(\.day.description) == ["2026-10-05", "2026-11-06"])
    }

    @Test func contradictoryDatesAreReported() throws {
        let document = readQIF(["!Type:Bank", "D13/01/2026", "T-1", "^", "D01/13/2026", "T-1", "^"])
        let error = try #require(document.errors.first)
        #expect(error.code == "qif.date.order")
        #expect(error.message.contains("13/01/2026") && error.message.contains("01/13/2026"))
    }

    @Test func impossibleDayIsAnErrorWithItsLine() throws {
        let document = readQIF(["!Type:Bank", "D14/02/2026", "T-1", "^", "D31/02/2026", "T-2", "^"])
        let error = try #require(document.errors.first)
        #expect(error.code == "qif.date")
        #expect(error.position?.line == 5)
        #expect(error.position?.column == 2)
        #expect(document.transactions.count == 1)
    }

    @Test func unreadableDateIsAnError() throws {
        let document = readQIF(["!Type:Bank", "Dyesterday", "T-1", "^"])
        #expect(document.codes(.error) == ["qif.date"])
        #expect(document.transactions.isEmpty)
    }

    @Test func givenDayOrderWinsOverTheFile() {
        #expect(days(["05/10/2026"], options: ReadOptions(dayOrder: .monthDayYear)) == ["2026-05-10"])
    }
}

import Testing
import MyMoneyCore

/// Days: every form in the `Day.parse` doc comment, impossible days, two-digit years, arithmetic.
@Suite struct DayTests {
    @Test(arguments: [
        ("2026-10-05", DayOrder.yearMonthDay),
        ("05.10.2026", .dayMonthYear),
        ("10/05/2026", .monthDayYear),
        ("5/10/26", .dayMonthYear),
        ("20261005", .dayMonthYear),
        ("05 Oct 2026", .monthDayYear),
        ("Oct 5, 2026", .dayMonthYear),
        ("05-OCT-26", .monthDayYear),
        ("2026-10-05 11:32:41", .dayMonthYear),
        ("2026-10-05T12:00:00", .monthDayYear),
        ("10/05/2026  Mon", .monthDayYear),
        ("5. Okt. 2026", .dayMonthYear),
        ("5 octobre 2026", .dayMonthYear),
        ("2026/10/05", .monthDayYear),
    ])
    func everyDocumentedFormReadsAsOctoberFifth(_ text: String, _ order: DayOrder) {
        #expect(Day.parse(text, order: order) == Day(year: 2026, month: 10, day: 5), "\(text)")
    }

    @Test func appostropheYearForm() {
        #expect(Day.parse("6/ 4'18", order: .monthDayYear) == Day(year: 2018, month: 6, day: 4))
    }

    @Test func textAfterTheDateMustBeATimeOrAWeekday() {
        #expect(Day.parse("2021-09-06 6:11:59", order: .yearMonthDay) == Day(iso: "2021-09-06"))
        #expect(Day.parse("2026-10-05T12:00:00Z", order: .yearMonthDay) == Day(iso: "2026-10-05"))
        #expect(Day.parse("28.06.2013 00:00:30:989", order: .dayMonthYear) == Day(iso: "2013-06-28"))
        #expect(Day.parse("06/01/2019  Sat", order: .monthDayYear) == Day(iso: "2019-06-01"))
        #expect(Day.parse("05.10.2026.", order: .dayMonthYear) == Day(iso: "2026-10-05"))
        // An account number after a short date is not a time: `93-10-22 12345678` is no date.
        #expect(Day.parse(" 93-10-22 12345678", order: .yearMonthDay) == nil)
        #expect(Day.parse("2026-10-05 XYZ", order: .yearMonthDay) == nil)
        #expect(Day.parse("2026-10-05x", order: .yearMonthDay) == nil)
    }

    @Test func impossibleDaysAreRefused() {
        #expect(Day(year: 2023, month: 2, day: 30) == nil)
        #expect(Day.parse("2023-02-30", order: .yearMonthDay) == nil)
        #expect(Day.parse("30.02.2023", order: .dayMonthYear) == nil)
        #expect(Day.parse("2024-13-01", order: .yearMonthDay) == nil)
        #expect(Day(year: 2024, month: 2, day: 29) != nil)
        #expect(Day(year: 2100, month: 2, day: 29) == nil)
        #expect(Day.parse("baddate", order: .yearMonthDay) == nil)
        #expect(Day.parse("2026x10x05", order: .yearMonthDay) == nil)
    }

    @Test func twoDigitYearsPivotAtSeventy() {
        #expect(Day.parse("01/02/69", order: .dayMonthYear)?.year == 2069)
        #expect(Day.parse("01/02/70", order: .dayMonthYear)?.year == 1970)
        #expect(Day.parse("01/02/05", order: .dayMonthYear, twoDigitYears: TwoDigitYearRule(pivot: 3))?.year == 1905)
    }

    @Test func candidatesNarrowOverTheWholeFile() {
        #expect(DayOrder.candidates(for: ["05/03/2024", "25/03/2024"]).orders == [.dayMonthYear])
        #expect(DayOrder.candidates(for: ["05/03/2024", "06/03/2024"]).orders == [.dayMonthYear, .monthDayYear])
        let withBroken = DayOrder.candidates(for: ["03/25/2024", "garbage"])
        #expect(withBroken.orders == [.monthDayYear])
        #expect(withBroken.invalid == [1])
    }

    @Test func weekdayAndDescription() {
        let d = Day(year: 2026, month: 10, day: 5)!
        #expect(d.weekday == 1) // a Monday
        #expect(Day(year: 1970, month: 1, day: 1)!.weekday == 4)
        #expect(d.description == "2026-10-05")
        #expect(Day(iso: "2026-10-05") == d)
        #expect(Day(iso: "2026-10-5") == nil)
    }

    @Test func monthArithmeticClampsToTheMonthsEnd() {
        let jan31 = Day(year: 2026, month: 1, day: 31)!
        #expect(jan31.addingMonths(1) == Day(year: 2026, month: 2, day: 28))
        #expect(jan31.addingMonths(-2) == Day(year: 2025, month: 11, day: 30))
        #expect(jan31.addingMonths(12) == Day(year: 2027, month: 1, day: 31))
        #expect(Day(year: 2024, month: 3, day: 31)!.addingMonths(-1) == Day(year: 2024, month: 2, day: 29))
        #expect(jan31.startOfMonth == Day(year: 2026, month: 1, day: 1))
        #expect(jan31.advanced(by: 1) == Day(year: 2026, month: 2, day: 1))
        #expect(jan31.distance(to: Day(year: 2026, month: 3, day: 1)!) == 29)
    }

    @Test func componentsRoundTripAcrossCenturies() {
        for (y, m, d) in [(1900, 3, 1), (2000, 2, 29), (1969, 12, 31), (9999, 12, 31), (1, 1, 1)] {
            let day = Day(year: y, month: m, day: d)!
            #expect(day.components == (y, m, d))
        }
    }
}

/// The order of day, month and year in numeric dates such as `05/10/2026`.
///
/// Decided once per file from all its dates (``DayOrder/candidates(for:)``), never per value:
/// `05/10/2026` alone cannot tell October 5 from May 10.
public enum DayOrder: String, Sendable, Hashable, Codable, CaseIterable {
    /// `2026-10-05`, `2026/10/05`, `20261005`.
    case yearMonthDay = "ymd"
    /// `05.10.2026`, `05/10/26`, `5 Oct 2026`.
    case dayMonthYear = "dmy"
    /// `10/05/2026`, `Oct 5, 2026`.
    case monthDayYear = "mdy"

    /// The orders under which every text reads as a real day, in the order `ymd`, `dmy`, `mdy`.
    ///
    /// A text that is valid under no order is listed in `invalid` (with its index) and does not
    /// narrow the candidates, so one broken cell cannot decide a file's order.
    public static func candidates(for texts: some Sequence<some StringProtocol>,
                                  twoDigitYears: TwoDigitYearRule = .standard) -> (orders: [DayOrder], invalid: [Int]) {
        var possible = Set(DayOrder.allCases)
        var invalid: [Int] = []
        for (index, text) in texts.enumerated() {
            var valid = Set<DayOrder>()
            for order in DayOrder.allCases where Day.parse(text, order: order, twoDigitYears: twoDigitYears) != nil {
                valid.insert(order)
            }
            if valid.isEmpty { invalid.append(index); continue }
            possible.formIntersection(valid)
        }
        return (DayOrder.allCases.filter(possible.contains), invalid)
    }
}

/// How a two-digit year becomes a full year: `00…69` are 2000…2069 and `70…99` are 1970…1999
/// (the POSIX `%y` convention), unless a pivot says otherwise.
public struct TwoDigitYearRule: Sendable, Hashable, Codable {
    /// Two-digit years below the pivot are in the 2000s, the others in the 1900s.
    public var pivot: Int
    public init(pivot: Int) { self.pivot = pivot }
    public static let standard = TwoDigitYearRule(pivot: 70)
    public func year(_ yy: Int) -> Int { yy < pivot ? 2000 + yy : 1900 + yy }
}

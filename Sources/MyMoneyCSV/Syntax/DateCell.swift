/// Reads a date cell: every form `Day.parse` reads, and the year-month-day forms written with
/// CJK unit characters (`2026年10月5日` in Japanese and Chinese, `2026년 10월 5일` in Korean).
enum DateCell {
    /// The day of a cell under `order`, or nil.
    ///
    /// - Complexity: O(n); a cell with unit characters is rewritten into a stack buffer, never an array.
    @inline(__always)
    static func day(_ cell: UnsafeBufferPointer<UInt8>, order: DayOrder) -> Day? {
        if let day = Day.parse(utf8: cell, order: order) { return day }
        guard cell.count >= 8, cell.count <= 64, cell.contains(where: { $0 >= 0xE0 }) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: cell.count) { buffer -> Day? in
            var n = 0
            var i = 0
            var units = 0
            while i < cell.count {
                if i + 2 < cell.count, let unit = unit(cell[i], cell[i + 1], cell[i + 2]) {
                    if unit == .separator { buffer[n] = 0x2D; n += 1 }
                    units += 1
                    i += 3
                    continue
                }
                buffer[n] = cell[i]; n += 1; i += 1
            }
            guard units >= 2 else { return nil }
            while n > 0, buffer[n - 1] == 0x2D || buffer[n - 1] == 0x20 { n -= 1 }
            return Day.parse(utf8: UnsafeBufferPointer(rebasing: buffer[0..<n]), order: .yearMonthDay)
        }
    }

    private enum Unit { case separator, end }

    /// 年 月 (separators) and 日 (end), 년 월 and 일, as their UTF-8 bytes.
    @inline(__always)
    private static func unit(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Unit? {
        switch (a, b, c) {
        case (0xE5, 0xB9, 0xB4), (0xE6, 0x9C, 0x88): return .separator // 年 月
        case (0xE6, 0x97, 0xA5): return .end                            // 日
        case (0xEB, 0x85, 0x84), (0xEC, 0x9B, 0x94): return .separator // 년 월
        case (0xEC, 0x9D, 0xBC): return .end                            // 일
        default: return nil
        }
    }
}

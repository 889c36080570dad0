import Testing
@testable import MyMoneyCore
import MyMoneyTestSupport

/// `OutputCursor` writes the bytes `BufferedOutput` writes for the same values (its twins):
/// decimals, amounts of every scale, days of four-digit years, copies of every short length.
@Suite("output cursor")
struct OutputCursorTests {
    /// What `write` puts through a cursor, and what `plain` puts through a buffered output.
    static func both(_ write: (inout OutputCursor) -> Void, _ plain: (inout BufferedOutput) -> Void) -> ([UInt8], [UInt8]) {
        let room = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        defer { room.deallocate() }
        var cursor = OutputCursor(room)
        write(&cursor)
        let sink = CollectedBytes()
        var output = BufferedOutput(sink)
        plain(&output)
        output.flush()
        return (Array(UnsafeBufferPointer(start: room, count: cursor.written)), sink.bytes)
    }

    @Test func decimalsAreTheBufferedOutputsDecimals() {
        var random = SeededGenerator(seed: 3)
        let values: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, Int64.max, Int64.min, Int64.min + 1]
            + (0..<2_000).map { _ in Int64.random(in: Int64.min...Int64.max, using: &random) >> Int64.random(in: 0...62, using: &random) }
        for value in values {
            let (fast, plain) = Self.both({ $0.decimal(value) }, { $0.write(decimal: value) })
            #expect(fast == plain, "\(value)")
            #expect(fast.count <= OutputCursor.numberBound)
        }
    }

    @Test func amountsAreTheirDescriptions() {
        var random = SeededGenerator(seed: 4)
        var amounts = [Amount(units: 0, scale: 0), Amount(units: 0, scale: 2), Amount(units: 5, scale: 2), Amount(units: -5, scale: 3),
                       Amount(units: 660, scale: 2), Amount(units: Int64.max, scale: 18), Amount(units: Int64.min, scale: 18),
                       Amount(units: Int64.min, scale: 0), Amount(units: 1, scale: 18)]
        for _ in 0..<3_000 {
            amounts.append(Amount(units: Int64.random(in: Int64.min...Int64.max, using: &random) >> Int64.random(in: 0...62, using: &random),
                                  scale: Int.random(in: 0...Amount.maximumScale, using: &random)))
        }
        for amount in amounts {
            let (fast, plain) = Self.both({ $0.amount(amount) }, { $0.write(amount: amount) })
            #expect(fast == plain && plain == Array(amount.description.utf8), "\(amount)")
            #expect(fast.count <= OutputCursor.numberBound)
        }
    }

    @Test func daysOfFourDigitYearsAreTheirDescriptions() {
        var random = SeededGenerator(seed: 5)
        let first = OutputCursor.firstDay.daysSinceEpoch, last = OutputCursor.lastDay.daysSinceEpoch
        let days = [first, last, 0, -1, 59, 60, 11_016] + (0..<3_000).map { _ in Int32.random(in: first...last, using: &random) }
        for number in days {
            let day = Day(daysSinceEpoch: number)
            let (fast, plain) = Self.both({ $0.day(day) }, { $0.write(day: day) })
            #expect(fast == plain && plain == Array(day.description.utf8), "\(day)")
        }
        #expect(OutputCursor.firstDay.description == "0001-01-01" && OutputCursor.lastDay.description == "9999-12-31")
    }

    /// Every length from 0 to 80 (words, overlapping words, bytes, `memcpy`), after an odd start.
    @Test func copiesOfEveryShortLengthAreTheBytes() {
        let source: [UInt8] = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for offset in [0, 3] {
            for n in 0...80 {
                let bytes = Array(source[0..<n])
                let (fast, plain) = Self.both({ cursor in
                    for _ in 0..<offset { cursor.byte(0x7C) }
                    bytes.withUnsafeBytes { cursor.copy($0) }
                    cursor.byte(0x7C)
                }, { output in
                    output.write(repeating: 0x7C, count: offset)
                    output.write(bytes)
                    output.write(byte: 0x7C)
                })
                #expect(fast == plain, "\(n) bytes after \(offset)")
            }
        }
    }
}

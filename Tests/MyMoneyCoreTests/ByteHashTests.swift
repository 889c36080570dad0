import Testing
@_spi(Speed) @testable import MyMoneyCore
import MyMoneyTestSupport

/// The word-at-a-time hash against its plain twin (the same value built byte by byte), at every
/// length and alignment, and its spread over table slots.
@Suite struct ByteHashTests {
    @Test func wordAtATimeHashEqualsTheByteByByteOneAtEveryLengthAndAlignment() {
        var rng = SeededGenerator(seed: 1)
        let pool = (0..<512).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        pool.withUnsafeBufferPointer { all in
            for length in 0...200 {
                for offset in 0..<9 {
                    let bytes = UnsafeBufferPointer(rebasing: all[offset..<(offset + length)])
                    #expect(ByteHash.hash(bytes) == ByteHash.plainHash(Array(bytes)), "length \(length) at offset \(offset)")
                }
            }
        }
    }

    @Test func everyByteAndTheLengthChangeTheHash() {
        // A text and the same text with one byte changed, or with a zero byte added, at every
        // length where the words overlap differently (packed tails below 8, overlapping tails above).
        for length in 1...40 {
            let base = (0..<length).map { UInt8(0x41 + $0 % 26) }
            var seen: Set<UInt64> = [ByteHash.plainHash(base), ByteHash.plainHash(base + [0])]
            for at in 0..<length {
                var changed = base
                changed[at] ^= 0x01
                seen.insert(changed.withUnsafeBufferPointer { ByteHash.hash($0) })
            }
            #expect(seen.count == length + 2, "length \(length)")
        }
    }

    @Test func hashesOfPayeeLikeTextsSpreadEvenlyOverSlots() {
        // 65,536 distinct texts that differ only in a few digits, as payees and dates do, into
        // 4,096 slots by the high bits (as the tables pick them): 16 a slot on average.
        var slots = [Int](repeating: 0, count: 4096)
        var hashes: Set<UInt64> = []
        for i in 0..<65_536 {
            var text = "CARD PAYMENT REF \(i)"
            let h = text.withUTF8 { ByteHash.hash($0) }
            hashes.insert(h)
            slots[Int(h >> 52)] += 1
        }
        #expect(hashes.count == 65_536)
        #expect(slots.max()! < 48 && slots.min()! > 0, "fullest slot \(slots.max()!), emptiest \(slots.min()!)")
        // Short texts (dates, tag names, numbers: the two-word path), 4,096 of each length band, into 256 slots.
        for (prefix, suffix) in [("", ""), ("1/", "'24"), ("DTPOSTED", "X")] {
            var small = [Int](repeating: 0, count: 256)
            var distinct: Set<UInt64> = []
            for i in 0..<4_096 {
                var text = prefix + "\(i)" + suffix
                let h = text.withUTF8 { ByteHash.hash($0) }
                distinct.insert(h)
                small[Int(h >> 56)] += 1
            }
            #expect(distinct.count == 4_096, "\(prefix)…\(suffix)")
            #expect(small.max()! < 40 && small.min()! > 0, "\(prefix)…\(suffix): fullest \(small.max()!), emptiest \(small.min()!)")
        }
    }
}

import Testing
@_spi(Speed) @testable import MyMoneyCore
import MyMoneyTestSupport

/// The small-key cache against its plain twin: the same direct-mapped policy over a dictionary of
/// whole keys (slots picked by the plain hash). Both must answer every lookup alike, and a hit
/// must be the value last stored for exactly those bytes.
@Suite struct SmallKeyCacheTests {
    struct PlainTwin {
        let slots: Int
        let longest: Int
        var entries: [Int: (key: [UInt8], value: Int)] = [:]

        func slot(_ key: [UInt8]) -> Int { Int(ByteHash.plainHash(key) >> UInt64(64 - slots.trailingZeroBitCount)) }

        func value(for key: [UInt8]) -> Int? {
            guard !key.isEmpty, key.count <= longest, let entry = entries[slot(key)], entry.key == key else { return nil }
            return entry.value
        }

        mutating func store(_ value: Int, for key: [UInt8]) {
            guard !key.isEmpty, key.count <= longest else { return }
            entries[slot(key)] = (key, value)
        }
    }

    @Test(arguments: [(2, 16), (8, 16), (64, 64), (512, 64), (4, 7)])
    func answersAsThePlainTwin(slots: Int, longest: Int) {
        var rng = SeededGenerator(seed: UInt64(slots * 100 + longest))
        // Keys that share prefixes and suffixes, so that only some words tell them apart.
        let pool: [[UInt8]] = (0..<200).map { _ in
            let length = rng.below(longest + 4)
            return (0..<length).map { _ in rng.pick([0x30, 0x31, 0x2F, 0x20, 0x41, 0x00, 0xFF] as [UInt8]) }
        }
        let cache = SmallKeyCache<Int>(slots: slots, longest: longest)
        var twin = PlainTwin(slots: cache.slots, longest: cache.longest)
        var lastStored: [[UInt8]: Int] = [:]
        var hits = 0
        for step in 0..<20_000 {
            let key = rng.pick(pool)
            let found = key.withUnsafeBufferPointer { cache.value(for: $0) }
            #expect(found == twin.value(for: key), "step \(step), key \(key)")
            if let found {
                hits += 1
                #expect(found == lastStored[key], "a hit is the value last stored for these bytes")
            } else if rng.below(2) == 0 {
                key.withUnsafeBufferPointer { cache.store(step, for: $0) }
                twin.store(step, for: key)
                if !key.isEmpty && key.count <= longest { lastStored[key] = step }
            }
        }
        #expect(hits > 100, "\(hits) hits")
    }

    @Test func textsAreToldApartByEveryByteAndByLength() {
        // One slot pair: texts land on the same entries, so only the stored words and the
        // length tell them apart (packed tails below 8 bytes, overlapping ones from 8 to 16).
        let cache = SmallKeyCache<String>(slots: 2, longest: 16)
        func store(_ text: String) { Array(text.utf8).withUnsafeBufferPointer { cache.store(text, for: $0) } }
        func lookup(_ text: String) -> String? { Array(text.utf8).withUnsafeBufferPointer { cache.value(for: $0) } }
        for text in ["12/31/2024", "3/4'24", "01/02/2024 00001", "A", "AB", "ABC", "ABCDEFGHIJKL"] {
            store(text)
            #expect(lookup(text) == text)
        }
        #expect(lookup("12/31/2025") == nil || lookup("12/31/2025") == "12/31/2025")
        for (stored, other) in [("12/31/2024", "12/31/2025"), ("12/31/2024", "12/30/2024"), ("3/4'24", "3/4'24\u{0}"),
                                ("01/02/2024 00001", "01/02/2024 00002"), ("ABC", "ACC"), ("AB", "ABB"),
                                ("ABCDEFGHIJKL", "ABCDEFGHIJKM"), ("ABCDEFGHIJKL", "ABCDEXGHIJKL"), ("ABCDEFGHIJKL", "ABCDEFGHXJKL")] {
            store(stored)
            #expect(lookup(other) == nil, "\(other) is not \(stored)")
            #expect(lookup(stored) == stored)
        }
        #expect(Array(String(repeating: "9", count: 17).utf8).withUnsafeBufferPointer { cache.value(for: $0) } == nil)
        Array(String(repeating: "9", count: 17).utf8).withUnsafeBufferPointer { cache.store("long", for: $0) }
        #expect(Array(String(repeating: "9", count: 17).utf8).withUnsafeBufferPointer { cache.value(for: $0) } == nil)
    }

    @Test func valueOrMakeStoresOnlyWhatWasMade() {
        let cache = SmallKeyCache<Int>(slots: 16, longest: 16)
        var made = 0
        func read(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                cache.value(for: bytes) { b in made += 1; return b.first == 0x78 ? nil : b.count }
            }
        }
        #expect(read("abc") == 3 && read("abc") == 3 && made == 1)
        #expect(read("xyz") == nil && read("xyz") == nil && made == 3)   // nil is never stored
    }
}

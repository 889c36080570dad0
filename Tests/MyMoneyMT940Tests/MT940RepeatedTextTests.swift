import Foundation
import Testing
@testable import MyMoneyMT940
import MyMoneyTestSupport

/// The subfield string cache against its plain twin, `String(decoding:as:)`.
@Suite struct MT940RepeatedTextTests {
    @Test func cachedStringsAreTheTextsOwnWhateverRepeatsAndCollides() {
        var cache = MT940RepeatedText()
        var generator = SeededGenerator(seed: 861)
        // A pool of values (some sharing first and last bytes, lengths 0 to 80), asked for in random order.
        var pool: [[UInt8]] = (0..<2_000).map { i in
            let length = Int.random(in: 0...80, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
            if i % 3 == 0, length >= 16 { for k in 0..<8 { bytes[k] = 0x41; bytes[length - 1 - k] = 0x5A } }
            return bytes
        }
        pool.append(Array("DE44500105175407324931".utf8))
        pool.append(Array("Grüße aus Köln – Müller GmbH".utf8))
        for _ in 0..<50_000 {
            let bytes = pool[Int.random(in: 0..<pool.count, using: &generator)]
            let cached = bytes.withUnsafeBufferPointer { cache.string($0) }
            #expect(cached == String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func trimmedDropsSpacesAroundOnly() {
        var cache = MT940RepeatedText()
        let text = Array("   Stadtwerke Musterstadt GmbH  ".utf8)
        #expect(text.withUnsafeBufferPointer { cache.trimmed($0) } == "Stadtwerke Musterstadt GmbH")
        #expect(Array("    ".utf8).withUnsafeBufferPointer { cache.trimmed($0) } == nil)
    }
}

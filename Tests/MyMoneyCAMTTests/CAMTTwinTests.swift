import Foundation
import Testing
@testable import MyMoneyCAMT
import MyMoneyTestSupport

/// The fast paths against their plain twins.
@Suite struct CAMTTwinTests {
    /// The pointer UTF-8 check says what Core's array check says, on random and crafted bytes.
    @Test func utf8CheckMatchesTheTextDecoder() {
        var generator = SeededGenerator(seed: 20261101)
        var samples: [[UInt8]] = [[], [0xC3], [0xC3, 0xA4], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
                                  [0xC0, 0x80], [0xF0, 0x9F, 0x98, 0x80], Array("plain ascii text, longer than eight".utf8)]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...40, using: &generator)
            samples.append((0..<length).map { _ in
                // Mostly ASCII with UTF-8 lead and continuation bytes mixed in.
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: return UInt8.random(in: 0x80...0xBF, using: &generator)
                case 1: return UInt8.random(in: 0xC0...0xF7, using: &generator)
                default: return UInt8.random(in: 0x20...0x7E, using: &generator)
                }
            })
        }
        for bytes in samples {
            let fast = bytes.withUnsafeBufferPointer { CAMTUTF8.firstInvalid(in: $0) } == nil
            #expect(fast == TextDecoder.isValidUTF8(bytes), "\(bytes)")
        }
    }

    /// The name cache answers what the table answers, for every element name and others, however
    /// often and in whatever order they are asked.
    @Test func nameCacheMatchesTheTable() {
        var cache = CAMTNameCache()
        var names = CAMTElement.allCases.filter { $0 != .other }.map(\.name) + ["Foo", "ntry", "NtryX", "", "Document2"]
        var generator = SeededGenerator(seed: 7)
        names.shuffle(using: &generator)
        // Distinct allocations per name, as libxml2's dictionary gives one pointer per name.
        let buffers: [UnsafeMutablePointer<UInt8>] = names.map { name in
            let bytes = Array(name.utf8) + [0]
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            p.initialize(from: bytes, count: bytes.count)
            return p
        }
        defer { buffers.forEach { $0.deallocate() } }
        for _ in 0..<3 {
            for (name, pointer) in zip(names, buffers) {
                let plain = Array(name.utf8).withUnsafeBufferPointer { CAMTElement.named($0) }
                #expect(cache.element(UnsafePointer(pointer)) == plain, "\(name)")
            }
        }
    }
}

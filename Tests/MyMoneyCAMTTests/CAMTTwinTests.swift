import Foundation
import Testing
@testable import MyMoneyCAMT
import MyMoneyTestSupport

/// The fast paths against their plain twins.
@Suite struct CAMTTwinTests {
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

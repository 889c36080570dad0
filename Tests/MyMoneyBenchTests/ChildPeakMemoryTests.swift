import Foundation
import Testing
@testable import mymoney_bench

/// A spawned child's peak memory is its own, not the bench's: Linux starts a child's `ru_maxrss`
/// at the peak of the process it was spawned from, so a bench that had generated its inputs
/// reported its own peak for every small child.
@Suite struct ChildPeakMemoryTests {
    @Test func aSmallChildIsNotGivenTheBenchsEarlierPeak() throws {
        let before = try #require(residentMemory())
        // 400 MB touched, then given back: the bench's peak is now far above its resident size.
        let size = 400 << 20
        let block = try #require(malloc(size))
        memset(block, 1, size)
        free(block)
        let run = try spawn("/bin/true", [])
        #expect(run.status == 0)
        #expect(run.peakBytes < before + (200 << 20), "the child's peak \(run.peakBytes >> 20) MB is the bench's, not its own")
    }
}

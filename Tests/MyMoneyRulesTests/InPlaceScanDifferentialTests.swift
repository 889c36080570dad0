import Testing
@testable import MyMoneyRules

/// A literal group that ignores case scans ASCII text where it lies (its automaton reads capitals
/// as small letters, `equals` folds as it compares) instead of a lowercased copy: the same bits
/// and the same positions as the scan of the folded copy (``TextFolding``), on generated texts
/// of mixed case around every kind of literal test.
@Suite struct InPlaceScanDifferentialTests {
    @Test(arguments: [false, true])
    func scanningAsciiTextWhereItLiesFindsWhatTheFoldedCopyFinds(caseSensitive: Bool) throws {
        var builder = LiteralGroupBuilder()
        let words = ["Blue", "MARKET", "cafe", "POS 1", "a", "Zz", "[x]", "@`", "shell station", "GmbH"]
        var ids: [Int] = []
        for (k, word) in words.enumerated() {
            for kind in [LiteralGroup.Kind.contains, .startsWith, .endsWith, .equals] where (k + Int(kind.rawValue)) % 2 == 0 || kind == .contains {
                ids.append(builder.request(field: .payee, caseSensitive: caseSensitive, kind: kind, pattern: word))
            }
        }
        let group = try #require(builder.build().groups.first)
        let bits = group.bits.upperBound
        var random = EngineDifferentialTests.Generator(state: 41)
        func next(_ n: Int) -> Int { random.next(n) }
        var fires = 0
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<next(5) {
                var word = words[next(words.count)]
                switch next(3) {
                case 0: word = word.uppercased()
                case 1: word = word.lowercased()
                default: break
                }
                text += word + (next(2) == 0 ? " " : "")
            }
            var inPlace = [UInt64](repeating: 0, count: (bits + 63) / 64), copied = inPlace
            var hits: [UInt64] = []
            var here = LiteralPositions(bits: bits), there = LiteralPositions(bits: bits)
            var bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { group.scan($0, foldsASCII: !caseSensitive, into: &inPlace, hits: &hits, positions: &here) }
            let folded = TextFolding.folded(text, caseSensitive: caseSensitive)
            folded.withUnsafeBufferPointer { group.scan($0, foldsASCII: false, into: &copied, hits: &hits, positions: &there) }
            #expect(inPlace == copied, "\(text.debugDescription)")
            for bit in 0..<bits where inPlace[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                fires += 1
                #expect(here.firstEnd[bit] == there.firstEnd[bit] && here.lastStart[bit] == there.lastStart[bit], "\(text.debugDescription)")
            }
            bytes.removeAll()
        }
        #expect(fires > 3_000)
    }
}

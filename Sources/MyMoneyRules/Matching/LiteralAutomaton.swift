/// An Aho–Corasick automaton over bytes: finds every occurrence of many literal patterns in one
/// pass over a text.
///
/// Bytes that appear in no pattern share one input class, so the transition table holds
/// `states × classes` entries instead of `states × 256`. Each entry also says whether the state
/// it leads to ends a pattern (the top bit), so the scan reads one table per byte; with fewer
/// than 32,768 states the entries are 16 bits (the table is read once per byte and is the part
/// that misses the cache).
///
/// - Complexity: building is O(total pattern length × classes); scanning is O(text length +
///   number of matches), independent of the number of patterns.
struct LiteralAutomaton: Sendable {
    /// Byte → input class (0 for bytes no pattern uses; up to 256 classes besides it).
    private let classOf: [UInt16]
    private let classCount: Int
    /// `next[state * classCount + class]`: the state after reading a byte (failure links resolved),
    /// with ``endsPattern32`` set when that state ends a pattern; `next16` the same in 16 bits
    /// (``endsPattern16``) when the states fit, and then `next` is empty.
    private let next: [UInt32]
    private let next16: [UInt16]
    private static let endsPattern32: UInt32 = 0x8000_0000, endsPattern16: UInt16 = 0x8000
    /// Pattern ids ending in each state (including through suffix links): `outputs[outputStart[s]..<outputStart[s+1]]`.
    private let outputStart: [Int32]
    private let outputs: [Int32]
    /// The length in bytes of each pattern.
    let patternLengths: [Int32]

    var patternCount: Int { patternLengths.count }

    /// Builds the automaton; patterns must not be empty. Pattern ids are indices into `patterns`.
    /// With `foldingASCIICase` (patterns already lowercased), an ASCII capital reads as its small
    /// letter, so ASCII text is scanned as it lies, unfolded: the occurrences are those in its
    /// lowercased copy.
    init(patterns: [[UInt8]], foldingASCIICase: Bool = false) {
        var classes = [UInt16](repeating: 0, count: 256)
        var count = 1
        for pattern in patterns {
            for b in pattern where classes[Int(b)] == 0 {
                classes[Int(b)] = UInt16(count)
                count += 1
            }
        }
        if foldingASCIICase {
            for capital in UInt8(ascii: "A")...UInt8(ascii: "Z") { classes[Int(capital)] = classes[Int(capital | 0x20)] }
        }
        // The trie: children per state as class → state.
        var children: [[Int32]] = [[Int32](repeating: -1, count: count)]
        var own: [[Int32]] = [[]]
        for (id, pattern) in patterns.enumerated() {
            var state = 0
            for b in pattern {
                let c = Int(classes[Int(b)])
                var child = Int(children[state][c])
                if child < 0 {
                    child = children.count
                    children.append([Int32](repeating: -1, count: count))
                    own.append([])
                    children[state][c] = Int32(child)
                }
                state = child
            }
            own[state].append(Int32(id))
        }
        let stateCount = children.count
        var table = [Int32](repeating: 0, count: stateCount * count)
        var fail = [Int32](repeating: 0, count: stateCount)
        var merged: [[Int32]] = own
        var queue: [Int] = []
        queue.reserveCapacity(stateCount)
        for c in 0..<count {
            let child = children[0][c]
            if child >= 0 {
                table[c] = child
                fail[Int(child)] = 0
                queue.append(Int(child))
            } else {
                table[c] = 0
            }
        }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            merged[state].append(contentsOf: merged[Int(fail[state])].filter { !merged[state].contains($0) })
            for c in 0..<count {
                let child = children[state][c]
                if child >= 0 {
                    fail[Int(child)] = table[Int(fail[state]) * count + c]
                    table[state * count + c] = child
                    queue.append(Int(child))
                } else {
                    table[state * count + c] = table[Int(fail[state]) * count + c]
                }
            }
        }
        var starts: [Int32] = [0]
        var flat: [Int32] = []
        for s in 0..<stateCount {
            flat.append(contentsOf: merged[s].sorted())
            starts.append(Int32(flat.count))
        }
        self.classOf = classes
        self.classCount = count
        let marked = table.map { target -> UInt32 in
            UInt32(target) | (starts[Int(target)] != starts[Int(target) + 1] ? Self.endsPattern32 : 0)
        }
        if stateCount < 0x8000 {
            self.next16 = marked.map { UInt16(truncatingIfNeeded: $0 & 0x7FFF) | ($0 & Self.endsPattern32 != 0 ? Self.endsPattern16 : 0) }
            self.next = []
        } else {
            self.next16 = []
            self.next = marked
        }
        self.outputStart = starts
        self.outputs = flat
        self.patternLengths = patterns.map { Int32($0.count) }
    }

    /// The same automaton in new storage, for one thread (see ``LiteralGroup/copiedForThread()``).
    func copiedForThread() -> LiteralAutomaton { LiteralAutomaton(copying: self) }

    private init(copying other: LiteralAutomaton) {
        classOf = other.classOf.map { $0 }
        classCount = other.classCount
        next = other.next.map { $0 }
        next16 = other.next16.map { $0 }
        outputStart = other.outputStart.map { $0 }
        outputs = other.outputs.map { $0 }
        patternLengths = other.patternLengths.map { $0 }
    }

    /// Appends every occurrence in `text` to `hits` as `pattern << 32 | end`, `end` being the
    /// offset just past it (a buffer, not a callback: a closure would capture and retain the
    /// caller's tables once per scan).
    func scan(_ text: UnsafeBufferPointer<UInt8>, into hits: inout [UInt64]) {
        classOf.withUnsafeBufferPointer { classOf in
            outputStart.withUnsafeBufferPointer { outputStart in
                outputs.withUnsafeBufferPointer { outputs in
                    let width = classCount
                    if !next16.isEmpty {
                        next16.withUnsafeBufferPointer { next in
                            var state = 0
                            for i in 0..<text.count {
                                let entry = next[state &* width &+ Int(classOf[Int(text[i])])]
                                state = Int(entry & 0x7FFF)
                                if entry & Self.endsPattern16 != 0 {
                                    for k in Int(outputStart[state])..<Int(outputStart[state &+ 1]) { hits.append(UInt64(outputs[k]) << 32 | UInt64(i + 1)) }
                                }
                            }
                        }
                    } else {
                        next.withUnsafeBufferPointer { next in
                            var state = 0
                            for i in 0..<text.count {
                                let entry = next[state &* width &+ Int(classOf[Int(text[i])])]
                                state = Int(entry & 0x7FFF_FFFF)
                                if entry & Self.endsPattern32 != 0 {
                                    for k in Int(outputStart[state])..<Int(outputStart[state &+ 1]) { hits.append(UInt64(outputs[k]) << 32 | UInt64(i + 1)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Calls `found(pattern, end)` for every occurrence in `text` (tests and tools).
    func scan(_ text: UnsafeBufferPointer<UInt8>, _ found: (Int32, Int) -> Void) {
        var hits: [UInt64] = []
        scan(text, into: &hits)
        for h in hits { found(Int32(truncatingIfNeeded: h >> 32), Int(h & 0xFFFF_FFFF)) }
    }
}

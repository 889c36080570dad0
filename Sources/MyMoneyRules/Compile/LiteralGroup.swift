/// All literal tests on one field (and case mode), answered together by one scan of the field's text.
///
/// `contains`, `starts with` and `ends with` patterns share one ``LiteralAutomaton``; `equals`
/// values are a hash lookup. Each test owns one bit in the per-transaction "fired" set.
struct LiteralGroup: Sendable {
    enum Kind: UInt8, Sendable { case contains, startsWith, endsWith, equals }

    let field: RuleField
    let caseSensitive: Bool
    let automaton: LiteralAutomaton?
    /// For pattern `p`: `patternBits[patternStart[p]..<patternStart[p+1]]` with their kinds.
    let patternStart: [Int32]
    let patternBits: [Int32]
    let patternKinds: [Kind]
    /// `equals` values by their FNV-1a hash (hashing a byte array element by element through
    /// `Hasher` costs more than the whole automaton scan); each entry keeps its bytes to confirm.
    let equals: [UInt64: [EqualsEntry]]
    /// The bits this group owns, contiguous.
    let bits: Range<Int>

    /// Sets the bits of every test that holds for `text`, and for each `contains` bit that fires
    /// here where its first occurrence ends (`firstEnd`) and where its last one starts
    /// (`lastStart`), in bytes of the folded text (``LiteralPositions``). `text` is folded for
    /// this group (``TextFolding``), or, for a group that ignores case, ASCII text as it lies
    /// (`foldsASCII`: its automaton reads capitals as small letters, and `equals` folds as it compares).
    ///
    /// - Complexity: O(text length + matches).
    func scan(_ text: UnsafeBufferPointer<UInt8>, foldsASCII: Bool, into fired: inout [UInt64], hits: inout [UInt64],
              positions: inout LiteralPositions) {
        if let lengths = automaton?.patternLengths {
            hits.removeAll(keepingCapacity: true)
            automaton?.scan(text, into: &hits)
            let count = text.count
            for hit in hits {
                let p = Int(hit >> 32), end = Int(hit & 0xFFFF_FFFF)
                for k in Int(patternStart[p])..<Int(patternStart[p + 1]) {
                    let bit = Int(patternBits[k])
                    switch patternKinds[k] {
                    case .contains:
                        // Hits come in order of their ends: the first to fire the bit ends first, the last starts last.
                        let start = Int32(end) - lengths[p]
                        if fired[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { positions.firstEnd[bit] = Int32(end) }
                        positions.lastStart[bit] = start
                    case .startsWith: if end != Int(lengths[p]) { continue }
                    case .endsWith: if end != count { continue }
                    case .equals: continue
                    }
                    fired[bit >> 6] |= 1 << UInt64(bit & 63)
                }
            }
        }
        if !equals.isEmpty, let entries = equals[LiteralGroup.hash(text, foldingASCII: foldsASCII)] {
            for entry in entries where LiteralGroup.same(entry.bytes, text, foldingASCII: foldsASCII) {
                for bit in entry.bits { fired[Int(bit) >> 6] |= 1 << UInt64(bit & 63) }
            }
        }
    }

    /// FNV-1a over the bytes (ASCII capitals as small letters with `foldingASCII`).
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, foldingASCII: Bool = false) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in bytes { h = (h ^ UInt64(foldingASCII && b &- 0x41 < 26 ? b | 0x20 : b)) &* 0x100000001b3 }
        return h
    }

    /// Whether `text` is `folded` (ASCII capitals of `text` as small letters with `foldingASCII`).
    static func same(_ folded: [UInt8], _ text: UnsafeBufferPointer<UInt8>, foldingASCII: Bool) -> Bool {
        guard folded.count == text.count else { return false }
        for (a, b) in zip(folded, text) where a != (foldingASCII && b &- 0x41 < 26 ? b | 0x20 : b) { return false }
        return true
    }
}

/// One `equals` value of a group and the bits of the tests that want it.
struct EqualsEntry: Sendable {
    let bytes: [UInt8]
    let bits: [Int32]
}

/// Collects literal tests while rules compile, then lays them out as groups with contiguous bits.
struct LiteralGroupBuilder {
    struct Key: Hashable { let field: RuleField; let caseSensitive: Bool }
    struct Request: Hashable { let key: Key; let kind: LiteralGroup.Kind; let pattern: [UInt8] }

    private var requests: [Request] = []
    private var ids: [Request: Int] = [:]
    private var keyOrder: [Key] = []

    /// A provisional id for a literal test; equal tests share one.
    mutating func request(field: RuleField, caseSensitive: Bool, kind: LiteralGroup.Kind, pattern: String) -> Int {
        let key = Key(field: field, caseSensitive: caseSensitive)
        let request = Request(key: key, kind: kind, pattern: TextFolding.folded(pattern, caseSensitive: caseSensitive))
        if let id = ids[request] { return id }
        if !keyOrder.contains(key) { keyOrder.append(key) }
        ids[request] = requests.count
        requests.append(request)
        return requests.count - 1
    }

    /// The groups, and the bit assigned to each provisional id.
    func build() -> (groups: [LiteralGroup], bitOf: [Int]) {
        var bitOf = [Int](repeating: 0, count: requests.count)
        var groups: [LiteralGroup] = []
        var nextBit = 0
        for key in keyOrder {
            let members = requests.indices.filter { requests[$0].key == key }
            let first = nextBit
            var patterns: [[UInt8]] = []
            var patternIndex: [[UInt8]: Int] = [:]
            var perPattern: [[(Int32, LiteralGroup.Kind)]] = []
            var equals: [[UInt8]: [Int32]] = [:]
            for id in members {
                let request = requests[id]
                let bit = nextBit
                nextBit += 1
                bitOf[id] = bit
                if request.kind == .equals {
                    equals[request.pattern, default: []].append(Int32(bit))
                } else {
                    let p: Int
                    if let existing = patternIndex[request.pattern] {
                        p = existing
                    } else {
                        p = patterns.count
                        patternIndex[request.pattern] = p
                        patterns.append(request.pattern)
                        perPattern.append([])
                    }
                    perPattern[p].append((Int32(bit), request.kind))
                }
            }
            var starts: [Int32] = [0]
            var bits: [Int32] = []
            var kinds: [LiteralGroup.Kind] = []
            for list in perPattern {
                for (bit, kind) in list { bits.append(bit); kinds.append(kind) }
                starts.append(Int32(bits.count))
            }
            var hashed: [UInt64: [EqualsEntry]] = [:]
            for (value, valueBits) in equals.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
                hashed[LiteralGroup.hash(value), default: []].append(EqualsEntry(bytes: value, bits: valueBits))
            }
            groups.append(LiteralGroup(field: key.field, caseSensitive: key.caseSensitive,
                                       automaton: patterns.isEmpty ? nil : LiteralAutomaton(patterns: patterns, foldingASCIICase: !key.caseSensitive),
                                       patternStart: starts, patternBits: bits, patternKinds: kinds,
                                       equals: hashed, bits: first..<nextBit))
        }
        return (groups, bitOf)
    }
}

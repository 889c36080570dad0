/// A regex anchored at the start whose parts are alternations of plain sequences, such as
/// `^(POS [0-9]+ |CARD [0-9]+ )?(STATE FARM|GEICO|PROGRESSIVE)` (a third of the regexes users
/// write for card payees begin so), answered on short ASCII text without the ``LazyDFA``.
///
/// The shape: `^`, then segments, each an alternation (or one sequence) of pieces, optional
/// (`(…)?`) or not, and at most an end anchor (`$`, `\z`) after the last. A piece is one ASCII
/// character set (`S`, `[0-9]`, `.`; case folding is already in the sets) read once, at most
/// once (` ?`), one or more times (`[0-9]+`) or any number of times (`\d*`). Every other construct (word boundaries,
/// bounded repetitions, nested alternations, lazy or captured groups are fine, anchors inside)
/// leaves the regex to the DFA.
///
/// Matching follows every place the text can be at after each segment at once, as a bit set of
/// offsets (so texts of at most ``maximumLength`` bytes): the prefix alternatives are tried at
/// offset 0 and the names at 0 and after each prefix that held. A name that does not begin
/// with the text's next byte is given up after one byte.
///
/// - Complexity: O(pieces × text length) at worst; usually a few bytes per alternative.
struct AnchoredAlternatives: Sendable, Equatable {
    /// One character set of a sequence: its ASCII members (bytes 0–63 in `low`, 64–127 in `high`).
    struct Piece: Sendable, Equatable {
        enum Repeats: UInt8, Sendable { case once, zeroOrOne, oneOrMore, zeroOrMore }
        var low: UInt64
        var high: UInt64
        var repeats: Repeats

        @inline(__always)
        func holds(_ byte: UInt8) -> Bool {
            byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : (high >> UInt64(byte & 63)) & 1 != 0
        }
    }

    /// One alternation: its alternatives are `alternativeEnds[firstAlternative..<endAlternative]`.
    struct Segment: Sendable, Equatable {
        var firstAlternative: Int32
        var endAlternative: Int32
        var optional: Bool
    }

    /// Texts longer than this (in bytes) go to the DFA: the places fit one 64-bit word.
    static let maximumLength = 63

    /// Every alternative's pieces, one after the other: alternative `k` is
    /// `pieces[alternativeEnds[k - 1]..<alternativeEnds[k]]` (from 0 for the first).
    let pieces: [Piece]
    let alternativeEnds: [Int32]
    let segments: [Segment]
    /// The regex ends with `$` or `\z`: a match must reach the end of the text.
    let endsAtTextEnd: Bool

    /// The shape of `node`, or nil when the regex is not of it.
    init?(_ node: RegexNode) {
        var node = node
        while case .group(let inner, _) = node { node = inner }
        guard case .concatenation(let parts) = node, parts.count >= 2,
              case .assertion(.textStart) = parts[0] else { return nil }
        var rest = parts.dropFirst()
        var ends = false
        if case .assertion(let last) = rest.last!, last == .textEnd || last == .textEndOrFinalLineBreak {
            ends = true
            rest = rest.dropLast()
        }
        var pieces: [Piece] = []
        var alternativeEnds: [Int32] = []
        var segments: [Segment] = []
        for part in rest {
            var inner = part
            var optional = false
            if case .repetition(let repeated, 0, 1, _) = part {
                // `(…)?`, `x?`: an optional segment (greedy or lazy is the same for a yes or no).
                inner = repeated
                optional = true
            }
            while case .group(let g, _) = inner { inner = g }
            let branches: [RegexNode]
            if case .alternation(let list) = inner { branches = list } else { branches = [inner] }
            let first = Int32(alternativeEnds.count)
            for branch in branches {
                guard let sequence = Self.sequence(branch) else { return nil }
                pieces += sequence
                alternativeEnds.append(Int32(pieces.count))
            }
            segments.append(Segment(firstAlternative: first, endAlternative: Int32(alternativeEnds.count), optional: optional))
        }
        guard !segments.isEmpty else { return nil }
        self.pieces = pieces
        self.alternativeEnds = alternativeEnds
        self.segments = segments
        self.endsAtTextEnd = ends
    }

    /// The pieces of a plain sequence (`POS [0-9]+ `), nil for anything else.
    private static func sequence(_ node: RegexNode) -> [Piece]? {
        switch node {
        case .empty: return []
        case .group(let inner, _): return sequence(inner)
        case .set(let set): return [Piece(low: set.low, high: set.high, repeats: .once)]
        case .repetition(.set(let set), 0, 1, _): return [Piece(low: set.low, high: set.high, repeats: .zeroOrOne)]
        case .repetition(.set(let set), 1, nil, _): return [Piece(low: set.low, high: set.high, repeats: .oneOrMore)]
        case .repetition(.set(let set), 0, nil, _): return [Piece(low: set.low, high: set.high, repeats: .zeroOrMore)]
        case .concatenation(let parts):
            var all: [Piece] = []
            for part in parts {
                guard let more = sequence(part) else { return nil }
                all += more
            }
            return all
        default: return nil
        }
    }

    /// Whether the regex matches `text`; nil when this matcher cannot tell: a byte beyond ASCII
    /// (the regex matches such text in NFC), a text longer than ``maximumLength``, or a line break
    /// ending the text of a regex ending in `$` (which also holds before it).
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        let n = text.count
        guard n <= Self.maximumLength else { return nil }
        var high: UInt8 = 0
        for b in text { high |= b }
        if high >= 0x80 { return nil }
        if endsAtTextEnd, n > 0, text[n - 1] >= 0x0A && text[n - 1] <= 0x0D { return nil }
        return pieces.withUnsafeBufferPointer { pieces in
            alternativeEnds.withUnsafeBufferPointer { ends in
                segments.withUnsafeBufferPointer { segments in
                    Self.run(text, pieces: pieces, ends: ends, segments: segments, endsAtTextEnd: endsAtTextEnd)
                }
            }
        }
    }

    private static func run(_ text: UnsafeBufferPointer<UInt8>, pieces: UnsafeBufferPointer<Piece>,
                            ends: UnsafeBufferPointer<Int32>, segments: UnsafeBufferPointer<Segment>, endsAtTextEnd: Bool) -> Bool {
        // Bit k: the regex can be at offset k of the text.
        var places: UInt64 = 1
        for segment in segments {
            var next: UInt64 = segment.optional ? places : 0
            var k = Int(segment.firstAlternative)
            var start = k == 0 ? 0 : Int(ends[k - 1])
            while k < Int(segment.endAlternative) {
                let end = Int(ends[k])
                var at = places
                var p = start
                while p < end && at != 0 {
                    at = step(at, pieces[p], text)
                    p += 1
                }
                next |= at
                start = end
                k += 1
            }
            places = next
            if places == 0 { return false }
        }
        return !endsAtTextEnd || places & (1 << UInt64(text.count)) != 0
    }

    /// The offsets after reading `piece` from each offset in `places`.
    @inline(__always)
    private static func step(_ places: UInt64, _ piece: Piece, _ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = text.count
        var out: UInt64 = 0
        var left = places
        while left != 0 {
            let at = left.trailingZeroBitCount
            left &= left - 1
            switch piece.repeats {
            case .once, .zeroOrOne:
                if piece.repeats == .zeroOrOne { out |= 1 << UInt64(at) }
                if at < n && piece.holds(text[at]) { out |= 1 << UInt64(at + 1) }
            case .oneOrMore, .zeroOrMore:
                if piece.repeats == .zeroOrMore { out |= 1 << UInt64(at) }
                var q = at
                while q < n && piece.holds(text[q]) {
                    q += 1
                    out |= 1 << UInt64(q)
                    // Offsets past here were reached from an earlier start already.
                    if left & (1 << UInt64(q)) != 0 { break }
                }
            }
        }
        return out
    }

    /// The same shape in new storage, for one thread (see ``LiteralGroup/copiedForThread()``).
    func copiedForThread() -> AnchoredAlternatives {
        AnchoredAlternatives(pieces: pieces.map { $0 }, alternativeEnds: alternativeEnds.map { $0 },
                             segments: segments.map { $0 }, endsAtTextEnd: endsAtTextEnd)
    }

    private init(pieces: [Piece], alternativeEnds: [Int32], segments: [Segment], endsAtTextEnd: Bool) {
        self.pieces = pieces
        self.alternativeEnds = alternativeEnds
        self.segments = segments
        self.endsAtTextEnd = endsAtTextEnd
    }
}

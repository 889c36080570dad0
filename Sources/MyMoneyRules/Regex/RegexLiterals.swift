/// Literal text a regular expression cannot match without, read from its tree, so the engine
/// runs the regex only on texts that contain it.
///
/// Alternations become sets of alternatives (`EDEKA|LIDL` needs `edeka` or `lidl`), optional
/// parts drop out (`^(POS [0-9]+ )?(GEICO|PROGRESSIVE)` needs `geico` or `progressive`), small
/// sets and optional letters multiply out (`colou?r` needs `color` or `colour`), and concatenated
/// parts each contribute (`(A|B).*(X|Y)` needs one of A, B and one of X, Y); a pattern anchored
/// with `^` needs its text to start with its prefix (`^AMAZON MKTPL` only looks at payees that
/// begin so). Literals are ASCII,
/// lowercased: they are looked up in text folded by ``TextFolding``, whose ASCII folding is the
/// regex engine's. Non-ASCII characters end a literal (their folding could differ).
///
/// - Complexity: O(pattern size × ``maximumSetSize``²).
struct RegexLiterals {
    /// Sets of alternatives, best first: a text the regex matches contains at least one member of
    /// every set (lowercased). Empty when no set with members of ``minimumLength`` was found.
    let required: [[String]]
    /// For a pattern anchored at the start (`^(SHELL|ARAL)\b`): a text it matches starts with one
    /// of these (lowercased); nil when unknown or shorter than ``minimumLength``.
    let requiredPrefixes: [String]?

    /// When the regex is nothing but a set of literal texts, ignoring ASCII case (`Shell|Aral`,
    /// `(EDEKA|REWE) (BERLIN|KÖLN)` is not: `Ö` is not ASCII): every text it can match, lowercased.
    /// Such a regex matches an ASCII text exactly when the text contains one of them, so the
    /// literal scan answers it and the regex need not run. Nil for anything with an anchor, a
    /// boundary, a case-sensitive part, an open repetition or a large class.
    let exact: [String]?

    /// For a regex of the shape `A.*B` (`SHELL.*STATION`, `(EDEKA|REWE).*(BERLIN|KOELN)`), with `A`
    /// and `B` only literal texts ignoring case (as for ``exact``) and `.*` an open repetition of
    /// any character: the texts `A` and `B` can match, lowercased, in that order. On an ASCII text
    /// without line breaks the regex matches exactly when an occurrence of an `A` text ends at or
    /// before the start of an occurrence of a `B` text, which the literal scan's positions answer
    /// (``LiteralPositions``). Nil for any other shape.
    let ordered: [[String]]?

    static let minimumLength = 3
    static let maximumSetSize = 64

    init(_ node: RegexNode) {
        let info = LiteralInfo.of(node)
        required = LiteralInfo.best(info.allFactors.filter { $0.shortest >= Self.minimumLength }, keep: 3)
            .map { set in set.members.map { String(decoding: $0, as: UTF8.self) } }
        requiredPrefixes = node.isAnchoredAtStart && info.prefix.shortest >= Self.minimumLength
            ? info.prefix.members.map { String(decoding: $0, as: UTF8.self) } : nil
        if Self.isLiteralsIgnoringCase(node), let all = info.exact, all.shortest >= Self.minimumLength {
            exact = all.members.map { String(decoding: $0, as: UTF8.self) }
        } else {
            exact = nil
        }
        ordered = Self.orderedTexts(node)
    }

    /// The texts of `A` and of `B` when `node` is `A.*B` (``ordered``).
    static func orderedTexts(_ node: RegexNode) -> [[String]]? {
        var node = node
        while case .group(let inner, _) = node { node = inner }
        guard case .concatenation(let parts) = node else { return nil }
        let anything: Set<RegexCharacterSet> = [.any(dotMatchesLineBreaks: false), .any(dotMatchesLineBreaks: true)]
        let gaps = parts.indices.filter { k in
            if case .repetition(.set(let set), 0, nil, _) = parts[k], anything.contains(set) { return true }
            return false
        }
        guard gaps.count == 1, let gap = gaps.first, gap > 0, gap < parts.count - 1 else { return nil }
        var sides: [[String]] = []
        for side in [RegexNode.concatenation(Array(parts[..<gap])), .concatenation(Array(parts[(gap + 1)...]))] {
            guard isLiteralsIgnoringCase(side), let texts = LiteralInfo.of(side).exact, texts.shortest >= minimumLength else { return nil }
            sides.append(texts.members.map { String(decoding: $0, as: UTF8.self) })
        }
        return sides
    }

    /// Whether the tree has only groups, concatenations, alternations, bounded repetitions and
    /// ASCII sets that hold both cases of every letter in them (so folding loses nothing).
    static func isLiteralsIgnoringCase(_ node: RegexNode) -> Bool {
        switch node {
        case .empty: return true
        case .assertion: return false
        case .set(let set):
            guard set.isASCIIOnly else { return false }
            let members = set.asciiMembers
            return members.allSatisfy { b in
                let isLetter = (b | 0x20) &- 0x61 < 26
                return !isLetter || (members.contains(b | 0x20) && members.contains(b & ~0x20))
            }
        case .group(let inner, _): return isLiteralsIgnoringCase(inner)
        case .concatenation(let parts), .alternation(let parts): return parts.allSatisfy(isLiteralsIgnoringCase)
        case .repetition(let inner, _, let high, _): return high != nil && isLiteralsIgnoringCase(inner)
        }
    }
}

/// ASCII strings (lowercased), sorted and unique; `[[]]` (the empty text) means nothing is known.
private struct LiteralSet: Hashable {
    let members: [[UInt8]]
    /// The length of the shortest member (0 when the empty text is one).
    let shortest: Int

    init(_ strings: [[UInt8]]) {
        let sorted = strings.sorted { $0.lexicographicallyPrecedes($1) }
        var unique: [[UInt8]] = []
        unique.reserveCapacity(sorted.count)
        for s in sorted where unique.last != s { unique.append(s) }
        members = unique
        shortest = unique.map(\.count).min() ?? 0
    }

    static let nothingKnown = LiteralSet([[]])
    var count: Int { members.count }
}

/// What is known about the texts a node matches: all of them (`exact`), how they start and end,
/// and sets of which every match contains a member (the best few).
private struct LiteralInfo {
    /// Every text the node matches, when few; nil when unknown.
    var exact: LiteralSet?
    /// Every match starts with one of these (``LiteralSet/nothingKnown``: nothing known).
    var prefix: LiteralSet
    var suffix: LiteralSet
    var factors: [LiteralSet]

    static let unknown = LiteralInfo(exact: nil, prefix: .nothingKnown, suffix: .nothingKnown, factors: [])
    static func exactly(_ set: LiteralSet) -> LiteralInfo { LiteralInfo(exact: set, prefix: set, suffix: set, factors: []) }
    static let empty = exactly(.nothingKnown)

    /// Every usable set: the factors, the exact texts, the prefixes and suffixes (best few).
    var allFactors: [LiteralSet] {
        Self.best(factors + [exact, prefix, suffix].compactMap { $0 }, keep: 4)
    }

    /// The `keep` best distinct sets without the empty text: longer shortest member first, then
    /// fewer members, then by content (a stable order).
    static func best(_ sets: [LiteralSet], keep: Int) -> [LiteralSet] {
        var result: [LiteralSet] = []
        for set in sets.filter({ $0.shortest > 0 }).sorted(by: better) where result.last != set {
            result.append(set)
            if result.count == keep { break }
        }
        return result
    }

    static func better(_ a: LiteralSet, than b: LiteralSet) -> Bool {
        if a.shortest != b.shortest { return a.shortest > b.shortest }
        if a.count != b.count { return a.count < b.count }
        return a.members.lexicographicallyPrecedes(b.members) { $0.lexicographicallyPrecedes($1) }
    }

    static func cross(_ a: LiteralSet, _ b: LiteralSet) -> LiteralSet? {
        guard a.count * b.count <= RegexLiterals.maximumSetSize else { return nil }
        var out: [[UInt8]] = []
        out.reserveCapacity(a.count * b.count)
        for x in a.members { for y in b.members { out.append(x + y) } }
        return LiteralSet(out)
    }

    static func union(_ sets: [LiteralSet]) -> LiteralSet? {
        guard sets.reduce(0, { $0 + $1.count }) <= RegexLiterals.maximumSetSize * 2 else { return nil }
        let all = LiteralSet(sets.flatMap(\.members))
        return all.count <= RegexLiterals.maximumSetSize ? all : nil
    }

    static func of(_ node: RegexNode) -> LiteralInfo {
        switch node {
        case .empty, .assertion:
            return empty
        case .set(let set):
            guard set.isASCIIOnly else { return unknown }
            let members = set.asciiMembers
            guard members.count <= 8 else { return unknown }
            let folded = LiteralSet(members.map { [$0 &- 0x41 < 26 ? $0 | 0x20 : $0] })
            return folded.count <= 4 ? exactly(folded) : unknown
        case .group(let inner, _):
            return of(inner)
        case .concatenation(let parts):
            return parts.reduce(empty) { concatenate($0, of($1)) }
        case .alternation(let branches):
            let infos = branches.map(of)
            if infos.allSatisfy({ $0.exact != nil }), let all = union(infos.compactMap(\.exact)) { return exactly(all) }
            var result = LiteralInfo.unknown
            result.prefix = union(infos.map(\.prefix)) ?? .nothingKnown
            result.suffix = union(infos.map(\.suffix)) ?? .nothingKnown
            let best = infos.map { $0.allFactors.first }
            if best.allSatisfy({ $0 != nil }), let any = union(best.compactMap { $0 }) { result.factors = [any] }
            return result
        case .repetition(let inner, let low, let high, _):
            let info = of(inner)
            if let exact = info.exact, let high, high <= 4 {
                var power: LiteralSet? = .nothingKnown
                var all: [LiteralSet] = low == 0 ? [.nothingKnown] : []
                for k in 1...max(1, high) {
                    power = power.flatMap { cross($0, exact) }
                    if k >= low, let p = power { all.append(p) }
                }
                if power != nil, let union = union(all) { return exactly(union) }
            }
            guard low > 0 else { return unknown }
            return LiteralInfo(exact: nil, prefix: info.prefix, suffix: info.suffix, factors: info.allFactors)
        }
    }

    static func concatenate(_ a: LiteralInfo, _ b: LiteralInfo) -> LiteralInfo {
        if let ea = a.exact, let eb = b.exact, let both = cross(ea, eb) { return exactly(both) }
        var result = LiteralInfo.unknown
        result.prefix = a.exact.map { cross($0, b.prefix) ?? $0 } ?? a.prefix
        result.suffix = b.exact.map { cross(a.suffix, $0) ?? $0 } ?? b.suffix
        var factors = a.allFactors + b.allFactors
        if let joint = cross(a.suffix, b.prefix) { factors.append(joint) }
        result.factors = best(factors, keep: 4)
        return result
    }
}

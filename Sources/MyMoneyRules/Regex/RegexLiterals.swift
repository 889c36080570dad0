/// Literal text a regular expression cannot match without, read from its tree, so the engine
/// runs the regex only on texts that contain it.
///
/// Alternations become sets of alternatives (`EDEKA|LIDL` needs `edeka` or `lidl`), optional
/// parts drop out (`^(POS [0-9]+ )?(GEICO|PROGRESSIVE)` needs `geico` or `progressive`), small
/// sets and optional letters multiply out (`colou?r` needs `color` or `colour`), and concatenated
/// parts each contribute (`(A|B).*(X|Y)` needs one of A, B and one of X, Y). Literals are ASCII,
/// lowercased: they are looked up in text folded by ``TextFolding``, whose ASCII folding is the
/// regex engine's. Non-ASCII characters end a literal (their folding could differ).
///
/// - Complexity: O(pattern size × ``maximumSetSize``²).
struct RegexLiterals {
    /// Sets of alternatives, best first: a text the regex matches contains at least one member of
    /// every set (lowercased). Empty when no set with members of ``minimumLength`` was found.
    let required: [[String]]

    static let minimumLength = 3
    static let maximumSetSize = 64

    init(_ node: RegexNode) {
        let info = LiteralInfo.of(node)
        var seen = Set<Set<[UInt8]>>()
        var sets: [Set<[UInt8]>] = []
        for set in info.allFactors where LiteralInfo.shortest(set) >= Self.minimumLength && seen.insert(set).inserted {
            sets.append(set)
        }
        sets.sort { LiteralInfo.better($0, than: $1) }
        required = sets.prefix(3).map { set in set.map { String(decoding: $0, as: UTF8.self) }.sorted() }
    }
}

/// What is known about the texts a node matches: all of them (`exact`), how they start and end,
/// and sets of which every match contains a member.
private struct LiteralInfo {
    /// Every text the node matches, when few; nil when unknown.
    var exact: Set<[UInt8]>?
    /// Every match starts with one of these (`[[]]`: nothing known).
    var prefix: Set<[UInt8]>
    var suffix: Set<[UInt8]>
    var factors: [Set<[UInt8]>]

    static let unknown = LiteralInfo(exact: nil, prefix: [[]], suffix: [[]], factors: [])
    static func exactly(_ set: Set<[UInt8]>) -> LiteralInfo { LiteralInfo(exact: set, prefix: set, suffix: set, factors: []) }

    /// Every usable set: the factors, the exact texts, the prefixes and suffixes.
    var allFactors: [Set<[UInt8]>] {
        (factors + [exact, prefix, suffix].compactMap { $0 }).filter { !$0.isEmpty && !$0.contains([]) }
    }

    static func shortest(_ set: Set<[UInt8]>) -> Int { set.map(\.count).min() ?? 0 }

    /// Longer shortest member first, then fewer members, then by content (a stable order).
    static func better(_ a: Set<[UInt8]>, than b: Set<[UInt8]>) -> Bool {
        let la = shortest(a), lb = shortest(b)
        if la != lb { return la > lb }
        if a.count != b.count { return a.count < b.count }
        return a.sorted { $0.lexicographicallyPrecedes($1) }.lexicographicallyPrecedes(b.sorted { $0.lexicographicallyPrecedes($1) }) {
            $0.lexicographicallyPrecedes($1)
        }
    }

    static func cross(_ a: Set<[UInt8]>, _ b: Set<[UInt8]>) -> Set<[UInt8]>? {
        guard a.count * b.count <= RegexLiterals.maximumSetSize else { return nil }
        var out = Set<[UInt8]>()
        for x in a { for y in b { out.insert(x + y) } }
        return out
    }

    static func union(_ sets: [Set<[UInt8]>]) -> Set<[UInt8]>? {
        var out = Set<[UInt8]>()
        for s in sets {
            out.formUnion(s)
            if out.count > RegexLiterals.maximumSetSize { return nil }
        }
        return out
    }

    static func of(_ node: RegexNode) -> LiteralInfo {
        switch node {
        case .empty, .assertion:
            return exactly([[]])
        case .set(let set):
            guard set.isASCIIOnly else { return unknown }
            let folded = Set(set.asciiMembers.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 })
            return folded.count <= 4 ? exactly(Set(folded.map { [$0] })) : unknown
        case .group(let inner, _):
            return of(inner)
        case .concatenation(let parts):
            return parts.map(of).reduce(exactly([[]]), concatenate)
        case .alternation(let branches):
            let infos = branches.map(of)
            var result = LiteralInfo.unknown
            if infos.allSatisfy({ $0.exact != nil }), let all = union(infos.compactMap(\.exact)) { return exactly(all) }
            result.prefix = union(infos.map(\.prefix)) ?? [[]]
            result.suffix = union(infos.map(\.suffix)) ?? [[]]
            let best = infos.map { $0.allFactors.min(by: better) }
            if best.allSatisfy({ $0 != nil }), let any = union(best.compactMap { $0 }) { result.factors = [any] }
            return result
        case .repetition(let inner, let low, let high, _):
            let info = of(inner)
            if let exact = info.exact, let high, high <= 4 {
                var power: Set<[UInt8]>? = [[]]
                var all: Set<[UInt8]>? = low == 0 ? [[]] : []
                for k in 1...max(1, high) {
                    power = power.flatMap { cross($0, exact) }
                    if k >= low, let p = power, let a = all { all = union([a, p]) }
                }
                if power != nil, let all { return exactly(all) }
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
        result.factors = a.allFactors + b.allFactors
        if let joint = cross(a.suffix, b.prefix) { result.factors.append(joint) }
        return result
    }
}

/// A parsed regular expression: the tree of a rule's `/…/`, parsed once when the rules load.
///
/// Case-insensitivity is already applied: a literal or set read under `i` holds every case
/// variant (``RegexCharacterSet``), so the compiler and the literal extractor never think about case.
indirect enum RegexNode: Sendable, Hashable {
    /// Matches the empty text.
    case empty
    /// One character from the set.
    case set(RegexCharacterSet)
    /// A zero-width test of the position.
    case assertion(RegexAssertion)
    /// A group; `capture` is its number (1-based, by opening parenthesis) when it captures.
    case group(RegexNode, capture: Int?)
    case concatenation([RegexNode])
    case alternation([RegexNode])
    /// `min…max` repetitions (`max` nil: unbounded); `greedy` is false for `*?`, `+?`, `??`, `{m,n}?`.
    case repetition(RegexNode, min: Int, max: Int?, greedy: Bool)

    /// Whether every match must begin at the start of the text (`^…`, `^A|^B`).
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(let a): return a == .textStart
        case .group(let inner, _): return inner.isAnchoredAtStart
        case .concatenation(let parts):
            for part in parts {
                if part.isAnchoredAtStart { return true }
                if !part.matchesOnlyEmpty { return false }
            }
            return false
        case .alternation(let branches): return !branches.isEmpty && branches.allSatisfy(\.isAnchoredAtStart)
        case .repetition(let inner, let min, _, _): return min > 0 && inner.isAnchoredAtStart
        case .empty, .set: return false
        }
    }

    /// Whether the node can only match the empty text (assertions, empty groups).
    var matchesOnlyEmpty: Bool {
        switch self {
        case .empty, .assertion: return true
        case .set: return false
        case .group(let inner, _): return inner.matchesOnlyEmpty
        case .concatenation(let parts): return parts.allSatisfy(\.matchesOnlyEmpty)
        case .alternation(let branches): return branches.allSatisfy(\.matchesOnlyEmpty)
        case .repetition(let inner, _, let max, _): return max == 0 || inner.matchesOnlyEmpty
        }
    }

    /// Whether the node uses `$` or `\Z` (which also hold before a final line break).
    var usesEndOrFinalLineBreak: Bool {
        switch self {
        case .assertion(let a): return a == .textEndOrFinalLineBreak
        case .empty, .set: return false
        case .group(let inner, _), .repetition(let inner, _, _, _): return inner.usesEndOrFinalLineBreak
        case .concatenation(let list), .alternation(let list): return list.contains { $0.usesEndOrFinalLineBreak }
        }
    }
}

/// Zero-width tests: `^`, `$`, `\z`, `\b`, `\B`.
enum RegexAssertion: UInt8, Sendable, Hashable {
    /// `^`, `\A`: the start of the text.
    case textStart
    /// `\z`: the end of the text.
    case textEnd
    /// `$`, `\Z`: the end of the text, or just before a line break that ends it (ICU's rule).
    case textEndOrFinalLineBreak
    /// `\b`: between a word character (`\w`) and a non-word character or an end of the text.
    case wordBoundary
    /// `\B`: not at a word boundary.
    case notWordBoundary
}

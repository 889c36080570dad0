import Foundation

/// One thread's regex matching state: a ``LazyDFA`` per regex (made on first use), the
/// ``PikeVM``'s scratch space, and the step budget that bounds every single match.
///
/// ASCII texts go through the DFA; texts with other characters, and texts the DFA's bounded
/// cache cannot finish, are normalized to NFC (as ``TextFolding`` does for `contains`) and run by
/// the VM. With linear matching the budget should never run out on real input; when it does, the
/// answer is ``RegexAnswer/gaveUp``, which the evaluator counts as no match and reports.
struct RegexMatcher {
    /// Steps (bytes read, instructions visited) one match may take: enough for a regex of a few
    /// hundred instructions over a text of tens of kilobytes.
    static let defaultStepLimit = 10_000_000

    let stepLimit: Int
    let maximumDFAStates: Int
    /// The rule set's regexes, by number.
    let regexes: [RuleRegex]
    private var dfas: [LazyDFA?]
    private var scratch = PikeVM.Scratch()
    private var scalars: [UInt32] = []
    /// Runs answered by the DFA, runs that needed the VM, and DFA cache resets (for tests and stats).
    private(set) var dfaAnswers = 0
    private(set) var vmRuns = 0
    var cacheResets: Int { dfas.reduce(0) { $0 + ($1?.cacheResets ?? 0) } }

    init(regexes: [RuleRegex], stepLimit: Int = RegexMatcher.defaultStepLimit, maximumDFAStates: Int = LazyDFA.defaultMaximumStates) {
        self.regexes = regexes
        self.stepLimit = max(1, stepLimit)
        self.maximumDFAStates = maximumDFAStates
        self.dfas = [LazyDFA?](repeating: nil, count: regexes.count)
    }

    /// Whether regex number `r` matches anywhere in `text`.
    ///
    /// - Complexity: O(text length) on ASCII text once the DFA states exist; O(text length ×
    ///   program size) otherwise; never more than ``stepLimit`` steps.
    mutating func matches(_ r: Int, _ text: String) -> RegexAnswer {
        var steps = stepLimit
        if dfas[r] == nil { dfas[r] = LazyDFA(program: regexes[r].program, maximumStates: maximumDFAStates) }
        // The text's own bytes when it has them (no copy of the string: a copy retains it, and
        // threads retaining one shared payee text contend for it); a contiguous copy otherwise.
        let outcome: LazyDFA.Outcome = text.utf8.withContiguousStorageIfAvailable { bytes in dfas[r]!.run(bytes, steps: &steps) }
            ?? { var copy = text; return copy.withUTF8 { bytes in dfas[r]!.run(bytes, steps: &steps) } }()
        switch outcome {
        case .match: dfaAnswers += 1; return .match([])
        case .noMatch: dfaAnswers += 1; return .noMatch
        case .gaveUp: return .gaveUp
        case .useVM: return runVM(regexes[r], text, captures: false, steps: &steps)
        }
    }

    /// The captures of the leftmost-first match of regex `r` in `text` (index 0 the whole match).
    mutating func captures(_ r: Int, _ text: String) -> RegexAnswer {
        var steps = stepLimit
        return runVM(regexes[r], text, captures: true, steps: &steps)
    }

    /// The VM on the text's scalars, in NFC when the text is not ASCII.
    private mutating func runVM(_ regex: RuleRegex, _ text: String, captures: Bool, steps: inout Int) -> RegexAnswer {
        vmRuns += 1
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let normalized = ascii ? text : text.precomposedStringWithCanonicalMapping
        scalars.removeAll(keepingCapacity: true)
        if ascii {
            for b in normalized.utf8 { scalars.append(UInt32(b)) }
        } else {
            for s in normalized.unicodeScalars { scalars.append(s.value) }
        }
        let outcome = scalars.withUnsafeBufferPointer { buffer in
            PikeVM.run(regex.program, buffer, captures: captures, steps: &steps, scratch: &scratch)
        }
        switch outcome {
        case .noMatch: return .noMatch
        case .gaveUp: return .gaveUp
        case .match(let slots):
            guard captures else { return .match([]) }
            var groups: [String] = []
            for g in 0...regex.program.captureCount {
                let a = Int(slots[2 * g]), b = Int(slots[2 * g + 1])
                if a < 0 || b < a { groups.append(""); continue }
                var view = String.UnicodeScalarView()
                for k in a..<b { view.append(RegexParser.scalar(scalars[k])) }
                groups.append(String(view))
            }
            return .match(groups)
        }
    }
}

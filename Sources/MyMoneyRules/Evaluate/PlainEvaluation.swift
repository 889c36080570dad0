import Foundation

/// The plain twin of the rule engine: every rule tried on every transaction, every test answered
/// on its own, with none of the speed machinery (the literal scan and its automata, regex
/// prefilters, regexes answered by their literals, the candidate index, per-transaction regex
/// answers). The differential tests hold ``CompiledRuleSet/apply(to:context:options:)`` to it.
extension CompiledRuleSet {
    /// Applies the rules as ``apply(to:context:options:)`` does, on one thread, the plain way.
    ///
    /// - Complexity: O(transactions × tests × text length): for tests, not for imports.
    public func applyPlainly(to inputs: [RuleInput], context: RuleContext = RuleContext(),
                             options: RuleApplyOptions = RuleApplyOptions()) -> RuleRun {
        var evaluator = RuleEvaluator(set: self, context: context, options: options)
        evaluator.plain = true
        var trace: RuleTrace?
        var transactions: [LedgerTransaction] = []
        var outcomes: [TransactionOutcome] = []
        inputs.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                let (t, o) = evaluator.run(buffer, index: i, trace: &trace)
                transactions.append(t)
                outcomes.append(o)
            }
        }
        var run = finish(outcomes: outcomes, transactions: transactions, context: context)
        run.diagnostics = evaluator.gaveUp.map { diagnostic(for: $0, inputs[$0.transaction], stepLimit: options.regexStepLimit) }
        return run
    }
}

extension RuleEvaluator {
    /// A `contains`, `starts with`, `ends with` or `equals` test, by folding each value and
    /// comparing bytes.
    func plainLiteralHolds(_ i: Int, _ t: LedgerTransaction, _ account: Account?) -> Bool {
        guard let test = set.leaves[i].literal else { return false }
        return FieldValues.any(set.leaves[i].field, t, account) { value in
            let text = Self.plainFolded(value, caseSensitive: test.caseSensitive)
            switch test.kind {
            case .equals: return text == test.pattern
            case .startsWith: return text.starts(with: test.pattern)
            case .endsWith: return text.count >= test.pattern.count && text.suffix(test.pattern.count).elementsEqual(test.pattern)
            case .contains:
                guard text.count >= test.pattern.count else { return false }
                for start in 0...(text.count - test.pattern.count)
                where text[start..<(start + test.pattern.count)].elementsEqual(test.pattern) { return true }
                return false
            }
        }
    }

    /// A regex test: the regex itself on every value, without prefilter or remembered answers.
    mutating func plainRegexHolds(_ i: Int, _ r: Int, _ t: LedgerTransaction, _ account: Account?) -> Bool {
        FieldValues.any(set.leaves[i].field, t, account) { value in
            switch matcher.matches(r, value) {
            case .match: return true
            case .noMatch: return false
            case .gaveUp:
                gaveUp.append(RegexGiveUp(transaction: transactionIndex, leaf: i, textLength: value.unicodeScalars.count))
                return false
            }
        }
    }

    /// What ``TextFolding`` computes, the obvious way: NFC, then each scalar in lower case
    /// (``ScalarFolding``) unless case matters.
    static func plainFolded(_ text: String, caseSensitive: Bool) -> [UInt8] {
        let normalized = text.precomposedStringWithCanonicalMapping
        guard !caseSensitive else { return Array(normalized.utf8) }
        var view = String.UnicodeScalarView()
        for scalar in normalized.unicodeScalars { view.append(Unicode.Scalar(ScalarFolding.fold(scalar.value)) ?? scalar) }
        return Array(String(view).utf8)
    }
}

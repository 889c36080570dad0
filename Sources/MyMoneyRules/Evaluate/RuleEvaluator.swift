/// Runs a ``CompiledRuleSet`` over transactions one at a time, with reusable scratch space.
///
/// One evaluator per thread; the rule set itself is shared.
struct RuleEvaluator {
    let set: CompiledRuleSet
    let context: RuleContext
    let options: RuleApplyOptions
    var fired: [UInt64]
    var candidates: [UInt64]
    var buffer: [UInt8] = []
    /// Literal occurrences of the scan in progress.
    var hits: [UInt64] = []
    /// Where the `contains` literals of this transaction's scans occurred (for `A.*B` regexes).
    var positions: LiteralPositions
    /// Per regex: a text shorter than this many bytes cannot use up the step budget, in the DFA or
    /// the VM (each byte visits each instruction at most once), so an answer from the literal
    /// positions is the answer the regex would give.
    let positionsAnswerBelow: [Int]
    /// Per regex: 0 not yet run for this transaction, 1 no match, 2 match.
    var regexMemo: [UInt8]
    var regexTouched: [Int32] = []
    /// This thread's DFAs and VM scratch space.
    var matcher: RegexMatcher
    /// The input index of the transaction being evaluated.
    var transactionIndex = 0
    /// Regex runs that ran out of steps (counted as no match), in input order.
    var gaveUp: [RegexGiveUp] = []
    /// Bits fired by `account` and `account kind` tests, per account id: they depend on the account only.
    var accountBits: [Int64: (bits: [Int32], ascii: Bool)] = [:]
    let accountGroups: [Int]
    let otherGroups: [Int]
    let projects: [String: RuleProject]
    let knownProjects: Set<String>
    let accountsByName: [String: Account]
    /// This thread's copy of every rule's actions (``RuleAction/copiedForThread()``), and the text
    /// of the category each rule sets (for ``FieldChange/value``).
    let actions: [[RuleAction]]
    let categoryTexts: [String?]
    /// This thread's copy of the literal groups (``LiteralGroup/copiedForThread()``), of the
    /// groups to scan again per target, and of each leaf's field.
    let groupTable: UnsafeMutableBufferPointer<LiteralGroup>
    let groupsByTarget: [[Int]]
    let leafFields: [RuleField]
    /// This thread's copy of each regex's anchored-alternatives shape (nil: the DFA answers it).
    let anchoredShapes: [AnchoredAlternatives?]
    /// This thread's copies of the hot arrays (``EvaluatorTables``), and their pointers.
    let tables: EvaluatorTables
    let nodes: UnsafeBufferPointer<ConditionProgram.Node>
    let children: UnsafeBufferPointer<Int32>
    let leafCodes: UnsafeBufferPointer<ConditionProgram.Leaf>
    let prefilterBits: UnsafeBufferPointer<Int32>
    let triggerStart: UnsafeBufferPointer<Int32>
    let triggerRules: UnsafeBufferPointer<Int32>
    let roots: UnsafeBufferPointer<Int32>
    /// Whether every text value scanned for this transaction was ASCII (regexes made of literals
    /// are answered by the scan only then).
    var scannedASCII = true
    /// Evaluate every rule and every test directly, without the literal scan, the prefilters and
    /// the candidate index: the plain twin (``CompiledRuleSet/applyPlainly(to:context:options:)``).
    var plain = false
    /// False for an import's effects (``RuleEffects``): matched rules, changes and overrides are
    /// not listed; only ``lastChanged`` and ``lastCategorySetter`` say what changed.
    var recordsOutcomes = true
    /// After ``evaluate(_:_:locked:index:original:trace:)`` without outcomes: the targets whose
    /// fields ended different, and the rule that set the category last (-1: none).
    var lastChanged: RuleTargetSet = []
    var lastCategorySetter = -1

    init(set: CompiledRuleSet, context: RuleContext, options: RuleApplyOptions) {
        self.set = set
        self.context = context
        self.options = options
        self.fired = [UInt64](repeating: 0, count: set.bitWords)
        self.candidates = [UInt64](repeating: 0, count: set.ruleWords)
        self.regexMemo = [UInt8](repeating: 0, count: set.regexes.count)
        self.positions = LiteralPositions(bits: set.bitWords * 64)
        self.positionsAnswerBelow = set.regexes.map { options.regexStepLimit / ($0.program.instructions.count + 2) - 2 }
        self.matcher = RegexMatcher(regexes: set.regexes, stepLimit: options.regexStepLimit)
        self.accountGroups = set.groups.indices.filter { set.groups[$0].field == .account || set.groups[$0].field == .accountKind }
        self.otherGroups = set.groups.indices.filter { !(set.groups[$0].field == .account || set.groups[$0].field == .accountKind) }
        var projects: [String: RuleProject] = [:]
        for p in context.projects where projects[p.name.lowercased()] == nil { projects[p.name.lowercased()] = p }
        self.projects = projects
        self.knownProjects = Set(projects.keys)
        var accounts: [String: Account] = [:]
        for a in context.accounts where accounts[a.name.lowercased()] == nil { accounts[a.name.lowercased()] = a }
        self.accountsByName = accounts
        self.actions = set.ruleActions.map { $0.map { $0.copiedForThread() } }
        self.categoryTexts = set.rules.indices.map { set.categoryText(ofRule: $0) }
        self.groupsByTarget = set.groupsByTarget.map { $0.map { $0 } }
        self.leafFields = set.leaves.map(\.field)
        self.anchoredShapes = set.anchoredShapes.map { $0?.copiedForThread() }
        let tables = EvaluatorTables(set)
        self.tables = tables
        nodes = tables.nodes
        children = tables.children
        leafCodes = tables.leaves
        prefilterBits = tables.prefilterBits
        triggerStart = tables.triggerStart
        triggerRules = tables.triggerRules
        roots = tables.roots
        groupTable = tables.groups
    }

    // MARK: literal scanning

    /// Scans the values of group `g`'s field: ASCII text where it lies (a group that ignores case
    /// reads capitals as small letters), any other text folded into ``buffer`` first.
    mutating func scan(group g: Int, _ t: LedgerTransaction, _ account: Account?) {
        let group = groupTable.baseAddress! + g
        let caseSensitive = group.pointee.caseSensitive
        _ = FieldValues.any(group.pointee.field, t, account) { value in
            let scanned: Bool? = value.utf8.withContiguousStorageIfAvailable { bytes in
                var high: UInt8 = 0
                for b in bytes { high |= b }
                guard high < 0x80 else { return false }
                group.pointee.scan(bytes, foldsASCII: !caseSensitive, into: &fired, hits: &hits, positions: &positions)
                return true
            }
            if scanned != true {
                if !TextFolding.fold(value, caseSensitive: caseSensitive, into: &buffer) { scannedASCII = false }
                buffer.withUnsafeBufferPointer { folded in
                    group.pointee.scan(folded, foldsASCII: false, into: &fired, hits: &hits, positions: &positions)
                }
            }
            return false
        }
    }

    mutating func trigger(bits: Range<Int>) {
        for bit in bits where fired[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
            for k in Int(triggerStart[bit])..<Int(triggerStart[bit + 1]) {
                let r = Int(triggerRules[k])
                candidates[r >> 6] |= 1 << UInt64(r & 63)
            }
        }
    }

    mutating func forgetRegexAnswers() {
        for r in regexTouched { regexMemo[Int(r)] = 0 }
        regexTouched.removeAll(keepingCapacity: true)
    }

    mutating func start(_ t: LedgerTransaction, _ account: Account?) {
        forgetRegexAnswers()
        scannedASCII = true
        for i in 0..<fired.count { fired[i] = 0 }
        if plain { return }
        for i in 0..<candidates.count { candidates[i] = set.alwaysCandidates[i] }
        for g in otherGroups { scan(group: g, t, account) }
        if !accountGroups.isEmpty {
            if let id = account?.id, let known = accountBits[id] {
                for bit in known.bits { fired[Int(bit) >> 6] |= 1 << UInt64(bit & 63) }
                if !known.ascii { scannedASCII = false }
            } else {
                let before = scannedASCII
                scannedASCII = true
                for g in accountGroups { scan(group: g, t, account) }
                if let id = account?.id, accountBits.count < 10_000 {
                    var bits: [Int32] = []
                    for g in accountGroups {
                        for bit in groupTable[g].bits where fired[bit >> 6] & (1 << UInt64(bit & 63)) != 0 { bits.append(Int32(bit)) }
                    }
                    accountBits[id] = (bits, scannedASCII)
                }
                scannedASCII = scannedASCII && before
            }
        }
        // Only words with fired bits need the trigger walk.
        for w in 0..<fired.count where fired[w] != 0 {
            var word = fired[w]
            while word != 0 {
                let bit = w * 64 + word.trailingZeroBitCount
                word &= word - 1
                for k in Int(triggerStart[bit])..<Int(triggerStart[bit + 1]) {
                    let r = Int(triggerRules[k])
                    candidates[r >> 6] |= 1 << UInt64(r & 63)
                }
            }
        }
    }

    /// Scans again the groups whose field an action on `target` changed.
    mutating func rescan(after target: RuleTarget, _ t: LedgerTransaction, _ account: Account?) {
        forgetRegexAnswers()
        if plain { return }
        for g in groupsByTarget[target.rank] {
            let bits = groupTable[g].bits
            for bit in bits { fired[bit >> 6] &= ~(1 << UInt64(bit & 63)) }
            scan(group: g, t, account)
            trigger(bits: bits)
        }
    }

    /// The next candidate rule at or after `from`.
    func nextCandidate(from: Int) -> Int? {
        var w = from >> 6
        guard w < candidates.count else { return nil }
        var word = candidates[w] & (~0 << UInt64(from & 63))
        while true {
            if word != 0 {
                let r = w * 64 + word.trailingZeroBitCount
                return r < set.rules.count ? r : nil
            }
            w += 1
            guard w < candidates.count else { return nil }
            word = candidates[w]
        }
    }

    // MARK: conditions

    /// Evaluates node `k` of the flat program.
    mutating func holds(node k: Int32, _ t: LedgerTransaction, _ account: Account?) -> Bool {
        let node = nodes[Int(k)]
        switch node.kind {
        case .leaf:
            return leafHolds(Int(node.a), t, account)
        case .all:
            var c = node.a
            while c < node.b {
                if !holds(node: children[Int(c)], t, account) { return false }
                c += 1
            }
            return true
        case .any:
            var c = node.a
            while c < node.b {
                if holds(node: children[Int(c)], t, account) { return true }
                c += 1
            }
            return false
        case .not:
            return !holds(node: node.a, t, account)
        }
    }

    /// A regex leaf, answered once per transaction per regex.
    mutating func regexHolds(_ i: Int, _ r: Int, _ t: LedgerTransaction, _ account: Account?) -> Bool {
        let memo = regexMemo[r]
        if memo != 0 { return memo == 2 }
        let result = FieldValues.any(leafFields[i], t, account) { value in
            switch matcher.matches(r, value) {
            case .match: return true
            case .noMatch: return false
            case .gaveUp:
                gaveUp.append(RegexGiveUp(transaction: transactionIndex, leaf: i, textLength: value.unicodeScalars.count))
                return false
            }
        }
        regexMemo[r] = result ? 2 : 1
        regexTouched.append(Int32(r))
        return result
    }

    /// A regex `A.*B` answered from where its literals occurred on ASCII text
    /// (``RegexLiterals/ordered``): some `A` ending at or before the start of some `B`. Nil, for
    /// the regex to answer, when the text has a line break (`.` may not cross it) or is long
    /// enough for the regex to run out of steps.
    ///
    /// - Complexity: O(texts of `A` and `B`), plus one look at the text's bytes.
    func orderedAnswer(_ i: Int, _ leaf: UnsafePointer<ConditionProgram.Leaf>, _ t: LedgerTransaction, _ account: Account?) -> Bool? {
        var firstEnd = Int32.max
        for k in Int(leaf.pointee.orderedLow)..<Int(leaf.pointee.orderedMiddle) {
            let bit = Int(prefilterBits[k])
            if fired[bit >> 6] & (1 << UInt64(bit & 63)) != 0 { firstEnd = min(firstEnd, positions.firstEnd[bit]) }
        }
        var lastStart = Int32.min
        for k in Int(leaf.pointee.orderedMiddle)..<Int(leaf.pointee.orderedHigh) {
            let bit = Int(prefilterBits[k])
            if fired[bit >> 6] & (1 << UInt64(bit & 63)) != 0 { lastStart = max(lastStart, positions.lastStart[bit]) }
        }
        // Without an `A` and a `B` (ASCII text, folded as the regex folds) it cannot match.
        if firstEnd == .max || lastStart == .min { return false }
        guard let value = FieldValues.single(leafFields[i], t, account) else { return false }
        let limit = positionsAnswerBelow[Int(leaf.pointee.regex)]
        let plainLine: Bool? = value.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count < limit && !bytes.contains { $0 >= 0x0A && $0 <= 0x0D }
        }
        guard plainLine == true else { return nil }
        return firstEnd <= lastStart
    }

    /// A regex of anchored alternatives (``AnchoredAlternatives``) answered by its own matcher
    /// on every value of the field; nil, for the regex to answer, when it has no such shape or
    /// some value is one the matcher leaves to the regex (not ASCII, long, a final line break),
    /// or long enough for the regex to run out of steps.
    func anchoredAnswer(_ i: Int, _ r: Int, _ t: LedgerTransaction, _ account: Account?) -> Bool? {
        anchoredShapes.withUnsafeBufferPointer { shapes -> Bool? in
            // Through the pointer: copying the shape out of the array retained its arrays.
            guard shapes[r] != nil else { return nil }
            let limit = positionsAnswerBelow[r]
            var undecided = false
            let found = FieldValues.any(leafFields[i], t, account) { value in
                let answer: Bool?? = value.utf8.withContiguousStorageIfAvailable { bytes in
                    bytes.count < limit ? shapes[r]?.matches(bytes) : nil
                }
                guard let known = answer ?? nil else {
                    undecided = true
                    return true
                }
                return known
            }
            return undecided ? nil : found
        }
    }

    /// Evaluates a condition tree (explanations).
    mutating func holds(_ node: ConditionNode, _ t: LedgerTransaction, _ account: Account?) -> Bool {
        switch node {
        case .leaf(let i): return leafHolds(i, t, account)
        case .all(let children):
            for c in children where !holds(c, t, account) { return false }
            return true
        case .any(let children):
            for c in children where holds(c, t, account) { return true }
            return false
        case .not(let inner):
            return !holds(inner, t, account)
        }
    }

    mutating func leafHolds(_ i: Int, _ t: LedgerTransaction, _ account: Account?) -> Bool {
        let leaf = leafCodes.baseAddress! + i
        switch leaf.pointee.kind {
        case .literal:
            if plain { return plainLiteralHolds(i, t, account) }
            let bit = Int(leaf.pointee.bit)
            return fired[bit >> 6] & (1 << UInt64(bit & 63)) != 0
        case .regex:
            if plain { return plainRegexHolds(i, Int(leaf.pointee.regex), t, account) }
            // Every prefilter set needs one of its literals (sets end with -1).
            var k = leaf.pointee.prefilterLow
            let high = leaf.pointee.prefilterHigh
            var any = false
            while k >= 0 && k < high {
                let bit = Int(prefilterBits[Int(k)])
                k += 1
                if bit < 0 {
                    if !any { return false }
                    any = false
                } else if !any && fired[bit >> 6] & (1 << UInt64(bit & 63)) != 0 {
                    any = true
                }
            }
            // A regex of literal texts: its first set held one, and on ASCII text that is the answer.
            if leaf.pointee.flag && scannedASCII { return true }
            if leaf.pointee.orderedLow >= 0 && scannedASCII, let answer = orderedAnswer(i, leaf, t, account) { return answer }
            if let answer = anchoredAnswer(i, Int(leaf.pointee.regex), t, account) { return answer }
            return regexHolds(i, Int(leaf.pointee.regex), t, account)
        case .empty:
            let hasValue = FieldValues.any(leafFields[i], t, account) { !$0.isEmpty }
            return hasValue != leaf.pointee.flag
        case .amount:
            var value = t.amount
            if leaf.pointee.flag {
                guard let m = try? t.amount.magnitude() else { return false }
                value = m
            }
            let exclusive = leaf.pointee.exclusive
            if let low = leaf.pointee.low, exclusive ? value <= low : value < low { return false }
            if let high = leaf.pointee.high, exclusive ? value >= high : value > high { return false }
            return true
        case .days:
            let d = t.day.daysSinceEpoch
            return d >= leaf.pointee.intLow && d <= leaf.pointee.intHigh
        case .number:
            let n = Int32(leaf.pointee.isMonth ? t.day.month : t.day.day)
            return n >= leaf.pointee.intLow && n <= leaf.pointee.intHigh
        case .weekdays:
            return leaf.pointee.weekdays & (1 << UInt8(t.day.weekday)) != 0
        }
    }

    /// The captures of the rule's first regular expression (in reading order) that matches.
    mutating func captures(for rule: CompiledRule, _ t: LedgerTransaction, _ account: Account?) -> [String]? {
        for i in rule.regexLeaves {
            let leaf = set.leaves[i]
            guard case .regex(let r, _) = leaf.test else { continue }
            var found: [String]?
            _ = FieldValues.any(leaf.field, t, account) { value in
                switch matcher.captures(r, value) {
                case .match(let groups): found = groups
                case .noMatch: break
                case .gaveUp: gaveUp.append(RegexGiveUp(transaction: transactionIndex, leaf: i, textLength: value.unicodeScalars.count))
                }
                return found != nil
            }
            if let found { return found }
        }
        return nil
    }

    // MARK: running

    /// Applies the rules to one transaction of `inputs` (a copy of it is returned changed).
    ///
    /// With `trace`, every rule is evaluated (not only candidates) and near misses are recorded.
    mutating func run(_ inputs: UnsafeBufferPointer<RuleInput>, index: Int, trace: inout RuleTrace?) -> (LedgerTransaction, TransactionOutcome) {
        var t = inputs[index].transaction
        let locked = options.overwriteManual || inputs[index].lockedFields.isEmpty ? [] : inputs[index].lockedFields
        // The plain twin keeps the fields before the rules up front; the fast path as each is first changed.
        var original = plain ? OriginalFields(of: t) : OriginalFields()
        let outcome = evaluate(&t, inputs[index].account, locked: locked, index: index, original: &original, trace: &trace)
        return (t, outcome)
    }

    /// Applies the rules to `t` in place: `index` names it in outcomes and diagnostics, `original`
    /// holds (or is given, field by field) the fields as they were before.
    mutating func evaluate(_ t: inout LedgerTransaction, _ account: Account?, locked: Set<RuleTarget>, index: Int,
                           original: inout OriginalFields, trace: inout RuleTrace?) -> TransactionOutcome {
        transactionIndex = index
        start(t, account)
        var outcome = TransactionOutcome(index: index)
        var setBy = SIMD8<Int32>(repeating: -1)   // by RuleTarget rank: no allocation per transaction
        var tagEdits = TagEdits()
        var stoppedBy: Int?
        var position = 0
        var matchedAny = false
        let tracing = trace != nil
        let everyRule = tracing || plain
        while position < set.rules.count {
            let r: Int
            if everyRule {
                r = position
            } else {
                guard let next = nextCandidate(from: position) else { break }
                r = next
            }
            position = r + 1
            let root = roots[r]
            let matches = root < 0 || holds(node: root, t, account)
            if !matches {
                if tracing, let condition = set.rules[r].condition,
                   let miss = nearMiss(condition, rule: r, t, account, always: trace?.focus.contains(r) ?? false) {
                    trace?.nearMisses.append(miss)
                }
                continue
            }
            if let stopper = stoppedBy {
                if recordsOutcomes { outcome.overridden.append(OverriddenMatch(rule: r, target: nil, by: stopper, reason: .stopped)) }
                continue
            }
            matchedAny = true
            if recordsOutcomes { outcome.matched.append(r) }
            let captures = set.ruleUsesCaptures[r] ? self.captures(for: set.rules[r], t, account) : nil
            for action in actions[r] {
                let target = action.target
                if locked.contains(target) {
                    outcome.skipped.append(SkippedAction(rule: r, target: target, value: describe(action, captures), reason: .lockedByUser,
                                                         detail: "\(target.rawValue) was set by hand"))
                    continue
                }
                original.keep(target, of: t)
                let changed = apply(action, rule: r, to: &t, index: index, captures: captures,
                                    outcome: &outcome, setBy: &setBy, tags: &tagEdits)
                if changed && !groupsByTarget[target.rank].isEmpty { rescan(after: target, t, account) }
            }
            if set.ruleStops[r] || outcome.ignoredBy != nil { stoppedBy = r }
        }
        if !recordsOutcomes {
            lastChanged = matchedAny ? changedTargets(from: original, to: t, setBy: setBy, tags: tagEdits) : []
            lastCategorySetter = Int(setBy[RuleTarget.category.rank])
        } else if matchedAny {
            outcome.changes = changes(from: original, to: t, setBy: setBy, tags: tagEdits)
        }
        if outcome.transfer != nil && t.type != .transfer { outcome.transfer = nil }
        return outcome
    }
}

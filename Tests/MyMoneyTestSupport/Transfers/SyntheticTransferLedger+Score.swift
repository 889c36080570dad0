import MyMoneyCore
import MyMoneyTransfers

extension SyntheticTransferLedger {
    /// How well a match found the known transfers, overall and per ``Case``.
    public struct Score: Sendable, Hashable, CustomStringConvertible {
        /// Counts for one case (or all of them).
        public struct Counts: Sendable, Hashable {
            /// Real transfers.
            public var truth = 0
            /// Real transfers proposed as such.
            public var correct = 0
            /// Real transfers whose legs were left as a close call (in one ambiguity).
            public var heldForReview = 0
            /// Proposed pairs that are no real transfer (attributed to the case of their legs).
            public var falsePairs = 0
            /// Proposed pairs at or above the auto-confirm confidence, and the false ones among them.
            public var confident = 0
            public var confidentFalse = 0

            public init() {}

            public var proposed: Int { correct + falsePairs }
            public var precision: Double { proposed == 0 ? 1 : Double(correct) / Double(proposed) }
            public var recall: Double { truth == 0 ? 1 : Double(correct) / Double(truth) }
            /// Found as pairs or left as close calls.
            public var listed: Double { truth == 0 ? 1 : Double(correct + heldForReview) / Double(truth) }
            public var confidentPrecision: Double { confident == 0 ? 1 : Double(confident - confidentFalse) / Double(confident) }
            public var misses: Int { truth - correct - heldForReview }
        }

        public var all = Counts()
        public var byCase: [Case: Counts] = [:]

        public init() {}

        public var truth: Int { all.truth }
        public var proposed: Int { all.proposed }
        public var correct: Int { all.correct }
        public var heldForReview: Int { all.heldForReview }
        public var precision: Double { all.precision }
        public var recall: Double { all.recall }

        public var description: String {
            "truth \(all.truth), proposed \(all.proposed), correct \(all.correct), held for review \(all.heldForReview), "
                + "precision \(Score.percent(all.precision)), recall \(Score.percent(all.recall)), "
                + "confirmed-only precision \(Score.percent(all.confidentPrecision)) (\(all.confident) at ≥ \(Score.confirmThreshold))"
        }

        /// One line per case that occurs: truth, correct, held, false pairs.
        public var caseLines: [String] {
            Case.allCases.compactMap { kind in
                guard let c = byCase[kind], c.truth + c.falsePairs > 0 || kind == .feeDecoy || kind == .refundToOtherCard else { return nil }
                return "\(kind.rawValue): truth \(c.truth), correct \(c.correct), held \(c.heldForReview), missed \(c.misses), false pairs \(c.falsePairs)"
            }
        }

        /// The confidence from which the import confirms a pair without asking (MyMoneyKit's default).
        public static let confirmThreshold = 0.7

        static func percent(_ x: Double) -> String {
            let tenths = Int((x * 1000).rounded())
            return "\(tenths / 10).\(tenths % 10)%"
        }
    }

    /// Scores `result` (a match over ``transactions``, by position) against the known transfers.
    /// A pair of legs from one group of identical transfers counts as right whichever legs it joins.
    public func score(_ result: TransferMatchResult) -> Score {
        score(proposed: result.proposed, ambiguous: result.ambiguous)
    }

    /// Scores proposed pairs and close calls given by their legs' transaction positions or ids.
    /// Interchangeable legs (same account, day, amount and texts) count as one: a pair that joins
    /// an identical copy of a transfer's leg is right.
    public func score(proposed: [TransferPair], ambiguous: [TransferAmbiguity]) -> Score {
        // Each leg's class: the first leg with the same account, day, amount and texts.
        var classOf: [Int: Int] = [:]
        var firstOf: [LegSignature: Int] = [:]
        for t in truth {
            for leg in [t.from, t.to] where classOf[leg] == nil {
                let signature = LegSignature(transactions[leg])
                if let first = firstOf[signature] { classOf[leg] = first } else { firstOf[signature] = leg; classOf[leg] = leg }
            }
        }
        func classKey(_ a: Int, _ b: Int) -> Int64 { SyntheticTransferLedger.key(classOf[a] ?? a, classOf[b] ?? b) }
        var open: [Int64: [Int]] = [:]
        for (n, t) in truth.enumerated() { open[classKey(t.from, t.to), default: []].append(n) }
        for key in open.keys { open[key]?.reverse() }
        var score = Score()
        func bump(_ kind: Case, _ change: (inout Score.Counts) -> Void) {
            change(&score.all)
            change(&score.byCase[kind, default: Score.Counts()])
        }
        for t in truth { bump(t.kind) { $0.truth += 1 } }
        var found = Set<Int>()
        for pair in proposed {
            guard let a = position(pair.from), let b = position(pair.to) else { continue }
            let confident = pair.confidence >= Score.confirmThreshold
            let key = classKey(a, b)
            if classOf[a] != nil, classOf[b] != nil, let n = open[key]?.popLast() {
                found.insert(n)
                bump(truth[n].kind) { $0.correct += 1; if confident { $0.confident += 1 } }
            } else {
                let kind = caseOfLeg[a] ?? caseOfLeg[b] ?? .ordinary
                bump(kind) { $0.falsePairs += 1; if confident { $0.confident += 1; $0.confidentFalse += 1 } }
            }
        }
        for ambiguity in ambiguous {
            let legs = Set(ambiguity.legs.compactMap(position))
            for (n, t) in truth.enumerated() where !found.contains(n) && legs.contains(t.from) && legs.contains(t.to) {
                found.insert(n)
                bump(t.kind) { $0.heldForReview += 1 }
            }
        }
        return score
    }

    /// What makes two legs interchangeable.
    struct LegSignature: Hashable {
        var account: Int64, day: Day, amount: Amount, payee: String?, memo: String?, type: String?, hint: String?
        init(_ t: LedgerTransaction) {
            account = t.accountId; day = t.day; amount = t.amount; payee = t.payee; memo = t.memo; type = t.bankType; hint = t.transferHint
        }
    }

    /// The input a second `transfers match` over the ledger gets once the first run's proposals
    /// are stored: the same transactions, the stored pairs as links (their legs still compete).
    public func secondRunInput(after first: TransferMatchResult, withRates: Bool = true) -> TransferMatchInput {
        let links = first.proposed.compactMap { pair -> TransferLink? in
            guard let a = pair.from.transactionId, let b = pair.to.transactionId else { return nil }
            return TransferLink(fromId: a, toId: b)
        }
        return TransferMatchInput(transactions: transactions, accounts: accounts, rates: withRates ? rates : [], linked: links)
    }

    /// The input the Kit gave a second run before links were an input: the stored pairs' legs left out.
    public func secondRunInputExcludingLinkedLegs(after first: TransferMatchResult, withRates: Bool = true) -> TransferMatchInput {
        var excluded = Set<Int64>()
        for pair in first.proposed {
            for id in [pair.from.transactionId, pair.to.transactionId] { if let id { excluded.insert(id) } }
        }
        return TransferMatchInput(transactions: transactions, accounts: accounts, rates: withRates ? rates : [],
                                  excludedTransactionIds: excluded)
    }

    /// A leg's position in ``transactions``: its index, else its id − 1.
    private func position(_ leg: TransferLeg) -> Int? {
        if let index = leg.transactionIndex { return index }
        if let id = leg.transactionId, id >= 1, Int(id) <= transactions.count { return Int(id) - 1 }
        return nil
    }

    static func key(_ a: Int, _ b: Int) -> Int64 { Int64(a) << 32 | Int64(b) }
}

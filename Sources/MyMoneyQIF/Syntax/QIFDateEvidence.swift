/// Everything the dates of one file say about their day/month order, gathered in one pass.
///
/// GnuCash's approach: start with every order, drop those under which a date is invalid, and
/// only ask the user when the remaining orders would give different days.
struct QIFDateEvidence {
    /// A date as written and where, for messages.
    struct Example {
        var text: String
        var position: SourcePosition
        var line: Int { position.line }
    }

    /// Orders every readable date so far is valid under.
    private(set) var remaining: UInt8 = QIFDateText.allOrders
    /// Pairs of orders (bits as in ``QIFDateText/conflictingPairs``) some date reads differently under.
    private(set) var conflicts: UInt8 = 0
    /// The first date that ruled each order out (index: ymd 0, dmy 1, mdy 2).
    private(set) var excludedBy: [Example?] = [nil, nil, nil]
    /// The first date showing each conflicting pair.
    private(set) var conflictExamples: [Example?] = [nil, nil, nil]
    private(set) var count = 0

    /// Counts a date whose text was added before: the same text says nothing new about the order.
    mutating func addRepeated() {
        count += 1
    }

    mutating func add(_ date: QIFDateText, text: @autoclosure () -> String, position: @autoclosure () -> SourcePosition) {
        count += 1
        guard date.isNumeric else { return }
        let valid = date.validOrders
        guard valid != 0 else { return }
        let dropped = remaining & ~valid
        if dropped != 0 {
            for (index, order) in DayOrder.allCases.enumerated() where dropped & QIFDateText.bit(order) != 0 && excludedBy[index] == nil {
                excludedBy[index] = Example(text: text(), position: position())
            }
        }
        remaining &= valid
        let pairs = date.conflictingPairs
        let fresh = pairs & ~conflicts
        if fresh != 0 {
            for bit in 0..<3 where fresh & (1 << bit) != 0 { conflictExamples[bit] = Example(text: text(), position: position()) }
            conflicts |= fresh
        }
    }

    /// The outcome of the evidence.
    enum Decision: Equatable {
        case order(DayOrder)
        /// Several orders fit every date and give different days.
        case ambiguous([DayOrder], examples: [Example])
        /// No order fits every date.
        case contradictory(examples: [(DayOrder, Example)])

        static func == (lhs: Decision, rhs: Decision) -> Bool {
            switch (lhs, rhs) {
            case (.order(let a), .order(let b)): return a == b
            case (.ambiguous(let a, _), .ambiguous(let b, _)): return a == b
            case (.contradictory, .contradictory): return true
            default: return false
            }
        }
    }

    /// Decides the file's order. Orders are preferred m/d/y (Quicken's own), then d/m/y, then y/m/d
    /// when several give the same days.
    func decide() -> Decision {
        let orders = DayOrder.allCases.filter { remaining & QIFDateText.bit($0) != 0 }
        if orders.isEmpty {
            var examples: [(DayOrder, Example)] = []
            for (index, order) in DayOrder.allCases.enumerated() where order != .yearMonthDay {
                if let example = excludedBy[index] { examples.append((order, example)) }
            }
            return .contradictory(examples: examples)
        }
        let preference: [DayOrder] = [.monthDayYear, .dayMonthYear, .yearMonthDay]
        let ranked = preference.filter(orders.contains)
        // Pairs among the remaining orders that give different days.
        var examples: [Example] = []
        let pairs: [(DayOrder, DayOrder)] = [(.yearMonthDay, .dayMonthYear), (.yearMonthDay, .monthDayYear), (.dayMonthYear, .monthDayYear)]
        for (bit, pair) in pairs.enumerated() where orders.contains(pair.0) && orders.contains(pair.1) && conflicts & (1 << bit) != 0 {
            if let example = conflictExamples[bit], !examples.contains(where: { $0.line == example.line }) {
                examples.append(example)
            }
        }
        if examples.isEmpty, let first = ranked.first { return .order(first) }
        return .ambiguous(ranked, examples: examples)
    }
}

/// What the ledger knows about exchange rates: every rate, and per currency pair the first and
/// last day it covers.
///
/// Rates from files are listed as written; a confirmed cross-currency transfer is listed as the
/// rate it implies (what arrived over what left, to 10 decimals: the exact amounts are in
/// ``Entry/amounts``).
public struct RateListing: Sendable {
    public struct Entry: Sendable, Hashable {
        public var rate: StoredRate
        /// For a transfer: what left and what arrived.
        public var amounts: (sent: Amount, received: Amount)?

        public static func == (a: Entry, b: Entry) -> Bool { a.rate == b.rate && a.amounts?.sent == b.amounts?.sent && a.amounts?.received == b.amounts?.received }
        public func hash(into hasher: inout Hasher) { hasher.combine(rate) }
    }

    /// One currency pair (as quoted): its first and last day and how many rates.
    public struct Coverage: Sendable, Hashable {
        public var from: Currency
        public var to: Currency
        public var first: Day
        public var last: Day
        public var count: Int
        public var sources: [StoredRate.Source]
    }

    /// By pair (from, to), then day.
    public var entries: [Entry]
    public var coverage: [Coverage]

    /// - Parameters:
    ///   - from, to: only rates between these currencies (either direction); nil for any.
    public init(rates: [StoredRate], transfers: [TransferLegAmount], from: Currency? = nil, to: Currency? = nil) {
        var entries = rates.map { Entry(rate: $0, amounts: nil) }
        for leg in transfers {
            guard let other = leg.other, other.confirmed, leg.amount.isNegative, other.currency != leg.currency,
                  let sent = try? leg.amount.magnitude(),
                  let rate = RateFactor(other.amount, over: sent).decimal(digits: 10) else { continue }
            entries.append(Entry(rate: StoredRate(id: leg.transactionId, day: leg.day, from: leg.currency, to: other.currency,
                                                  rate: rate, source: .transfer),
                                 amounts: (sent, other.amount)))
        }
        entries = entries.filter { e in
            let pair = [e.rate.from, e.rate.to]
            return (from.map { pair.contains($0) } ?? true) && (to.map { pair.contains($0) } ?? true)
        }
        entries.sort { a, b in
            (a.rate.from.code, a.rate.to.code, a.rate.day, a.rate.source.rawValue) < (b.rate.from.code, b.rate.to.code, b.rate.day, b.rate.source.rawValue)
        }
        self.entries = entries
        var coverage: [Coverage] = []
        for e in entries {
            if var last = coverage.last, last.from == e.rate.from, last.to == e.rate.to {
                last.last = max(last.last, e.rate.day)
                last.count += 1
                if !last.sources.contains(e.rate.source) { last.sources.append(e.rate.source) }
                coverage[coverage.count - 1] = last
            } else {
                coverage.append(Coverage(from: e.rate.from, to: e.rate.to, first: e.rate.day, last: e.rate.day, count: 1,
                                         sources: [e.rate.source]))
            }
        }
        self.coverage = coverage
    }

    /// `{"rates":[{"date","from","to","rate","source",…}],"coverage":[{"from","to","first","last","count","sources"}]}`.
    public func renderJSON() -> String {
        JSONValue.object([
            ("rates", .array(entries.map { e in
                var members: [(String, JSONValue)] = [
                    ("date", ReportJSON.day(e.rate.day)), ("from", .string(e.rate.from.code)), ("to", .string(e.rate.to.code)),
                    ("rate", ReportJSON.amount(e.rate.rate)), ("source", .string(e.rate.source.rawValue)),
                    ("file", .optional(e.rate.file)),
                ]
                if let amounts = e.amounts {
                    members.append(("amounts", .object([("sent", ReportJSON.amount(amounts.sent)), ("received", ReportJSON.amount(amounts.received))])))
                }
                return .object(members)
            })),
            ("coverage", .array(coverage.map { c in
                .object([("from", .string(c.from.code)), ("to", .string(c.to.code)), ("first", ReportJSON.day(c.first)),
                         ("last", ReportJSON.day(c.last)), ("count", .int(c.count)),
                         ("sources", .array(c.sources.map { .string($0.rawValue) }))])
            })),
        ]).serialized()
    }

    /// Coverage per pair; with `showRates`, every rate too.
    public func renderTable(showRates: Bool) -> String {
        guard !entries.isEmpty else {
            return "no exchange rates yet: import some with 'mymoney rates import FILE…' (the ECB's eurofxref-hist.csv, hledger P directives, beancount prices or date,from,to,rate lines)"
        }
        var table = TextTable(["from", "to", "first", "last", "rates", "sources"], alignments: [.left, .left, .left, .left, .right, .left])
        for c in coverage {
            table.add([c.from.code, c.to.code, c.first.description, c.last.description, String(c.count),
                       c.sources.map(\.rawValue).joined(separator: ", ")])
        }
        var lines = [table.render()]
        if showRates {
            var rates = TextTable(["date", "from", "to", "rate", "source"], alignments: [.left, .left, .left, .right, .left])
            for e in entries {
                rates.add([e.rate.day.description, e.rate.from.code, e.rate.to.code, e.rate.rate.description,
                           e.rate.source.rawValue + (e.amounts.map { " (\($0.sent) → \($0.received))" } ?? "")])
            }
            lines.append("")
            lines.append(rates.render())
        }
        return lines.joined(separator: "\n")
    }
}

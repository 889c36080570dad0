/// The rate a conversion used, and where it came from: one rate as quoted or inverted, or two
/// through a common currency.
public struct AppliedRate: Sendable, Hashable {
    /// One rate used: the pair as the source gave it, its day and source, and whether it was inverted.
    public struct Step: Sendable, Hashable {
        public var from: Currency
        public var to: Currency
        public var day: Day
        public var source: StoredRate.Source
        /// The source quoted `to → from`; this step used its inverse.
        public var inverted: Bool
    }

    public var factor: RateFactor
    /// One step, or two through a common currency.
    public var steps: [Step]

    /// Same currency: nothing to convert.
    public static let identity = AppliedRate(factor: .one, steps: [])

    /// `ecb 2026-10-05`, `inverse of hledger 2026-10-01`, `csv 2026-10-05 via USD, then ecb 2026-10-05`.
    public var explanation: String {
        guard !steps.isEmpty else { return "same currency" }
        return steps.enumerated().map { index, step in
            let base = "\(step.inverted ? "inverse of " : "")\(step.source.rawValue) \(step.from.code)→\(step.to.code) \(step.day)"
            // The common currency is where the first step arrives: its `to`, or its `from` when inverted.
            return index == 0 && steps.count > 1 ? base + " via \((step.inverted ? step.from : step.to).code)" : base
        }.joined(separator: ", then ")
    }
}

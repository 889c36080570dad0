/// Two legs of one movement of money between the user's own accounts, with what it cost.
///
/// The lead sets both legs' type to `.transfer`, so they count neither as income nor as expense.
public struct TransferPair: Sendable, Hashable, Codable {
    /// Whether the matcher proposes the pair or the user confirmed it earlier.
    public enum Status: String, Sendable, Hashable, Codable {
        /// Found by this match; the lead stores it.
        case proposed
        /// Given in ``TransferMatchInput/confirmed`` and passed through unchanged.
        case confirmed
        /// One of several close candidates for the same leg; see ``TransferAmbiguity``.
        case ambiguous
    }

    /// The sending leg (negative amount).
    public var from: TransferLeg
    /// The receiving leg (positive amount).
    public var to: TransferLeg
    /// Units of `to.currency` received per unit of `from.currency` sent (`1.1364`); nil when
    /// both legs share a currency.
    public var rate: Amount?
    /// What the move cost in `from.currency`: the difference between the legs, or a separate fee line.
    public var fee: Amount?
    /// The separate fee line in the sending account, when the fee was booked apart.
    public var feeLeg: TransferLeg?
    /// 0…1; pairs are proposed from ``TransferMatchOptions/threshold`` up.
    public var confidence: Double
    /// Why, in words: `same amount 500.00 EUR`, `1 day apart`, `memo mentions Tagesgeld`.
    public var reasons: [String]
    public var status: Status

    public init(from: TransferLeg, to: TransferLeg, rate: Amount? = nil, fee: Amount? = nil, feeLeg: TransferLeg? = nil,
                confidence: Double, reasons: [String] = [], status: Status = .proposed) {
        self.from = from
        self.to = to
        self.rate = rate
        self.fee = fee
        self.feeLeg = feeLeg
        self.confidence = confidence
        self.reasons = reasons
        self.status = status
    }

    /// A pair the user confirmed, rebuilt from its stored legs: the rate and the fee (by
    /// difference, or the fee line's amount) are computed from the amounts.
    public static func confirmed(from: LedgerTransaction, fromAccount: Account, to: LedgerTransaction, toAccount: Account,
                                 feeLine: LedgerTransaction? = nil) -> TransferPair {
        var pair = TransferPair(from: TransferLeg(from, account: fromAccount), to: TransferLeg(to, account: toAccount),
                                confidence: 1, reasons: ["confirmed by the user"], status: .confirmed)
        let sent = (try? from.amount.magnitude()) ?? from.amount
        let received = (try? to.amount.magnitude()) ?? to.amount
        if from.currency != to.currency {
            pair.rate = TransferPair.displayRate(received: received, sent: sent)
        } else if let difference = try? sent - received, difference.isPositive {
            pair.fee = difference
        }
        if let feeLine {
            pair.feeLeg = TransferLeg(feeLine, account: fromAccount)
            pair.fee = try? feeLine.amount.magnitude()
        }
        return pair
    }

    /// Amount sent, positive, in `from.currency`.
    public var sentAmount: Amount { (try? from.amount.magnitude()) ?? from.amount }
    /// Amount received, positive, in `to.currency`.
    public var receivedAmount: Amount { (try? to.amount.magnitude()) ?? to.amount }

    /// `received / sent` with 4 digits after the mark, more for rates below 1 so that 5 significant
    /// digits remain (`1.1364`, `0.0062512`).
    public static func displayRate(received: Amount, sent: Amount) -> Amount? {
        guard !sent.isZero else { return nil }
        var scale = 4
        while scale < 10 {
            guard let rate = try? received.divided(by: sent, scale: scale) else { return nil }
            if rate.units.magnitude >= 10_000 { return rate }
            scale += 1
        }
        return try? received.divided(by: sent, scale: scale)
    }
}

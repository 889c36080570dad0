import MyMoneyStore

/// The rate and fee of a transfer between two stored legs, given or worked out from their amounts.
enum TransferTerms {
    /// Decimals a rate worked out from two amounts keeps when the division does not end sooner.
    static let rateDecimals = 12

    /// `received / sent`: exact when the quotient ends within ``rateDecimals`` digits after the
    /// mark (`110 / 100` is `1.1`), otherwise rounded half away from zero to that many (`100 / 88`
    /// is `1.136363636364`); nil when `sent` is zero or the quotient does not fit.
    static func rate(received: Amount, sent: Amount) -> Amount? {
        guard !sent.isZero else { return nil }
        for scale in 0...rateDecimals {
            guard let quotient = try? received.divided(by: sent, scale: scale) else { return nil }
            if let back = try? quotient * sent, back == received { return quotient }
        }
        return try? received.divided(by: sent, scale: rateDecimals)
    }

    /// The rate and fee of a link from `from` (leaving, negative) to `to` (arriving), with what
    /// the user gave; problems are recorded for given values the legs contradict.
    ///
    /// In one currency there is no rate, and the fee is what left beyond what arrived (a given
    /// fee must be that difference). Across currencies the fee is what the user gives (none
    /// otherwise) and the rate is what arrived per unit of what left less the fee, unless given.
    static func terms(from: LedgerTransaction, to: LedgerTransaction, rate: Amount?, fee: Amount?,
                      problems: inout FieldProblems) -> (rate: Amount?, fee: Amount?) {
        guard let sent = try? from.amount.magnitude(), let received = try? to.amount.magnitude() else { return (rate, fee) }
        if let fee, fee.isNegative { problems.add("fee", "fee should not be negative, not \(fee)") }
        if let rate, !rate.isPositive { problems.add("rate", "rate should be more than zero, not \(rate)") }
        if from.currency == to.currency {
            if let rate, rate != Amount(units: 1) {
                problems.add("rate", "both legs are in \(from.currency.code): the rate is 1, not \(rate)")
            }
            let difference = (try? sent - received) ?? .zero
            if let fee, fee != difference, !fee.isNegative {
                problems.add("fee", "the legs differ by \(difference.atMinorUnits(of: from.currency)) \(from.currency.code), not the fee \(fee)")
            }
            return (nil, difference.isPositive ? difference.atMinorUnits(of: from.currency) : nil)
        }
        let converted = (try? sent - (fee ?? .zero)) ?? sent
        if !converted.isPositive { problems.add("fee", "the fee \(fee ?? .zero) is not less than what left (\(sent))") }
        let worked = rate ?? (converted.isPositive ? self.rate(received: received, sent: converted) : nil)
        return (worked, fee.flatMap { $0.isZero ? nil : $0.atMinorUnits(of: from.currency) })
    }
}

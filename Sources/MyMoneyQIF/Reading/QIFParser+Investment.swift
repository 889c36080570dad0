@_spi(Speed) import MyMoneyCore

extension QIFParser {
    /// The cash an investment record moves in this account, with its fields kept in `extra`.
    ///
    /// The total is `U` or `T`, else price × quantity ± commission. The action gives the direction
    /// (``QIFInvestmentAction``); an action we do not know keeps the amount's sign and is reported.
    mutating func investmentCash(_ extra: inout [StatementField], first: QIFLine) -> Amount? {
        let action = text(record.number) ?? ""
        if !action.isEmpty { extra.append(StatementField("qif.action", action)) }
        if let y = text(record.security) { extra.append(StatementField("qif.security", y)) }
        if let i = text(record.price) { extra.append(StatementField("qif.price", i)) }
        if let q = text(record.quantity) { extra.append(StatementField("qif.quantity", q)) }
        if let o = text(record.commission) { extra.append(StatementField("qif.commission", o)) }
        if let t = text(record.amountU ?? record.amountT) { extra.append(StatementField("qif.total", t)) }
        if let d = text(record.transferAmount) { extra.append(StatementField("qif.transferAmount", d)) }

        var effect = QIFInvestmentAction.cashEffect(of: action)
        if effect == nil {
            diagnostics.append(.warning("qif.investment.action",
                "unknown investment action \"\(action)\"; the amount is read with its own sign",
                file: file, at: valuePosition(record.number ?? first)))
            effect = .asWritten
        }
        var total: Amount?
        if let line = record.amountU ?? record.amountT {
            guard let value = readAmount(line) else { return nil }
            total = value
        } else if let price = record.price, let quantity = record.quantity,
                  let p = try? content.amount(price, decimalMark: decimalMark),
                  let q = try? content.amount(quantity, decimalMark: decimalMark),
                  var gross = try? (p * q).magnitude() {
            if let line = record.commission, let fee = try? content.amount(line, decimalMark: decimalMark) {
                gross = (try? (effect == .outflow ? gross + fee.magnitude() : gross - fee.magnitude())) ?? gross
            }
            total = gross
        }
        guard let total else { return .zero }
        switch effect ?? .asWritten {
        case .asWritten: return total
        case .none: return .zero
        case .inflow: return (try? total.magnitude()) ?? total
        case .outflow: return (try? -(total.magnitude())) ?? total
        }
    }
}

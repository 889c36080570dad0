import MyMoneyCore
import MyMoneyTransfers

/// The JSON and tables of `mymoney transfers`: stored transfers, the matcher's pairs, close calls
/// (with both transactions' ids, for `transfers link`) and hints without a counterpart.
///
/// Amounts are exact decimal strings at their currency's minor units; `rate` is `"1"` within one
/// currency; `fee` is an amount in the leaving currency, `"0.00"` when there is none (never null).
public enum TransferRendering {
    public static func leg(_ leg: Transfer.Leg) -> JSONValue {
        let t = leg.transaction
        return .object([("account", .string(leg.accountName)), ("date", .string(t.day.description)),
                        ("amount", .string(t.amount.atMinorUnits(of: t.currency).description)), ("currency", .string(t.currency.code)),
                        ("transaction_id", .number(String(t.id ?? 0))), ("payee", .optional(t.payee))])
    }

    public static func leg(_ leg: TransferLeg) -> JSONValue {
        .object([("account", .string(leg.accountName)), ("date", .string(leg.day.description)),
                 ("amount", .string(leg.amount.atMinorUnits(of: leg.currency).description)), ("currency", .string(leg.currency.code)),
                 ("transaction_id", leg.transactionId.map { .number(String($0)) } ?? .null), ("payee", .optional(leg.payee))])
    }

    public static func fee(_ fee: Amount?, _ currency: Currency) -> [(String, JSONValue)] {
        [("fee", .string((fee ?? .zero).atMinorUnits(of: currency).description)), ("fee_currency", .string(currency.code))]
    }

    /// A stored transfer.
    public static func transfer(_ r: Transfer) -> JSONValue {
        .object([("id", .number(String(r.id))), ("from", leg(r.from)), ("to", leg(r.to)),
                 ("rate", .string(r.rate?.description ?? "1"))] + fee(r.fee, r.from.transaction.currency) + [
                 ("confidence", .number(confidenceText(r.confidence))), ("status", .string(r.status.rawValue)),
                 ("reasons", .array(r.reasons.map(JSONValue.string)))])
    }

    /// A pair the matcher found or a close call's candidate.
    public static func pair(_ p: TransferPair) -> JSONValue {
        .object([("from", leg(p.from)), ("to", leg(p.to)), ("rate", .string(p.rate?.description ?? "1"))]
                + fee(p.fee, p.from.currency) + [
                ("confidence", .number(confidenceText(p.confidence))), ("status", .string(p.status.rawValue)),
                ("reasons", .array(p.reasons.map(JSONValue.string)))])
    }

    public static func ambiguity(_ a: TransferAmbiguity) -> JSONValue {
        .object([("legs", .array(a.legs.map(leg))), ("candidates", .array(a.candidates.map(pair))),
                 ("reasons", .array(a.reasons.map(JSONValue.string)))])
    }

    public static func hint(_ h: UnpairedTransferHint) -> JSONValue {
        .object([("leg", leg(h.leg)), ("hint", .string(h.hint)), ("account", .optional(h.accountName)),
                 ("needs_counter_leg", .bool(h.needsCounterLeg)), ("message", .string(h.message)),
                 ("reasons", .array(h.reasons.map(JSONValue.string)))])
    }

    public static func action(_ action: String, _ transfer: Transfer) -> JSONValue {
        .object([("action", .string(action)), ("transfer", TransferRendering.transfer(transfer))])
    }

    /// Stored transfers as a table: id, both legs, rate, fee, confidence, status.
    public static func table(_ transfers: [Transfer]) -> String {
        var table = TextTable(tableHeaders, alignments: tableAlignments)
        for r in transfers { table.add(cells(r)) }
        return table.render()
    }

    /// The table of ``table(_:)`` written as it goes (``StreamingTextTable``: its lines for up
    /// to 1,000 transfers; past them a wider cell widens its column): add ``cells(_:)`` of each.
    public static func streamingTable(lines: @escaping (String) -> Void) -> StreamingTextTable {
        StreamingTextTable(tableHeaders, alignments: tableAlignments, lines: lines)
    }

    static let tableHeaders = ["id", "from", "", "", "to", "", "", "rate", "fee", "conf.", "status"]
    static let tableAlignments: [TextTable.Alignment] = [.right, .left, .left, .right, .left, .left, .right, .right, .right, .right, .left]

    /// One transfer's row of the table.
    public static func cells(_ r: Transfer) -> [String] {
        let from = r.from.transaction, to = r.to.transaction
        return [String(r.id), from.day.description, r.from.accountName, from.amount.shown(in: from.currency),
                to.day.description, r.to.accountName, to.amount.shown(in: to.currency),
                r.rate?.description ?? "-", r.fee.map { $0.shown(in: from.currency) } ?? "-", confidenceText(r.confidence),
                r.status.rawValue]
    }

    /// Close calls, numbered, each candidate with both transactions' ids and the command that
    /// links it, then each candidate's reasons and why the call is left to the user.
    public static func closeCalls(_ ambiguous: [TransferAmbiguity]) -> String {
        var lines = ["Close calls, left for you to decide (\(ambiguous.count)): link the right pair with 'mymoney transfers link FROM_TX TO_TX'"]
        for (number, call) in ambiguous.enumerated() {
            lines.append("\(number + 1). \(counted(call.candidates.count, "candidate")):")
            var table = TextTable(["from", "", "", "", "to", "", "", "", "conf.", "to link them"],
                                  alignments: [.right, .left, .left, .right, .right, .left, .left, .right, .right, .left])
            for pair in call.candidates {
                let from = pair.from, to = pair.to
                table.add(["#\(from.transactionId ?? 0)", from.day.description, from.accountName, from.amount.shown(in: from.currency),
                           "#\(to.transactionId ?? 0)", to.day.description, to.accountName, to.amount.shown(in: to.currency),
                           confidenceText(pair.confidence),
                           "mymoney transfers link \(from.transactionId ?? 0) \(to.transactionId ?? 0)"])
            }
            lines += table.render().split(separator: "\n").map { "   " + $0 }
            for pair in call.candidates where !pair.reasons.isEmpty {
                lines.append("   #\(pair.from.transactionId ?? 0) → #\(pair.to.transactionId ?? 0): " + pair.reasons.joined(separator: " · "))
            }
            if !call.reasons.isEmpty { lines.append("   why: " + call.reasons.joined(separator: " · ")) }
        }
        return lines.joined(separator: "\n")
    }

    /// Hints without a counterpart, one per line.
    public static func hints(_ hints: [UnpairedTransferHint]) -> String {
        (["Hints without a counterpart (\(hints.count)):"] + hints.map { hint in
            (hint.needsCounterLeg ? "  needs counter-leg: " : "  unpaired: ") + "#\(hint.leg.transactionId ?? 0) " + hint.message
                + (hint.reasons.isEmpty ? "" : "\n    why: " + hint.reasons.joined(separator: " · "))
        }).joined(separator: "\n")
    }

    /// A confidence with two digits after the point (`0.72`).
    public static func confidenceText(_ value: Double) -> String {
        let hundredths = Int((max(0, min(1, value)) * 100).rounded())
        let fraction = hundredths % 100
        return String(hundredths / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }
}

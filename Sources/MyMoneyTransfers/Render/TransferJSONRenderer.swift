import Foundation

/// Renders transfers as the JSON of `mymoney transfers --format json` (see DESIGN.md):
///
/// ```json
/// {"transfers":[{"from":{"account":"Girokonto","date":"2026-10-05","amount":"-88.00","currency":"EUR"},
///                "to":{"account":"US Checking","date":"2026-10-07","amount":"100.00","currency":"USD"},
///                "rate":"1.1364","fee":"0.00","fee_currency":"EUR","confidence":0.72,"status":"proposed",
///                "reasons":["…"]}],
///  "ambiguous":[{"legs":[…],"candidates":[…],"reasons":["…"],"transaction_ids":[41,42,57]}],
///  "unpaired_hints":[{"leg":{…},"hint":"Wallet","account":"Wallet","needs_counter_leg":true,"message":"…","reasons":["…"]}]}
/// ```
/// Amounts and rates are strings holding exact decimals; leg amounts are signed as each account
/// sees them (the sending leg negative). `rate` is `"1"` within one currency; `fee` is an amount
/// string, `"0.00"` when there is none, never null. A close call lists the ids of all its legs'
/// transactions (stored ones) in `transaction_ids`, and each candidate's legs carry theirs.
/// Keys are sorted, so the output is byte-for-byte stable.
public enum TransferJSONRenderer {
    public static func render(_ result: TransferMatchResult, pretty: Bool = true) -> String {
        render(pairs: result.pairs, ambiguous: result.ambiguous, unpairedHints: result.unpairedHints, pretty: pretty)
    }

    /// Renders stored pairs alone (`mymoney transfers`), with empty review sections.
    public static func render(pairs: [TransferPair], ambiguous: [TransferAmbiguity] = [],
                              unpairedHints: [UnpairedTransferHint] = [], pretty: Bool = true) -> String {
        let document = Document(transfers: pairs.map(Transfer.init),
                                ambiguous: ambiguous.map(Ambiguity.init),
                                unpaired_hints: unpairedHints.map(Hint.init))
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{\"transfers\":[]}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var transfers: [Transfer]
        var ambiguous: [Ambiguity]
        var unpaired_hints: [Hint]
    }

    private struct Leg: Encodable {
        var account: String
        var date: String
        var amount: String
        var currency: String
        var transaction_id: Int64?
        var payee: String?
        var memo: String?

        init(_ leg: TransferLeg) {
            account = leg.accountName
            date = leg.day.description
            amount = leg.amount.description
            currency = leg.currency.code
            transaction_id = leg.transactionId
            payee = leg.payee
            memo = leg.memo
        }
    }

    private struct Transfer: Encodable {
        var from: Leg
        var to: Leg
        var rate: String
        var fee: String
        var fee_currency: String
        var fee_line: Leg?
        var confidence: Double
        var status: String
        var reasons: [String]

        init(_ pair: TransferPair) {
            from = Leg(pair.from)
            to = Leg(pair.to)
            rate = pair.rate?.description ?? "1"
            fee = (pair.fee ?? Amount(units: 0, scale: pair.from.currency.minorUnits ?? 2)).description
            fee_currency = pair.from.currency.code
            fee_line = pair.feeLeg.map(Leg.init)
            confidence = (pair.confidence * 100).rounded() / 100
            status = pair.status.rawValue
            reasons = pair.reasons
        }
    }

    private struct Ambiguity: Encodable {
        var legs: [Leg]
        var candidates: [Transfer]
        var reasons: [String]
        var transaction_ids: [Int64]

        init(_ ambiguity: TransferAmbiguity) {
            legs = ambiguity.legs.map(Leg.init)
            candidates = ambiguity.candidates.map(Transfer.init)
            reasons = ambiguity.reasons
            transaction_ids = ambiguity.legs.compactMap(\.transactionId)
        }
    }

    private struct Hint: Encodable {
        var leg: Leg
        var hint: String
        var account: String?
        var needs_counter_leg: Bool
        var message: String
        var reasons: [String]

        init(_ hint: UnpairedTransferHint) {
            leg = Leg(hint.leg)
            self.hint = hint.hint
            account = hint.accountName
            needs_counter_leg = hint.needsCounterLeg
            message = hint.message
            reasons = hint.reasons
        }
    }
}

/// Renders transfers as a table for people, with the reasons under each pair and sections for
/// close calls and hints without a counterpart.
///
/// ```
/// from                               to                                    rate    fee  conf.  status
/// 2026-10-05 Girokonto   -88.00 EUR  2026-10-07 US Checking  100.00 USD  1.1364      -   0.72  proposed
///     rate 1.1364, no reference rate for EUR→USD · 2 days apart · …
/// ```
public enum TransferTableRenderer {
    public static func render(_ result: TransferMatchResult, reasons: Bool = true) -> String {
        var out = render(pairs: result.pairs, reasons: reasons)
        if !result.ambiguous.isEmpty {
            out += "\nClose calls, left for you to decide (\(result.ambiguous.count)):\n"
            for (number, ambiguity) in result.ambiguous.enumerated() {
                out += "\(number + 1). candidates:\n"
                out += indent(render(pairs: ambiguity.candidates, reasons: reasons), by: "   ")
                if reasons, !ambiguity.reasons.isEmpty { out += "   why: " + ambiguity.reasons.joined(separator: " · ") + "\n" }
            }
        }
        if !result.unpairedHints.isEmpty {
            out += "\nHints without a counterpart (\(result.unpairedHints.count)):\n"
            for hint in result.unpairedHints {
                out += (hint.needsCounterLeg ? "  needs counter-leg: " : "  unpaired: ") + hint.message + "\n"
                if reasons, !hint.reasons.isEmpty { out += "      " + hint.reasons.joined(separator: " · ") + "\n" }
            }
        }
        return out
    }

    /// The pairs alone (`mymoney transfers`).
    public static func render(pairs: [TransferPair], reasons: Bool = true) -> String {
        guard !pairs.isEmpty else { return "No transfers.\n" }
        func leg(_ l: TransferLeg) -> [String] { [l.day.description, l.accountName, "\(l.amount) \(l.currency.code)"] }
        var rows: [[String]] = [["from", "", "", "to", "", "", "rate", "fee", "conf.", "status"]]
        for pair in pairs {
            rows.append(leg(pair.from) + leg(pair.to) + [
                pair.rate?.description ?? "-",
                pair.fee.map { "\($0) \(pair.from.currency.code)" } ?? "-",
                confidenceText(pair.confidence),
                pair.status.rawValue,
            ])
        }
        let columns = rows[0].count
        var widths = Array(repeating: 0, count: columns)
        for row in rows { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.count) } }
        let rightAligned: Set<Int> = [2, 5, 6, 7, 8]
        var out = ""
        for (r, row) in rows.enumerated() {
            var line = ""
            for (c, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                if r == 0 && c % 3 == 0 && c < 6 {
                    // "from" / "to" headings span their three columns.
                    let span = widths[c] + widths[c + 1] + widths[c + 2] + 4
                    line += cell + String(repeating: " ", count: max(0, span - cell.count)) + "  "
                    continue
                }
                if r == 0 && c < 6 { continue }
                line += (rightAligned.contains(c) && r > 0 ? pad + cell : cell + pad) + (c + 1 < columns ? "  " : "")
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
            if r > 0, reasons, !pairs[r - 1].reasons.isEmpty {
                out += "    " + pairs[r - 1].reasons.joined(separator: " · ") + "\n"
            }
        }
        return out
    }

    private static func indent(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : prefix + $0 }
            .joined(separator: "\n")
    }
}

/// A confidence with two digits after the point (`0.72`), without Foundation's format strings.
func confidenceText(_ value: Double) -> String {
    let hundredths = Int((max(0, min(1, value)) * 100).rounded())
    let fraction = hundredths % 100
    return String(hundredths / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
}

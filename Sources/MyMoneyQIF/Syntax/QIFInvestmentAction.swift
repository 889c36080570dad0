import Foundation

/// How an investment action (`!Type:Invst` `N` line) moves the account's cash.
///
/// Quicken writes investment amounts unsigned; the action gives the direction. An `X` suffix means
/// the cash goes to or comes from the account in `L` directly, so this account's cash does not move
/// (except for `XIn`/`XOut`/`ContribX`/`WithDrwX`, which are the transfers themselves).
enum QIFInvestmentAction {
    enum CashEffect: Equatable {
        /// Cash arrives (a sale, a dividend): the amount is positive.
        case inflow
        /// Cash leaves (a purchase, a fee): the amount is negative.
        case outflow
        /// No cash moves in this account (share moves, reinvestments, X actions).
        case none
        /// The amount's own sign (`Cash`, no action).
        case asWritten
    }

    /// The effect of an action, any case; nil for an action we do not know.
    static func cashEffect(of action: String) -> CashEffect? {
        let a = action.lowercased().trimmingBlanks()
        if a.isEmpty || a == "cash" { return .asWritten }
        switch a {
        case "xin", "contribx": return .inflow
        case "xout", "withdrwx": return .outflow
        default: break
        }
        if let base = effects[a] { return base }
        if a.hasSuffix("x"), effects[String(a.dropLast())] != nil { return CashEffect.none }
        if a == "exercisx" { return CashEffect.none }
        return nil
    }

    private static let effects: [String: CashEffect] = {
        var table: [String: CashEffect] = [:]
        for a in ["buy", "cvrshrt", "margint", "miscexp", "kauf"] { table[a] = .outflow }
        for a in ["sell", "shtsell", "div", "intinc", "int", "cglong", "cgmid", "cgshort", "miscinc", "rtrncap",
                  "verkauf", "kapgew", "k.gewsp"] { table[a] = .inflow }
        for a in ["reinvdiv", "reinvint", "reinvlg", "reinvmd", "reinvsh", "reinvsg", "shrsin", "shrsout", "stksplit",
                  "reminder", "exercise", "expire", "grant", "vest", "aktzu", "aktab", "aktsplit", "reinvzin",
                  "reinvkur", "reinvksp", "erinnerg"] { table[a] = CashEffect.none }
        return table
    }()
}

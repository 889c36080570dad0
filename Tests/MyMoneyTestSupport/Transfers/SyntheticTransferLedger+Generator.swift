import Foundation
import MyMoneyCore
import MyMoneyTransfers

extension SyntheticTransferLedger {
    /// Writes the events of a synthetic ledger, one after another. Accounts are named by their
    /// index among the ten of ``SyntheticTransferLedger/makeAccounts()``; events that need an
    /// account the configuration leaves out fall back to an ordinary purchase.
    struct Generator {
        var ledger: SyntheticTransferLedger
        let all: [Account]
        let present: Set<Int>
        var random: SeededGenerator
        let start: Day
        /// Per day: units of EUR, USD, GBP, CHF per EUR, scaled by 10^4.
        let rates: [[Int64]]
        /// Currency index (into a day's rates) of each of the ten accounts.
        let currencyOf = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3]
        var nextGroup = 0

        init(ledger: SyntheticTransferLedger, all: [Account], present: Set<Int>, random: SeededGenerator, start: Day,
             rates: [[Int64]]) {
            self.ledger = ledger
            self.all = all
            self.present = present
            self.random = random
            self.start = start
            self.rates = rates
        }

        mutating func event(day d: Int) {
            let r = random.unit()
            let hard = ledger.configuration.hardCases
            switch r {
            case ..<0.68: expense(d)
            case ..<0.76: income(d)
            case ..<0.82: sameCurrency(d)
            case ..<0.85: cardPayment(d)
            case ..<0.87: cashWithdrawal(d)
            case ..<0.90: crossCurrency(d)
            case ..<0.915: feeByDifference(d)
            case ..<0.93: feeLine(d)
            case ..<0.95: decoys(d)
            default:
                guard hard else { return expense(d) }
                switch random.next(in: 0...8) {
                case 0: identicalSameDay(d)
                case 1, 2: series(d)
                case 3: lateArrival(d, strong: true)
                case 4: lateArrival(d, strong: random.chance(0.5))
                case 5: feeDecoy(d)
                case 6: fxSpread(d)
                case 7: refundToOtherCard(d)
                default: bareDecoy(d)
                }
            }
        }

        // MARK: building blocks

        func has(_ account: Int) -> Bool { present.contains(account) }

        /// The routes among `routes` whose two accounts are both present.
        func available(_ routes: [(Int, Int)]) -> [(Int, Int)] { routes.filter { has($0.0) && has($0.1) } }

        func isOFX(_ account: Int) -> Bool {
            switch ledger.configuration.style {
            case .ofx: return true
            case .csv: return false
            case .mixed: return currencyOf[account] != 0
            }
        }

        @discardableResult
        mutating func add(_ account: Int, _ day: Int, _ cents: Int64, payee: String? = nil, memo: String? = nil,
                          type: String? = nil, hint: String? = nil, case kind: Case? = nil) -> Int {
            let a = all[account]
            let ofx = isOFX(account)
            // OFX NAME is upper case and at most 32 characters; a CSV has no bank type.
            let name = ofx ? payee.map { String($0.uppercased().prefix(32)) } : payee
            let bankType = ofx ? (type ?? (cents < 0 ? "DEBIT" : "CREDIT")) : nil
            let index = ledger.transactions.count
            ledger.transactions.append(LedgerTransaction(id: Int64(index + 1), accountId: a.id ?? 0, day: start.advanced(by: day),
                                                         amount: Amount(units: cents, scale: 2), currency: a.currency,
                                                         originalPayee: name, memo: memo, bankType: bankType, transferHint: hint))
            if let kind, kind != .ordinary { ledger.caseOfLeg[index] = kind }
            return index
        }

        mutating func cents(_ low: Double, _ high: Double) -> Int64 {
            Int64(exp(log(low * 100) + random.unit() * (log(high * 100) - log(low * 100))))
        }

        mutating func delay(_ weights: [Double]) -> Int {
            var x = random.unit()
            for (days, w) in weights.enumerated() { if x < w { return days }; x -= w }
            return weights.count - 1
        }

        func name(_ account: Int) -> String { all[account].name }

        func lastFour(_ account: Int) -> String { String(all[account].numbers.first?.suffix(4) ?? "") }

        /// An account number written in groups of four, as IBANs are printed (`DE02 1203 0000 …`).
        func grouped(_ account: Int) -> String {
            let number = Array(all[account].numbers.first ?? "")
            return stride(from: 0, to: number.count, by: 4).map { String(number[$0..<min($0 + 4, number.count)]) }
                .joined(separator: " ")
        }

        mutating func code(_ length: Int = 5) -> String {
            let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
            return String((0..<length).map { _ in letters[random.next(in: 0...(letters.count - 1))] })
        }

        mutating func merchant() -> (payee: String, memo: String?) {
            let n = random.next(in: 100...99_999)
            switch random.next(in: 0...11) {
            case 0: return ("REWE Markt #\(n)", "Kartenzahlung")
            case 1: return ("AMAZON MKTPL*\(code())", nil)
            case 2: return ("STARBUCKS STORE \(n)", nil)
            case 3: return ("SHELL OIL \(n)", nil)
            case 4: return ("WHOLE FOODS MARKET #\(n)", nil)
            case 5: return ("EDEKA Center", "Kartenzahlung")
            case 6: return ("UBER TRIP", "HELP.UBER.COM")
            case 7: return ("NETFLIX.COM", nil)
            case 8: return ("Bäckerei Kamps", "Kartenzahlung")
            case 9: return ("TESCO STORES \(n)", "POS")
            case 10: return ("SQ *CAFE \(code())", nil)
            default: return ("IKEA Berlin", "Kartenzahlung")
            }
        }

        /// `2.798,17` or `2798.17`: an amount as a memo writes it.
        func written(_ cents: Int64, german: Bool) -> String {
            let m = abs(cents)
            let units = m / 100, fraction = m % 100
            let fractionText = (fraction < 10 ? "0" : "") + String(fraction)
            guard german else { return "\(units).\(fractionText)" }
            var groups: [String] = []
            var rest = units
            repeat {
                let g = rest % 1000
                rest /= 1000
                groups.insert(rest > 0 ? String(format: "%03lld", g) : String(g), at: 0)
            } while rest > 0
            return groups.joined(separator: ".") + "," + fractionText
        }

        mutating func recordTruth(_ from: Int, _ to: Int, feeLine: Int? = nil, kind: Case = .ordinary, group: Int? = nil) {
            ledger.truth.append(Truth(from: from, to: to, feeLine: feeLine, kind: kind, group: group))
        }

        /// The amount received for `sent` cents from account `from` to `to` on day `d`, less `spread` basis points.
        func converted(_ sent: Int64, from: Int, to: Int, day d: Int, spread: Int64) -> Int64 {
            let today = rates[min(max(0, d), rates.count - 1)]
            let numerator = Int128(sent) * Int128(today[currencyOf[to]]) * Int128(10_000 - spread)
            let denominator = Int128(today[currencyOf[from]]) * 10_000
            return Int64((numerator + denominator / 2) / denominator)
        }
    }
}

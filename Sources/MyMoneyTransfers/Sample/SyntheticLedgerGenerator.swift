import Foundation

extension SyntheticTransferLedger {
    /// Writes the events of a synthetic ledger, one after another.
    struct Generator {
        var ledger: SyntheticTransferLedger
        var random: SplitMix64
        let start: Day
        /// Per day: units of each currency (EUR, USD, GBP, CHF) per EUR, scaled by 10^4.
        let rates: [[Int64]]
        /// Currency index (into a day's rates) of each account.
        let currencyOf = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3]

        init(ledger: SyntheticTransferLedger, random: SplitMix64, start: Day, rates: [[Int64]]) {
            self.ledger = ledger
            self.random = random
            self.start = start
            self.rates = rates
        }

        mutating func event(day d: Int) {
            let r = random.unit()
            switch r {
            case ..<0.70: expense(d)
            case ..<0.78: income(d)
            case ..<0.84: sameCurrency(d)
            case ..<0.87: cardPayment(d)
            case ..<0.89: cashWithdrawal(d)
            case ..<0.92: crossCurrency(d)
            case ..<0.935: feeByDifference(d)
            case ..<0.95: feeLine(d)
            default: decoys(d)
            }
        }

        // MARK: building blocks

        @discardableResult
        mutating func add(_ account: Int, _ day: Int, _ cents: Int64, payee: String? = nil, memo: String? = nil,
                          type: String? = nil, hint: String? = nil) -> Int {
            let a = ledger.accounts[account]
            ledger.transactions.append(LedgerTransaction(accountId: a.id ?? 0, day: start.advanced(by: day),
                                                         amount: Amount(units: cents, scale: 2), currency: a.currency,
                                                         originalPayee: payee, memo: memo, bankType: type, transferHint: hint))
            return ledger.transactions.count - 1
        }

        mutating func cents(_ low: Double, _ high: Double) -> Int64 {
            Int64(exp(log(low * 100) + random.unit() * (log(high * 100) - log(low * 100))))
        }

        mutating func delay(_ weights: [Double]) -> Int {
            var x = random.unit()
            for (days, w) in weights.enumerated() { if x < w { return days }; x -= w }
            return weights.count - 1
        }

        func name(_ account: Int) -> String { ledger.accounts[account].name }

        func lastFour(_ account: Int) -> String { String(ledger.accounts[account].numbers.first?.suffix(4) ?? "") }

        mutating func code() -> String {
            let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
            return String((0..<5).map { _ in letters[random.next(in: 0...(letters.count - 1))] })
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

        mutating func recordTruth(_ from: Int, _ to: Int, feeLine: Int? = nil) {
            ledger.truth.append(Truth(from: from, to: to, feeLine: feeLine))
        }

        // MARK: events

        mutating func expense(_ d: Int) {
            let account = random.pick([0, 0, 0, 2, 2, 3, 4, 4, 6, 6, 7, 9])
            let m = merchant()
            add(account, d, -cents(1, 300), payee: m.payee, memo: m.memo, type: account >= 4 ? "POS" : nil)
        }

        mutating func income(_ d: Int) {
            switch random.next(in: 0...5) {
            case 0: add(0, d, cents(2000, 5000), payee: "Acme Software GmbH", memo: "Gehalt")
            case 1: add(4, d, cents(2000, 5000), payee: "ACME CORP PAYROLL", type: "DIRECTDEP")
            case 2: add(random.pick([1, 5, 8]), d, cents(0.01, 20), payee: random.pick(["Zinsen", "INTEREST PAYMENT", "Interest"]))
            case 3:
                let m = merchant()
                add(random.pick([2, 6, 0]), d, cents(5, 200), payee: m.payee + " REFUND", memo: m.memo)
            case 4: add(0, d, cents(5, 80), payee: "Max Mustermann", memo: "Geld zurück Essen")
            default: add(7, d, cents(1500, 4000), payee: "ACME LTD SALARY", memo: "BGC")
            }
        }

        mutating func sameCurrency(_ d: Int) {
            let (from, to) = random.pick([(0, 1), (1, 0), (4, 5), (5, 4), (7, 8), (8, 7)])
            let amount = random.unit() < 0.7 ? cents(20, 3000) : Int64(random.next(in: 1...40)) * 5_000
            let lag = delay([0.6, 0.3, 0.1])
            let a: Int, b: Int
            switch random.next(in: 0...9) {
            case 0...3:
                a = add(from, d, -amount, payee: "Alex Morgan", memo: "Umbuchung auf \(name(to))")
                b = add(to, d + lag, amount, payee: "Alex Morgan", memo: "Umbuchung von \(name(from))")
            case 4...6:
                a = add(from, d, -amount, payee: "ONLINE TRANSFER TO SAV ...\(lastFour(to))", type: "XFER")
                b = add(to, d + lag, amount, payee: "ONLINE TRANSFER FROM CHK ...\(lastFour(from))", type: "XFER")
            case 7, 8:
                a = add(from, d, -amount, payee: "Alex Morgan")
                b = add(to, d + lag, amount, payee: "Alex Morgan")
            default:
                a = add(from, d, -amount)
                b = add(to, d + lag, amount)
            }
            recordTruth(a, b)
        }

        mutating func cardPayment(_ d: Int) {
            let amount = cents(50, 3000)
            let lag = delay([0.3, 0.4, 0.2, 0.1])
            if random.unit() < 0.5 {
                let a = add(0, d, -amount, payee: "Mastercard", memo: "Kreditkartenabrechnung \(lastFour(2))")
                let b = add(2, d + lag, amount, payee: "Zahlung erhalten")
                recordTruth(a, b)
            } else {
                let a = add(4, d, -amount, payee: "ONLINE PAYMENT TO VISA \(lastFour(6))", type: "PAYMENT")
                let b = add(6, d + lag, amount, payee: random.pick(["PAYMENT THANK YOU", "AUTOPAY PAYMENT"]), type: "CREDIT")
                recordTruth(a, b)
            }
        }

        mutating func cashWithdrawal(_ d: Int) {
            let amount = Int64(random.next(in: 1...40)) * 1_000 + Int64(random.next(in: 0...1)) * 500
            let lag = delay([0.8, 0.2])
            let a = add(0, d, -amount, payee: "Geldautomat \(random.pick(["Alexanderplatz", "Hbf", "Kreuzberg", "Mitte"]))",
                        memo: "Bargeldauszahlung")
            let b = random.unit() < 0.7
                ? add(3, d + lag, amount, payee: "Geldautomat", hint: "Girokonto")
                : add(3, d + lag, amount, payee: "Bargeld")
            recordTruth(a, b)
        }

        mutating func crossCurrency(_ d: Int) {
            let (from, to) = random.pick([(0, 4), (4, 0), (0, 7), (7, 0), (0, 9), (4, 7)])
            let sent = cents(50, 2000)
            let today = rates[min(d, rates.count - 1)]
            // received = sent × (to per EUR) / (from per EUR) × (1 − spread)
            let spread = Int64(random.next(in: 0...120)) // basis points
            let numerator = Int128(sent) * Int128(today[currencyOf[to]]) * Int128(10_000 - spread)
            let denominator = Int128(today[currencyOf[from]]) * 10_000
            let received = Int64((numerator + denominator / 2) / denominator)
            let fromCode = ledger.accounts[from].currency.code, toCode = ledger.accounts[to].currency.code
            let style = random.next(in: 0...19)
            let lag = style >= 19 ? 1 : delay([0, 0.5, 0.35, 0.15])
            let a: Int, b: Int
            if style < 12 {
                a = add(from, d, -sent, payee: "Wise Europe SA", memo: "Überweisung auf eigenes \(toCode)-Konto")
                b = add(to, d + lag, received, payee: "WISE INC", memo: "From \(fromCode) account", type: "XFER")
            } else if style < 19 {
                a = add(from, d, -sent, payee: "Alex Morgan", memo: "Transfer to \(name(to))")
                b = add(to, d + lag, received, payee: "INCOMING TRANSFER", type: "XFER")
            } else {
                a = add(from, d, -sent)
                b = add(to, d + lag, received)
            }
            recordTruth(a, b)
        }

        mutating func feeByDifference(_ d: Int) {
            let (from, to) = random.pick([(4, 5), (0, 1), (7, 8)])
            let sent = cents(200, 3000)
            let fee = min(max(50, sent * Int64(random.next(in: 5...15)) / 1000), 2_500)
            let a = add(from, d, -sent, payee: "WIRE TRANSFER TO \(name(to).uppercased())")
            let b = add(to, d + delay([0.5, 0.5]), sent - fee, payee: "INCOMING WIRE FROM \(name(from).uppercased())")
            recordTruth(a, b)
        }

        mutating func feeLine(_ d: Int) {
            let amount = cents(100, 3000)
            let a = add(0, d, -amount, payee: "Alex Morgan", memo: "Eilüberweisung an Tagesgeld")
            let fee = add(0, d, -Int64(random.next(in: 50...500)), payee: "Entgelt Eilüberweisung")
            let b = add(1, d + delay([0.7, 0.3]), amount, payee: "Alex Morgan", memo: "Eilüberweisung von Girokonto")
            recordTruth(a, b, feeLine: fee)
        }

        /// A real transfer, then look-alikes: a shop charge and a refund of its amount a day later
        /// in other accounts, and equal amounts a week apart.
        mutating func decoys(_ d: Int) {
            let amount = cents(10, 500)
            let a = add(0, d, -amount, payee: "Alex Morgan", memo: "Umbuchung auf Tagesgeld")
            let b = add(1, d, amount, payee: "Alex Morgan", memo: "Umbuchung von Girokonto")
            recordTruth(a, b)
            add(2, d + 1, -amount, payee: "AMAZON MKTPL*\(code())")
            let m = merchant()
            add(3, d + 1, amount, payee: m.payee + " REFUND", memo: m.memo)
            let other = cents(10, 500)
            add(4, d, -other, payee: "CHECK \(random.next(in: 1000...9999))", type: "CHECK")
            add(5, d + random.next(in: 6...9), other, payee: "DEPOSIT")
        }
    }
}

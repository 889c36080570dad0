import MyMoneyCore
import MyMoneyTransfers

extension SyntheticTransferLedger.Generator {
    // MARK: ordinary events

    mutating func expense(_ d: Int) {
        let account = random.pick([0, 0, 0, 2, 2, 3, 4, 4, 6, 6, 7, 9].filter(has))
        let m = merchant()
        add(account, d, -cents(1, 300), payee: m.payee, memo: m.memo, type: "POS")
    }

    mutating func income(_ d: Int) {
        switch random.next(in: 0...5) {
        case 0: add(0, d, cents(2000, 5000), payee: "Acme Software GmbH", memo: "Gehalt")
        case 1 where has(4): add(4, d, cents(2000, 5000), payee: "ACME CORP PAYROLL", type: "DIRECTDEP")
        case 2: add(random.pick([1, 5, 8].filter(has) + [0]), d, cents(0.01, 20), payee: random.pick(["Zinsen", "INTEREST PAYMENT", "Interest"]),
                    type: "INT")
        case 3:
            let m = merchant()
            add(random.pick([2, 6, 0].filter(has)), d, cents(5, 200), payee: m.payee + " REFUND", memo: m.memo)
        case 4: add(0, d, cents(5, 80), payee: "Max Mustermann", memo: "Geld zurück Essen")
        case 5 where has(7): add(7, d, cents(1500, 4000), payee: "ACME LTD SALARY", memo: "BGC", type: "DIRECTDEP")
        default: add(0, d, cents(2000, 5000), payee: "Acme Software GmbH", memo: "Gehalt")
        }
    }

    mutating func sameCurrency(_ d: Int) {
        let routes = available([(0, 1), (1, 0), (4, 5), (5, 4), (7, 8), (8, 7)])
        guard !routes.isEmpty else { return expense(d) }
        let (from, to) = random.pick(routes)
        let amount = random.unit() < 0.7 ? cents(20, 3000) : Int64(random.next(in: 1...40)) * 5_000
        let lag = delay([0.6, 0.3, 0.1])
        let a: Int, b: Int
        switch random.next(in: 0...9) {
        case 0...3:
            a = add(from, d, -amount, payee: "Alex Morgan", memo: "Umbuchung auf \(name(to))", type: "XFER")
            b = add(to, d + lag, amount, payee: "Alex Morgan", memo: "Umbuchung von \(name(from))", type: "XFER")
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
        if has(2), !has(6) || random.unit() < 0.5 {
            let a = add(0, d, -amount, payee: "Mastercard", memo: "Kreditkartenabrechnung \(lastFour(2))", type: "PAYMENT")
            let b = add(2, d + lag, amount, payee: "Zahlung erhalten", type: "PAYMENT")
            recordTruth(a, b)
        } else if has(6) {
            let a = add(4, d, -amount, payee: "ONLINE PAYMENT TO VISA \(lastFour(6))", type: "PAYMENT")
            let b = add(6, d + lag, amount, payee: random.pick(["PAYMENT THANK YOU", "AUTOPAY PAYMENT"]), type: "CREDIT")
            recordTruth(a, b)
        } else {
            expense(d)
        }
    }

    mutating func cashWithdrawal(_ d: Int) {
        guard has(3) else { return expense(d) }
        let amount = Int64(random.next(in: 1...40)) * 1_000 + Int64(random.next(in: 0...1)) * 500
        let lag = delay([0.8, 0.2])
        let a = add(0, d, -amount, payee: "Geldautomat \(random.pick(["Alexanderplatz", "Hbf", "Kreuzberg", "Mitte"]))",
                    memo: "Bargeldauszahlung", type: "ATM")
        let b = random.unit() < 0.7
            ? add(3, d + lag, amount, payee: "Geldautomat", hint: "Girokonto")
            : add(3, d + lag, amount, payee: "Bargeld")
        recordTruth(a, b)
    }

    mutating func crossCurrency(_ d: Int) {
        let routes = available([(0, 4), (4, 0), (0, 7), (7, 0), (0, 9), (4, 7)])
        guard !routes.isEmpty else { return expense(d) }
        let (from, to) = random.pick(routes)
        let sent = cents(50, 2000)
        let received = converted(sent, from: from, to: to, day: d, spread: Int64(random.next(in: 0...120)))
        let fromCode = all[from].currency.code, toCode = all[to].currency.code
        let style = random.next(in: 0...19)
        let lag = style >= 19 ? 1 : delay([0, 0.5, 0.35, 0.15])
        let a: Int, b: Int
        if style < 12 {
            a = add(from, d, -sent, payee: "Wise Europe SA", memo: "Überweisung auf eigenes \(toCode)-Konto", type: "XFER")
            b = add(to, d + lag, received, payee: "WISE INC", memo: "From \(fromCode) account", type: "XFER")
        } else if style < 19 {
            a = add(from, d, -sent, payee: "Alex Morgan", memo: "Transfer to \(name(to))", type: "XFER")
            b = add(to, d + lag, received, payee: "INCOMING TRANSFER", type: "XFER")
        } else {
            a = add(from, d, -sent)
            b = add(to, d + lag, received)
        }
        recordTruth(a, b)
    }

    mutating func feeByDifference(_ d: Int) {
        let routes = available([(4, 5), (0, 1), (7, 8)])
        guard !routes.isEmpty else { return expense(d) }
        let (from, to) = random.pick(routes)
        let sent = cents(200, 3000)
        let fee = min(max(50, sent * Int64(random.next(in: 5...15)) / 1000), 2_500)
        let a = add(from, d, -sent, payee: "WIRE TRANSFER TO \(name(to).uppercased())", type: "XFER")
        let b = add(to, d + delay([0.5, 0.5]), sent - fee, payee: "INCOMING WIRE FROM \(name(from).uppercased())", type: "XFER")
        recordTruth(a, b)
    }

    mutating func feeLine(_ d: Int) {
        let amount = cents(100, 3000)
        let a = add(0, d, -amount, payee: "Alex Morgan", memo: "Eilüberweisung an Tagesgeld", type: "XFER")
        let fee = add(0, d, -Int64(random.next(in: 50...500)), payee: "Entgelt Eilüberweisung", type: "SRVCHG")
        let b = add(1, d + delay([0.7, 0.3]), amount, payee: "Alex Morgan", memo: "Eilüberweisung von Girokonto", type: "XFER")
        recordTruth(a, b, feeLine: fee)
    }

    /// A real transfer, then look-alikes: a shop charge and a refund of its amount a day later
    /// in other accounts, and equal amounts a week apart.
    mutating func decoys(_ d: Int) {
        let amount = cents(10, 500)
        let a = add(0, d, -amount, payee: "Alex Morgan", memo: "Umbuchung auf Tagesgeld", type: "XFER")
        let b = add(1, d, amount, payee: "Alex Morgan", memo: "Umbuchung von Girokonto", type: "XFER")
        recordTruth(a, b)
        if has(2) { add(2, d + 1, -amount, payee: "AMAZON MKTPL*\(code())", type: "POS") }
        let m = merchant()
        add(has(3) ? 3 : 0, d + 1, amount, payee: m.payee + " REFUND", memo: m.memo)
        let other = cents(10, 500)
        let checking = has(5) ? 4 : 0, savings = has(5) ? 5 : 1
        add(checking, d, -other, payee: "CHECK \(random.next(in: 1000...9999))", type: "CHECK")
        add(savings, d + random.next(in: 6...9), other, payee: "DEPOSIT", type: "DEP")
    }
}

import MyMoneyCore
import MyMoneyTransfers

extension SyntheticTransferLedger.Generator {
    // MARK: hard cases

    /// Two or three identical transfers between the same accounts on one day, with or without text.
    mutating func identicalSameDay(_ d: Int) {
        let routes = available([(0, 1), (1, 0), (4, 5), (0, 2)])
        guard !routes.isEmpty else { return expense(d) }
        let (from, to) = random.pick(routes)
        let amount = Int64(random.next(in: 1...20)) * 2_500
        let copies = random.chance(0.7) ? 2 : 3
        let worded = random.chance(0.6)
        let group = nextGroup
        nextGroup += 1
        let lag = random.chance(0.7) ? 0 : 1
        var sent: [Int] = [], received: [Int] = []
        for _ in 0..<copies {
            sent.append(worded ? add(from, d, -amount, payee: "Alex Morgan", memo: "Umbuchung auf \(name(to))", type: "XFER", case: .identicalSameDay)
                               : add(from, d, -amount, case: .identicalSameDay))
        }
        for _ in 0..<copies {
            received.append(worded ? add(to, d + lag, amount, payee: "Alex Morgan", memo: "Umbuchung von \(name(from))", type: "XFER", case: .identicalSameDay)
                                   : add(to, d + lag, amount, case: .identicalSameDay))
        }
        for (a, b) in zip(sent, received) { recordTruth(a, b, kind: .identicalSameDay, group: group) }
    }

    /// Three or four transfers between the same two accounts a few days apart, each landing 0–3
    /// days later, so days alone mislead; the memos tell them apart: the other leg's amount
    /// (FX), or a reference both banks carry. Or: two equal transfers a few days apart from one
    /// account to two others, each memo naming the other account's number printed in groups.
    mutating func series(_ d: Int) {
        let cross = available([(0, 4), (4, 0), (0, 7), (0, 9)])
        let same = available([(0, 1), (1, 0), (4, 5), (7, 8)])
        let fans = [(0, 1, 2), (4, 5, 6)].filter { has($0.0) && has($0.1) && has($0.2) }
        let evidence = random.next(in: 0...2)
        if evidence == 2, let (from, first, second) = fans.isEmpty ? nil : random.pick(fans) {
            let amount = cents(100, 2000)
            var day = d
            for to in random.chance(0.5) ? [first, second] : [second, first] {
                let a = add(from, day, -amount, payee: "Alex Morgan", memo: "Überweisung an \(grouped(to))", type: "XFER", case: .series)
                let b = add(to, day + random.next(in: 0...3), amount, payee: "Alex Morgan", memo: "Gutschrift von \(grouped(from))",
                            type: "XFER", case: .series)
                recordTruth(a, b, kind: .series)
                day += random.next(in: 0...2)
            }
            return
        }
        let fx = !cross.isEmpty && (same.isEmpty || evidence == 0)
        let routes = fx ? cross : same
        guard !routes.isEmpty else { return expense(d) }
        let (from, to) = random.pick(routes)
        let count = random.next(in: 3...4)
        let base = cents(300, 4000)
        var day = d
        for _ in 0..<count {
            // Amounts within a few percent of each other (equal within one currency half the time).
            let sent = fx || random.chance(0.5) ? base + base * Int64(random.next(in: -30...30)) / 1000 : base
            let received = fx ? converted(sent, from: from, to: to, day: day, spread: Int64(random.next(in: 20...150))) : sent
            let lag = random.next(in: 0...3)
            let fromCode = all[from].currency.code, toCode = all[to].currency.code
            let a: Int, b: Int
            if fx {
                // Each memo names the other leg's amount.
                a = add(from, day, -sent, payee: "FX TRANSFER", memo: "FX TRANSFER \(toCode) \(written(received, german: false))",
                        type: "XFER", case: .series)
                b = add(to, day + lag, received, payee: "FX TRANSFER",
                        memo: "FX TRANSFER … \(fromCode) \(written(sent, german: !isOFX(to)))", type: "XFER", case: .series)
            } else {
                // A reference both banks carry.
                let reference = "REF " + code(4) + String(random.next(in: 100_000...999_999))
                a = add(from, day, -sent, payee: "Alex Morgan", memo: "SEPA Überweisung \(reference)", type: "XFER", case: .series)
                b = add(to, day + lag, received, payee: "Alex Morgan", memo: "SEPA Gutschrift \(reference)", type: "XFER", case: .series)
            }
            recordTruth(a, b, kind: .series)
            day += random.next(in: 1...3)
        }
    }

    /// A transfer that arrives 5–9 days later (international, SEPA). Strong: both texts name the
    /// other account; weak: only the sending one does, arriving 5–6 days later.
    mutating func lateArrival(_ d: Int, strong: Bool) {
        let routes = available([(0, 1), (0, 7), (4, 0), (1, 0), (0, 9)])
        guard !routes.isEmpty else { return expense(d) }
        let (from, to) = random.pick(routes)
        let sent = cents(100, 3000)
        let cross = all[from].currency != all[to].currency
        let received = cross ? converted(sent, from: from, to: to, day: d, spread: Int64(random.next(in: 20...120))) : sent
        let lag = strong ? random.next(in: 5...(cross ? 9 : 6)) : random.next(in: 5...6)
        let kind: SyntheticTransferLedger.Case = strong ? .lateStrong : .lateWeak
        let a = add(from, d, -sent, payee: "Alex Morgan", memo: "\(cross ? "Auslandsüberweisung" : "SEPA Überweisung") an \(name(to))",
                    type: "XFER", case: kind)
        let b = strong
            ? add(to, d + lag, received, payee: "Alex Morgan", memo: "\(cross ? "INTL WIRE" : "SEPA Gutschrift") von \(name(from))", type: "XFER", case: kind)
            : add(to, d + lag, received, payee: random.pick(["Gutschrift", "INCOMING WIRE"]), type: "XFER", case: kind)
        recordTruth(a, b, kind: kind)
    }

    /// An ordinary expense and an unrelated income 0.30–3.98 smaller in another account
    /// (bank CSV, no types, no transfer words): a fee look-alike, never a pair.
    mutating func feeDecoy(_ d: Int) {
        let accounts = [0, 1, 2].filter(has)
        guard accounts.count >= 2 else { return expense(d) }
        let spent = cents(40, 900)
        let gap = Int64(random.next(in: 30...398))
        let first = random.pick(accounts)
        let second = random.pick(accounts.filter { $0 != first })
        add(first, d, -spent, payee: random.pick(["Zahnarztpraxis Weiss", "Autohaus Meyer", "Stadtwerke Berlin", "Hausarzt Dr. Koch",
                                                 "Fahrradladen Kiez"]),
            memo: random.pick(["Rechnung", "Abschlag", "Behandlung", "Inspektion"]), type: "DEBIT", case: .feeDecoy)
        add(second, d + random.next(in: 0...3), spent - gap, payee: random.pick(["Familienkasse", "Maria Schulz", "eBay Käufer Lehmann",
                                                                                 "Jonas Becker"]),
            memo: random.pick(["Kindergeld", "Danke", "Verkauf Fahrrad", "Anteil Urlaub"]), type: "CREDIT", case: .feeDecoy)
    }

    /// A cross-currency move at 3.5–5% off the day's rate (a retail bank's or a card's spread).
    mutating func fxSpread(_ d: Int) {
        let routes = available([(0, 4), (4, 0), (0, 7), (0, 9)])
        guard !routes.isEmpty else { return expense(d) }
        let (from, to) = random.pick(routes)
        let sent = cents(100, 3000)
        let received = converted(sent, from: from, to: to, day: d, spread: Int64(random.next(in: 350...500)))
        let toCode = all[to].currency.code
        let a = add(from, d, -sent, payee: "Hausbank", memo: "Überweisung auf eigenes \(toCode)-Konto", type: "XFER", case: .fxSpread)
        let b = add(to, d + random.next(in: 1...3), received, payee: "INCOMING WIRE", memo: random.pick([nil, "FROM OWN ACCOUNT"]),
                    type: "XFER", case: .fxSpread)
        recordTruth(a, b, kind: .fxSpread)
    }

    /// A purchase by debit card and its refund to a credit card (or the other way round), both
    /// with the same plain merchant text: never a transfer.
    mutating func refundToOtherCard(_ d: Int) {
        let routes = available([(0, 2), (2, 0), (4, 6), (6, 4)])
        guard !routes.isEmpty else { return expense(d) }
        let (paid, refunded) = random.pick(routes)
        let shop = random.pick(["ZALANDO SE", "H&M Online", "Decathlon", "MediaMarkt", "Otto GmbH", "Thalia", "Douglas",
                                "BestBuy", "Nordstrom"])
        let amount = cents(15, 400)
        add(paid, d, -amount, payee: shop, type: "DEBIT", case: .refundToOtherCard)
        add(refunded, d + random.next(in: 0...2), amount, payee: shop, type: "CREDIT", case: .refundToOtherCard)
    }

    /// A plain 100.00 USD charge the day before a wordless 100.00 USD arrival that really came
    /// from the euro account: the cross-currency pair must win.
    mutating func bareDecoy(_ d: Int) {
        guard has(4), has(6) else { return expense(d) }
        let received = Int64(random.next(in: 1...30)) * 10_000
        let today = rates[min(d, rates.count - 1)]
        // sent EUR so that it buys `received` USD at the day's rate less a 0.5% spread.
        let sent = Int64(Int128(received) * 10_050 / Int128(today[1]))
        add(6, d, -received, payee: random.pick(["ACME HARDWARE", "Blue Lantern Books", "Harbor Dental", "Green Valley Co-op"]),
            type: "DEBIT", case: .bareDecoy)
        let a = add(0, d, -sent, payee: "Alex Morgan", memo: random.pick(["Überweisung USD-Konto", "Transfer to US Checking", "Auslandsüberweisung USD"]),
                    type: "XFER", case: .bareDecoy)
        let b = add(4, d + 1, received, type: "CREDIT", case: .bareDecoy)
        recordTruth(a, b, kind: .bareDecoy)
    }
}

import MyMoneyCore
import MyMoneyReconcile

extension PlantedFaultTrial {
    /// The account every trial reconciles, and the savings account its transfers go to.
    public static let account = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR,
                                         numbers: ["DE89370400440532013000"], openingBalance: Amount(units: 250_000, scale: 2))
    public static let savings = Account(id: 2, name: "Tagesgeld", kind: .savings, currency: .EUR, numbers: ["DE02120300000000202051"])

    /// `perFault` trials of every fault, each on its own ledger of `months` months with
    /// `rowsPerMonth` rows a month (about), from `seed`.
    public static func trials(perFault: Int, months: Int = 6, rowsPerMonth: Int = 300, seed: UInt64 = 2026) -> [PlantedFaultTrial] {
        var result: [PlantedFaultTrial] = []
        var random = SeededGenerator(seed: seed)
        for n in 0..<perFault {
            for fault in Fault.allCases {
                let clean = CleanLedger(months: months, rowsPerMonth: rowsPerMonth, seed: random.next() ^ UInt64(n))
                result.append(clean.plant(fault, random: &random))
            }
        }
        return result
    }

    /// A clean generated ledger: the bank's rows as imported, the month-end balances, the savings
    /// account's legs of the transfers.
    struct CleanLedger {
        var transactions: [LedgerTransaction] = []
        var savingsLegs: [LedgerTransaction] = []
        var monthEnds: [Day] = []
        let first = Day(year: 2025, month: 1, day: 1) ?? Day(daysSinceEpoch: 20089)

        init(months: Int, rowsPerMonth: Int, seed: UInt64) {
            var random = SeededGenerator(seed: seed)
            var id: Int64 = 1
            var savingsId: Int64 = 100_000
            let shops = ["REWE Markt", "EDEKA Center", "Lidl", "dm Drogerie", "Rossmann", "BVG Berlin", "Apotheke am Markt",
                         "Kaufland", "Bäckerei Kamps", "Café Einstein", "Amazon EU", "MediaMarkt", "Deutsche Bahn", "Shell"]
            for m in 0..<months {
                let monthStart = first.advanced(by: m * 30)
                let file = "giro-2025-\(m + 1).csv"
                var rows: [(day: Int, amount: Int64, payee: String, memo: String?, manual: Bool)] = []
                rows.append((0, -95_000, "Hausverwaltung Schmidt", "Miete", false))
                rows.append((7, -1_399, "Netflix International", "Abo", false))
                rows.append((14, -2_990, "FitX Studio", "Beitrag", false))
                rows.append((19, -1_999, "Telekom", "Mobilfunk", false))
                rows.append((27, 320_000, "Acme Software GmbH", "Gehalt", false))
                let transfer = Int64(random.next(in: 2...8)) * 5_000
                rows.append((2, -transfer, "Alex Morgan", "Umbuchung auf Tagesgeld", false))
                let back = Int64(random.next(in: 1...4)) * 2_500
                rows.append((16, back, "Alex Morgan", "Umbuchung von Tagesgeld", false))
                for _ in 0..<max(0, rowsPerMonth - 7) {
                    let cents = -Int64(100 + random.next(in: 0...15_000))
                    rows.append((random.next(in: 0...29), cents, random.pick(shops), random.chance(0.5) ? "Kartenzahlung" : nil, false))
                }
                for _ in 0..<3 {
                    rows.append((random.next(in: 0...29), -Int64(500 + random.next(in: 0...6_000)), "Bargeld Ausgabe", "von Hand", true))
                }
                rows.sort { ($0.day, $0.amount) < ($1.day, $1.amount) }
                for (line, row) in rows.enumerated() {
                    let day = monthStart.advanced(by: row.day)
                    transactions.append(LedgerTransaction(id: id, accountId: 1, day: day, amount: Amount(units: row.amount, scale: 2),
                                                          currency: .EUR, originalPayee: row.payee, memo: row.memo,
                                                          sourceFormat: row.manual ? "manual" : "csv", sourceFile: row.manual ? nil : file,
                                                          sourceLine: row.manual ? nil : line + 2))
                    id += 1
                    if row.payee == "Alex Morgan" {
                        let toSavings = row.amount < 0
                        savingsLegs.append(LedgerTransaction(id: savingsId, accountId: 2, day: day, amount: Amount(units: -row.amount, scale: 2),
                                                             currency: .EUR, originalPayee: "Alex Morgan",
                                                             memo: toSavings ? "Umbuchung von Girokonto" : "Umbuchung auf Girokonto",
                                                             sourceFormat: "csv", sourceFile: "tagesgeld-2025-\(m + 1).csv"))
                        savingsId += 1
                    }
                }
                monthEnds.append(monthStart.advanced(by: 29))
            }
        }

        var nextId: Int64 { (transactions.compactMap(\.id).max() ?? 0) + 1 }
    }
}

extension PlantedFaultTrial.CleanLedger {
    /// The trial of `fault` on this ledger.
    func plant(_ fault: PlantedFaultTrial.Fault, random: inout SeededGenerator) -> PlantedFaultTrial {
        let months = monthEnds.count
        let month = fault == .transposition ? random.next(in: 0...(months - 1)) : random.next(in: 1...(months - 1))
        let monthStart = first.advanced(by: month * 30)
        func inMonth(_ t: LedgerTransaction, days: ClosedRange<Int> = 0...29) -> Bool {
            let offset = monthStart.distance(to: t.day)
            return days.contains(offset)
        }
        var ledger = transactions
        // Rows the bank has that the clean ledger lacks (a second real purchase the import skipped).
        var bankOnly: [LedgerTransaction] = []
        var bankAmounts: [Int64: Amount] = [:]
        var expected = Set<Int64>()
        var missing: [Amount] = []
        var edited = Set<Int64>()
        var skipped: [LedgerTransaction] = []
        let imported = ledger.indices.filter { ledger[$0].sourceFormat == "csv" && inMonth(ledger[$0]) && ledger[$0].payee != "Alex Morgan" }
        let manual = ledger.indices.filter { ledger[$0].sourceFormat == "manual" && inMonth(ledger[$0]) }
        switch fault {
        case .duplicate:
            var copy = ledger[random.pick(imported)]
            expected = [copy.id ?? 0, nextId]
            copy.id = nextId
            copy.sourceFile = "giro-2025-\(month + 2).csv"
            ledger.append(copy)
        case .signFlip:
            let i = random.pick(imported)
            bankAmounts[ledger[i].id ?? 0] = ledger[i].amount
            ledger[i].amount = Amount(units: -ledger[i].amount.units, scale: 2)
            expected = [ledger[i].id ?? 0]
            edited = expected
        case .decimalSlip:
            let i = random.pick(manual)
            let u = ledger[i].amount.units
            ledger[i].amount = Amount(units: u % 10 == 0 && random.chance(0.5) ? u / 10 : u * 10, scale: 2)
            expected = [ledger[i].id ?? 0]
        case .transposition, .transpositionAfterAgreeing:
            // A row typed by hand, or an imported row whose amount the user edited.
            let byHand = random.chance(0.5)
            let pool = (byHand ? manual : imported).filter { PlantedFaultTrial.swappable(ledger[$0].amount.units) != nil }
            let i = random.pick(pool.isEmpty ? imported : pool)
            if !byHand { bankAmounts[ledger[i].id ?? 0] = ledger[i].amount }
            if let swapped = PlantedFaultTrial.swappable(ledger[i].amount.units, choice: random.next(in: 0...10)) {
                ledger[i].amount = Amount(units: swapped, scale: 2)
            }
            expected = [ledger[i].id ?? 0]
            if !byHand { edited = expected }
        case .twoExtra:
            for k in 0..<2 {
                let t = LedgerTransaction(id: nextId + Int64(k), accountId: 1, day: monthStart.advanced(by: random.next(in: 0...9)),
                                          amount: Amount(units: -Int64(500 + random.next(in: 0...6_000)), scale: 2), currency: .EUR,
                                          originalPayee: "Bargeld Ausgabe", memo: "von Hand", sourceFormat: "manual")
                expected.insert(t.id ?? 0)
                ledger.append(t)
            }
        case .twoMissing:
            // Two of: a transfer's counter-leg, a monthly payment, a row skipped from an overlapping statement.
            var sources = [0, 1, 2]
            let firstSource = sources.remove(at: random.next(in: 0...2))
            let secondSource = random.pick(sources)
            var removed = Set<Int>(), picked = Set<Int>()
            for source in [firstSource, secondSource] {
                let pool: [Int]
                switch source {
                case 0: pool = ledger.indices.filter { ledger[$0].payee == "Alex Morgan" && inMonth(ledger[$0]) }
                case 1: pool = ledger.indices.filter { ["Netflix International", "FitX Studio", "Telekom", "Hausverwaltung Schmidt"].contains(ledger[$0].payee ?? "") && inMonth(ledger[$0]) }
                default: pool = imported
                }
                let open = pool.filter { !picked.contains($0) }
                guard !open.isEmpty else { continue }
                let i = random.pick(open)
                picked.insert(i)
                missing.append(ledger[i].amount)
                if source == 2 {
                    // The bank has a second purchase like this one (same day, amount and text) that
                    // an overlapping statement lists and the import took for the stored one.
                    var row = ledger[i]
                    row.id = nil
                    row.sourceFile = "giro-2025-\(month + 2).csv"
                    skipped.append(row)
                    row.id = nextId + 1_000
                    bankOnly.append(row)
                } else {
                    removed.insert(i)
                }
            }
            ledger = ledger.indices.filter { !removed.contains($0) }.map { ledger[$0] }
        }
        // The bank's balances come from the clean ledger (and what only the bank has).
        let clean = (try? LedgerBalances(account: PlantedFaultTrial.account, transactions: transactions + bankOnly))
        var checkpoints: [Checkpoint] = []
        for (m, end) in monthEnds.enumerated() {
            guard let balance = try? clean?.balance(through: end) else { continue }
            if fault == .transposition {
                if m == months - 1 { checkpoints.append(Checkpoint(day: end, balance: balance, source: .ledger, currency: .EUR, file: "giro.ofx")) }
            } else {
                checkpoints.append(Checkpoint(day: end, balance: balance, source: .closing, currency: .EUR, file: "giro-2025-\(m + 1).csv"))
            }
        }
        let input = ReconciliationInput(account: PlantedFaultTrial.account, transactions: ledger, checkpoints: checkpoints)
        let savings = ReconciliationInput(account: PlantedFaultTrial.savings, transactions: savingsLegs)
        var trial = PlantedFaultTrial(fault: fault, input: input, expectedIds: expected, expectedMissing: missing, editedIds: edited,
                                      skippedRows: skipped, savings: savings)
        trial.bankAmounts = bankAmounts
        trial.lastGeneratedId = transactions.compactMap(\.id).max() ?? 0
        trial.monthStarts = (0..<months).map { first.advanced(by: $0 * 30) }
        return trial
    }
}

extension PlantedFaultTrial {
    /// `units` with two adjacent digits swapped (the `choice`-th such swap, wrapping), or nil when
    /// no two adjacent digits differ.
    static func swappable(_ units: Int64, choice: Int = 0) -> Int64? {
        let negative = units < 0
        var digits = Array(String(units.magnitude))
        let options = (0..<(digits.count - 1)).filter { digits[$0] != digits[$0 + 1] && !($0 == 0 && digits[1] == "0") }
        guard !options.isEmpty else { return nil }
        let k = options[choice % options.count]
        digits.swapAt(k, k + 1)
        guard let value = Int64(String(digits)) else { return nil }
        return negative ? -value : value
    }
}

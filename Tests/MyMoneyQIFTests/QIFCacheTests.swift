@_spi(Speed) import MyMoneyCore
import Testing
@testable import MyMoneyQIF
import MyMoneyTestSupport

/// The reader's caches (dates, `L`/`S` values, record fields, shared extras) against reading every
/// value afresh: random files whose values repeat, compared record by record.
@Suite struct QIFCacheTests {
    /// A date text in one of QIF's forms, sometimes invalid, sometimes long.
    static func dateText(_ r: inout SeededGenerator) -> String {
        let m = r.below(14), d = r.below(33), y = r.below(100)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        func pad(_ v: Int) -> String { v < 10 ? " \(v)" : "\(v)" }
        switch r.below(12) {
        case 0: return "\(m)/\(pad(d))'\(two(y))"
        case 1: return "\(m)/\(d)/\(two(y))"
        case 2: return "\(two(m))/\(two(d))/20\(two(y))"
        case 3: return "\(two(d)).\(two(m)).19\(two(y))"
        case 4: return "20\(two(y))-\(two(m))-\(two(d))"
        case 5: return "20\(two(y))\(two(m))\(two(d))"
        case 6: return "\(d) \(r.pick(["Jan", "Feb", "Mär", "Dec", "Foo"])) 20\(two(y))"
        case 7: return "\(m)/\(pad(d))'20\(two(y))"
        case 8: return "\(m) / \(d) / \(two(y))     x" // letters after it: no date
        case 9: return "\(m)/\(d)/19\(100 + y)" // the Y2K printing bug
        case 10: return "\(two(m))/\(two(d))/20\(two(y))   \t  " + String(repeating: "9", count: r.below(3)) // over 16 bytes
        default: return "\(m)/\(d)"
        }
    }

    /// A category value: categories, classes, transfers, splits markers, investment bars, blanks.
    static func categoryText(_ r: inout SeededGenerator) -> String {
        let names = ["Food", "Food:Groceries", "Auto:Fuel", " Rent ", "Gifts & Donations", "Mär:Ausgaben", ""]
        let classes = ["", "/Home", "/Trip:Berlin", "/ ", "/Business/Extra"]
        switch r.below(7) {
        case 0: return r.pick(names) + r.pick(classes)
        case 1: return "[" + r.pick(["Savings", "Visa Card", " Cash ", ""]) + "]" + r.pick(classes)
        case 2: return r.pick(["--Split--", " --Split-- ", "--split--"])
        case 3: return r.pick(names) + r.pick(classes) + "|[" + r.pick(["Brokerage", "Cash"]) + "]" + r.pick(classes)
        case 4: return "[Unclosed" + r.pick(classes)
        case 5: return String(repeating: "Long:", count: 10 + r.below(8)) + r.pick(names) // over 64 bytes
        default: return r.pick(names)
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func cachedDatesReadAsEachDateAlone(seed: UInt64) throws {
        var r = SeededGenerator(seed: seed)
        let texts = (0..<400).map { _ in QIFCacheTests.dateText(&r) }
        // Repeat every text a few times, in a shuffled order, so the cache is both hit and replaced.
        var order: [String] = []
        for _ in 0..<3 { order += texts.shuffled(using: &r) }
        for dayOrder in [DayOrder.monthDayYear, .dayMonthYear, .yearMonthDay] {
            var lines = ["!Type:Bank"]
            for (i, text) in order.enumerated() { lines += ["D" + text, "T-1.00", "P\(i)", "^"] }
            let document = readQIF(lines, options: ReadOptions(dayOrder: dayOrder))
            var expected: [String: String] = [:] // payee (record index) → day
            var invalid = 0
            for (i, text) in order.enumerated() {
                var copy = text
                let trimmed = copy.withUTF8 { bytes -> String in
                    var s = 0, e = bytes.count
                    while s < e, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
                    while e > s, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 { e -= 1 }
                    return String(decoding: bytes[s..<e], as: UTF8.self)
                }
                var t = trimmed
                if let day = t.withUTF8({ QIFDateText.scan($0) })?.day(dayOrder) {
                    expected["\(i)"] = day.description
                } else {
                    invalid += 1
                }
            }
            let read = Dictionary(document.transactions.map { ($0.payee ?? "", $0.day.description) }, uniquingKeysWith: { a, _ in a })
            #expect(read == expected, "order \(dayOrder)")
            // Every unreadable date is reported at its own line, also when the same text came before.
            #expect(document.codes(.error).filter { $0 == "qif.date" }.count == invalid, "order \(dayOrder)")
            #expect(invalid > 0 && expected.count > 0)
        }
    }

    @Test(arguments: [21, 22, 23, 24, 25, 26] as [UInt64])
    func evidenceFromRepeatedDatesDecidesAsEveryDateAlone(seed: UInt64) throws {
        // Few distinct texts, many repeats, in files short enough to be examined to the end.
        var r = SeededGenerator(seed: seed)
        let pool = (0..<(3 + r.below(20))).map { _ -> String in
            switch r.below(4) {
            case 0: return "\(1 + r.below(12))/\(1 + r.below(12))/\(10 + r.below(20))"
            case 1: return "\(1 + r.below(31))/\(1 + r.below(12))/2024"
            case 2: return "2024-0\(1 + r.below(9))-1\(r.below(9))"
            default: return QIFCacheTests.dateText(&r)
            }
        }
        let dates = (0..<(50 + r.below(400))).map { _ in r.pick(pool) }
        var text = "!Type:Bank\n"
        for d in dates { text += "D\(d)\nT-1.00\n^\n" }
        var bytes = Array(text.utf8)
        let scanned = bytes.withUnsafeMutableBufferPointer { QIFFileEvidence.scan(QIFText(UnsafeBufferPointer($0))) }
        var alone = QIFDateEvidence()
        for (i, d) in dates.enumerated() {
            var copy = d
            if let date = copy.withUTF8({ QIFDateText.scan($0) }) {
                alone.add(date, text: d, position: SourcePosition(offset: 0, line: 2 + 3 * i, column: 2))
            }
        }
        #expect(scanned.dates.count == alone.count)
        #expect(scanned.dates.remaining == alone.remaining && scanned.dates.conflicts == alone.conflicts)
        let (a, b) = (scanned.dates.decide(), alone.decide())
        #expect(a == b, "\(dates.prefix(20))")
        if case .ambiguous(_, let x) = a, case .ambiguous(_, let y) = b {
            #expect(x.map(\.line) == y.map(\.line) && x.map(\.text) == y.map(\.text))
        }
        if case .contradictory(let x) = a, case .contradictory(let y) = b {
            #expect(x.map(\.1.line) == y.map(\.1.line))
        }
    }

    @Test(arguments: [5, 6, 7] as [UInt64])
    func cachedCategoriesReadAsEachValueAlone(seed: UInt64) {
        var r = SeededGenerator(seed: seed)
        var lines = ["!Type:Bank"]
        var expected: [QIFCategoryField] = []
        var splitExpected: [[QIFCategoryField]] = []
        for i in 0..<600 {
            let text = QIFCacheTests.categoryText(&r)
            lines += ["D1/2'24", "T-10.00", "P\(i)", "L" + text]
            expected.append(QIFCategoryField(text))
            var splits: [QIFCategoryField] = []
            if r.below(4) == 0 {
                for amount in ["-4.00", "-6.00"] {
                    let s = QIFCacheTests.categoryText(&r)
                    lines += ["S" + s, "$" + amount]
                    splits.append(QIFCategoryField(s))
                }
            }
            splitExpected.append(splits)
            lines.append("^")
        }
        let transactions = readQIF(lines, options: ReadOptions(dayOrder: .monthDayYear)).transactions
        #expect(transactions.count == expected.count)
        for (t, (want, wantSplits)) in zip(transactions, zip(expected, splitExpected)) {
            #expect(QIFCategoryField(category: t.category, transferAccount: t.transferAccount, tags: t.tags) == want,
                    "transaction \(t.payee ?? "")")
            let got = t.splits.map { QIFCategoryField(category: $0.category, transferAccount: $0.transferAccount, tags: $0.tags) }
            #expect(got == wantSplits, "splits of \(t.payee ?? "")")
        }
    }

    @Test func categoryCacheGivesTheSameAsReadingOnCollidingSlots() {
        // Two slots: almost every value replaces another, and equal hashes must still compare bytes.
        let cache = SmallKeyCache<QIFCategoryField>(slots: 2, longest: 64)
        let strings = StringInterner(slots: 4)
        var r = SeededGenerator(seed: 99)
        for _ in 0..<500 {
            var text = QIFCacheTests.categoryText(&r)
            let (cached, direct) = text.withUTF8 { (cache.value(for: $0) { QIFCategoryField($0, strings: strings) }, QIFCategoryField($0)) }
            #expect(cached == direct, "\(text)")
        }
    }

    @Test func dayCacheTellsTextsApartByEveryByteAndLength() {
        // The fewest slots: texts land on the same entry, so only the stored bytes and length tell texts apart.
        let cache = SmallKeyCache<Day>(slots: 1, longest: 16)
        func store(_ text: String, _ day: Int32) {
            var copy = text
            copy.withUTF8 { bytes in cache.store(Day(daysSinceEpoch: day), for: bytes) }
        }
        func lookup(_ text: String) -> Day? {
            var copy = text
            return copy.withUTF8 { bytes in cache.value(for: bytes) }
        }
        store("12/31/2024", 1)
        #expect(lookup("12/31/2024") == Day(daysSinceEpoch: 1))
        #expect(lookup("12/31/2025") == nil) // differs in the second word
        #expect(lookup("12/30/2024") == nil) // differs in the first word
        store("3/4'24", 2)
        #expect(lookup("3/4'24") == Day(daysSinceEpoch: 2))
        #expect(lookup("3/4'24\u{0}") == nil) // the same packed words, another length
        store("01/02/2024 00001", 3) // sixteen bytes: the last one counts
        #expect(lookup("01/02/2024 00001") == Day(daysSinceEpoch: 3))
        #expect(lookup("01/02/2024 00002") == nil)
        let long = "12/31/2024 000000 0" // over sixteen bytes: not cached
        store(long, 4)
        #expect(lookup(long) == nil)
    }

    @Test func stringTableGivesEachValueThroughTrialsAndBypasses() {
        // Unique values first (the table is then bypassed), then repeated ones (a later trial
        // takes it back): every answer is the value's own text, whichever way it was made.
        let table = StringInterner(slots: 64)
        var r = SeededGenerator(seed: 11)
        var phases: [[String]] = []
        phases.append((0..<3000).map { "Card payment \($0)" })
        phases.append((0..<70_000).map { _ in r.pick(["REWE", "AMAZON.COM*M21KD0HA0 AM", "Shell 57442 Berlin-Mitte", "é ü"]) })
        phases.append((0..<3000).map { "memo \($0) " + String(repeating: "x", count: $0 % 120) })
        var mismatches = 0
        for phase in phases {
            for text in phase {
                var copy = text
                if copy.withUTF8({ table.string($0, stream: QIFParser.memoStream) }) != text { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func stringTableSharesRepeatedValuesAmidValuesThatNeverRepeat() {
        let table = StringInterner(slots: 8)
        var kept: [String] = [] // every answer stays alive: a freed string's address could come back
        func storage(_ text: String) -> UnsafePointer<UInt8>? {
            var copy = text
            var made = copy.withUTF8 { table.string($0) }
            kept.append(made)
            return made.withUTF8 { $0.baseAddress }
        }
        var shared = 0
        var previous: UnsafePointer<UInt8>?
        for i in 0..<2000 {
            _ = storage("Card payment number \(i)") // longer than a small string
            let address = storage("Stadtwerke Berlin GmbH")
            if address == previous { shared += 1 }
            previous = address
        }
        // Once in the table, the repeated value is one string; the unique ones never displace it.
        #expect(shared >= 1990)
        #expect(kept.count == 4000)
    }

    @Test func memosAndPayeesKeepTheirOwnTextWhenMemosNeverRepeat() {
        var lines = ["!Type:Bank"]
        for i in 0..<5000 { lines += ["D1/2'24", "T-1.00", "PShop \(i % 7)", "MPayment \(i)", "^"] }
        let transactions = readQIF(lines, options: ReadOptions(dayOrder: .monthDayYear)).transactions
        #expect(transactions.count == 5000)
        #expect(transactions.enumerated().allSatisfy { i, t in t.memo == "Payment \(i)" && t.payee == "Shop \(i % 7)" })
    }

    @Test func largeBlocksOfTwoAccountsKeepEveryTransaction() throws {
        // Big enough for the storage to be provided ahead in several steps (and moved when the
        // second block of an account needs more room than the first pass estimated).
        var lines = ["!Account", "NChecking", "TBank", "^", "!Type:Bank"]
        func record(_ i: Int) -> [String] { ["D\(i % 12 + 1)/\(i % 28 + 1)'24", "T-\(i).\(i % 100 < 10 ? "0" : "")\(i % 100)", "P\(i)", "^"] }
        for i in 0..<24_000 { lines += record(i) }
        lines += ["!Account", "NVisa", "TCCard", "^", "!Type:CCard"]
        for i in 24_000..<30_000 { lines += record(i) }
        lines += ["!Account", "NChecking", "TBank", "^", "!Type:Bank"]
        for i in 30_000..<42_000 { lines += record(i) }
        let statements = readQIF(lines, options: ReadOptions(dayOrder: .monthDayYear)).statements
        try #require(statements.count == 2)
        let checking = statements[0].transactions, visa = statements[1].transactions
        #expect(checking.count == 36_000 && visa.count == 6000)
        let expected = Array(0..<24_000) + Array(30_000..<42_000)
        #expect(checking.map { $0.payee ?? "" } == expected.map { "\($0)" })
        #expect(visa.map { $0.payee ?? "" } == (24_000..<30_000).map { "\($0)" })
        #expect(checking.last?.amount == amount("-41999.99") && visa.first?.amount == amount("-24000.00"))
    }

    @Test func fieldsOfOneRecordDoNotCarryIntoTheNext() throws {
        let document = readQIF(["!Type:Bank",
                                 "D1/2'24", "T-1.00", "PShop", "MA memo", "N101", "LFood/Home", "C*", "AStreet 1", "FX", "^",
                                 "D1/3'24", "T-2.00", "^",
                                 "D1/4'24", "U-3.00", "C*", "^"], options: ReadOptions(dayOrder: .monthDayYear))
        let t = document.transactions
        try #require(t.count == 3)
        #expect(t[0].payee == "Shop" && t[0].memo == "A memo" && t[0].checkNumber == "101" && t[0].category == "Food")
        #expect(t[0].tags == ["Home"])
        #expect(t[0].extra.map(\.key) == ["qif.cleared", "qif.address", "qif.F"])
        #expect(t[1].payee == nil && t[1].memo == nil && t[1].checkNumber == nil && t[1].category == nil)
        #expect(t[1].tags.isEmpty && t[1].extra.isEmpty && t[1].splits.isEmpty)
        #expect(t[1].amount == amount("-2.00"))
        #expect(t[2].amount == amount("-3.00") && t[2].extra == [StatementField("qif.cleared", "cleared")])
        #expect(t[2].position?.line == 15)
    }

    @Test(arguments: [31, 32] as [UInt64])
    func transactionFilledInPlaceIsTheTransactionMadeAlone(seed: UInt64) {
        // The in-place set-up (the reader's way) against making the transaction plainly, for
        // values with and without each optional field.
        var r = SeededGenerator(seed: seed)
        func maybe(_ text: String) -> String? { r.below(3) == 0 ? nil : text + " \(r.below(5))" }
        for i in 0..<2_000 {
            let day = Day(daysSinceEpoch: Int32(r.below(20_000)))
            let amount = Amount(units: Int64(r.below(100_000)) - 50_000, scale: 2)
            let (payee, memo, number, category, account) = (maybe("SHOP WITH A LONG NAME"), maybe("memo"), maybe("10"), maybe("Food:Groceries"), maybe("Savings"))
            let tags = r.below(2) == 0 ? [] : ["Home", "Trip"].shuffled(using: &r)
            let splits = r.below(4) == 0 ? [StatementSplit(amount: Amount(units: 1, scale: 2), category: maybe("Food"))] : []
            let extra = r.below(2) == 0 ? [] : [StatementField("qif.cleared", "cleared")]
            let position = SourcePosition(offset: i, line: i + 1, column: 1)
            let alone = QIFTransactionSetup.make(day: day, amount: amount, payee: payee, memo: memo, checkNumber: number, category: category,
                                                 transferAccount: account, tags: tags, splits: splits, extra: extra, position: position)
            var builder = InPlaceArrayBuilder(blank: StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero))
            let index = builder.appendBlank()
            QIFTransactionSetup.fill(&builder[index], day: day, amount: amount, payee: payee, memo: memo, checkNumber: number, category: category,
                                     transferAccount: account, tags: tags, splits: splits, extra: extra, position: position)
            let blank = builder[index]
            #expect(blank == alone, "transaction \(i)")
        }
    }
}

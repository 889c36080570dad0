import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// The reader's fast paths (shared cell strings, unescaping without arrays, the in-order shortcut)
/// give exactly what the plain paths give. (The shared string table, `StringInterner`, is tested
/// against its plain twin in MyMoneyCoreTests.)
@Suite struct HotPathTests {
    @Test func doubledQuotesAreUnescapedAlsoInFieldsLongerThanTheStackBuffer() {
        let long = String(repeating: "x", count: 5000)
        let text = "Date,Description,Amount\n2024-01-02,\"A \"\"quoted\"\" \(long)\",-1.00\n2024-01-03,\"  \"\"B\"\"  \",2.00\n"
        let s = onlyStatement(readCSV(text))
        #expect(s?.transactions.map(\.payee) == ["A \"quoted\" \(long)", "\"B\""])
    }

    @Test func repeatedPayeesStayEqualToTheirCells() throws {
        var text = "Date,Description,Amount,Balance\n"
        var balance = 0
        let payees = ["REWE Markt Berlin Mitte", "\"ACME, Inc \"\"Store 12\"\"\"", "Netflix International", "Geldautomat Alexanderplatz"]
        let shown = ["REWE Markt Berlin Mitte", "ACME, Inc \"Store 12\"", "Netflix International", "Geldautomat Alexanderplatz"]
        for i in 0..<40 {
            balance += 100 - i
            text += "2024-01-\(10 + i / 4),\(payees[i % 4]),\(100 - i).00,\(balance).00\n"
        }
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.payee) == (0..<40).map { shown[$0 % 4] })
        #expect(s.balances.filter { $0.kind == .running }.count == 40)
    }

    @Test func inOrderFileKeepsFileOrderAndEverySameDayRow() throws {
        let text = "Date,Description,Amount,Balance\n2024-01-02,A,-1.00,9.00\n2024-01-02,B,-2.00,7.00\n2024-01-03,C,5.00,12.00\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.payee) == ["A", "B", "C"])
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("10.00"))
        #expect(s.balances.filter { $0.kind == .running }.map(\.transactionIndex) == [0, 1, 2])
    }

    @Test func oneDayFileReadsNewestFirstWhenTheChainSaysSo() throws {
        // Same day, balances chain only bottom-up: the file lists the newest row first.
        let text = "Date,Description,Amount,Balance\n2024-01-02,C,5.00,12.00\n2024-01-02,B,-2.00,7.00\n2024-01-02,A,-1.00,9.00\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.payee) == ["A", "B", "C"])
    }

    @Test func balancesKeepTheirOrderWithAndWithoutPreambleBalances() throws {
        let withPreamble = """
        Description,,Summary Amt.
        Beginning balance as of 01/01/2020,,"1,000.00"
        Ending balance as of 01/31/2020,,"1,050.00"

        Date,Description,Amount,Running Bal.
        01/15/2020,"Payroll",75.00,"1,075.00"
        01/20/2020,"Coffee",-25.00,"1,050.00"

        """
        let a = try #require(onlyStatement(readCSV(withPreamble)))
        #expect(a.balances.map(\.kind) == [.opening, .closing, .running, .running])
        #expect(a.balances.map(\.transactionIndex) == [nil, nil, 0, 1])

        let plain = "Date,Description,Amount,Balance\n2024-01-02,A,-1.00,9.00\n2024-01-03,B,-2.00,7.00\n"
        let b = try #require(onlyStatement(readCSV(plain)))
        #expect(b.balances.map(\.kind) == [.opening, .running, .running, .closing])
        #expect(b.balances.map(\.amount) == [amount("10.00"), amount("9.00"), amount("7.00"), amount("7.00")])
    }

    @Test func chainBreaksAreReportedAlikeInFileOrderAndWhenTurnedAround() throws {
        // Ten broken links: refused with one error at the first; accepted, three warnings and a
        // count. The same whether the reader keeps the file's order (balances checked while
        // reading) or turns a newest-first file around.
        var rows: [String] = []
        var balance = 100
        for k in 0..<12 {
            balance += 1
            let written = k % 2 == 1 && k < 10 ? balance + 1000 : balance // every other row breaks the chain
            rows.append("2024-01-\(10 + k),P\(k),1.00,\(written).00")
        }
        let forwardText = "Date,Description,Amount,Balance\n" + rows.joined(separator: "\n") + "\n"
        let backwardText = "Date,Description,Amount,Balance\n" + rows.reversed().joined(separator: "\n") + "\n"
        func messages(_ result: ReadResult) -> [String] { result.diagnostics.filter { $0.code == "csv.balance.chain" }.map(\.message) }
        let refused = messages(readCSV(forwardText))
        #expect(refused.count == 1)
        #expect(refused == messages(readCSV(backwardText)))
        var options = ReadOptions()
        options.acceptBrokenBalances = true
        let forward = readCSV(forwardText, options: options), backward = readCSV(backwardText, options: options)
        let f = messages(forward), b = messages(backward)
        #expect(f.count == 4)
        #expect(f.last == "7 more balance mismatches not shown") // each break fails two links: 10 in all
        #expect(f == b)
        let s = try #require(onlyStatement(backward))
        #expect(s.transactions.map(\.payee) == (0..<12).map { "P\($0)" })
        #expect(s.balances.filter { $0.kind == .running }.map(\.transactionIndex) == (0..<12).map { $0 })
    }

    /// Kind, amount, day and transaction of each balance: what must not depend on the file's order.
    func balanceShape(_ s: Statement) -> [String] {
        s.balances.map { "\($0.kind) \($0.amount) \($0.day.map { "\($0)" } ?? "-") \($0.transactionIndex.map { "\($0)" } ?? "-")" }
    }

    @Test(arguments: [
        // The first row's balance is empty: no opening from it.
        ["2024-01-02,A,-1.00,", "2024-01-03,B,-2.00,7.00", "2024-01-04,C,3.00,10.00"],
        // A hole in the middle, and a break of the chain.
        ["2024-01-02,A,-1.00,9.00", "2024-01-03,B,-2.00,", "2024-01-04,C,3.00,10.00", "2024-01-05,D,1.00,99.00"],
        // Same-day rows at the end.
        ["2024-01-02,A,-1.00,9.00", "2024-01-03,B,-2.00,7.00", "2024-01-03,C,3.00,10.00"],
    ])
    func balancesReadAlikeFromOldestFirstAndNewestFirstFiles(rows: [String]) throws {
        let header = "Date,Description,Amount,Balance\n"
        let forward = readCSV(header + rows.joined(separator: "\n") + "\n")
        let backward = readCSV(header + rows.reversed().joined(separator: "\n") + "\n")
        let f = try #require(onlyStatement(forward)), b = try #require(onlyStatement(backward))
        #expect(f.transactions.map(\.payee) == b.transactions.map(\.payee))
        #expect(balanceShape(f) == balanceShape(b))
        #expect(forward.diagnostics.map(\.code) == backward.diagnostics.map(\.code))
    }

    @Test func accountColumnStatementsKeepTheirRunningBalances() throws {
        let text = """
        Date,Account,Description,Amount,Balance
        2024-01-02,DE01,A,-1.00,9.00
        2024-01-02,DE02,X,5.00,105.00
        2024-01-03,DE01,B,-2.00,7.00
        2024-01-04,DE02,Y,-5.00,100.00

        """
        let result = readCSV(text)
        #expect(result.statements.count == 2)
        let first = try #require(result.statements.first { $0.account.id == "DE01" })
        let second = try #require(result.statements.first { $0.account.id == "DE02" })
        #expect(balanceShape(first) == ["opening 10.00 2024-01-02 -", "running 9.00 2024-01-02 0", "running 7.00 2024-01-03 1", "closing 7.00 2024-01-03 -"])
        #expect(balanceShape(second).first == "opening 100.00 2024-01-02 -")
        #expect(balanceShape(second).last == "closing 100.00 2024-01-04 -")
    }

    @Test func alternatingStatusesAndCurrenciesAreJudgedRowByRow() throws {
        // The reader remembers the last status and currency cell: every change must be seen.
        let text = """
        Date,Description,Amount,Currency,State
        2024-01-02,A,-1.00,EUR,COMPLETED
        2024-01-03,B,-2.00,USD,PENDING
        2024-01-04,C,-3.00,USD,COMPLETED
        2024-01-05,D,-4.00,EUR,pending
        2024-01-06,E,-5.00,ZZZ1,Completed
        2024-01-07,F,-6.00,USD,COMPLETED
        2024-01-08,G,-7.00,EUR,PENDING

        """
        let result = readCSV(text)
        #expect(result.diagnostics.filter { $0.code == "csv.row.pending" }.count == 3)
        // Read rows: A EUR, C USD, E an unknown code (kept as an extra), F USD: one statement per currency.
        #expect(result.statements.map { $0.account.currency?.code ?? "-" } == ["EUR", "USD", "-"])
        #expect(result.statements.map { $0.transactions.compactMap(\.payee) } == [["A"], ["C", "F"], ["E"]])
        #expect(result.statements.allSatisfy { $0.transactions.allSatisfy { $0.currency == nil } })
        #expect(result.statements.last?.transactions.first?.extra("Currency") == "ZZZ1")
    }

    @Test(arguments: [
        (["TX-0001", "TX-0002", "TX-0003"], true),      // ASCII with digits: ids
        (["TX-A", "TX-B", "TX-C"], false),              // no digit: not ids
        (["رقم٣٤٥", "رقم٣٤٦", "رقم٣٤٧"], true),       // digits outside ASCII count too
        (["TX-0001", "TX-0002", "TX-0001"], false),     // a repeat: not ids
    ])
    func referenceColumnIsAnIdOnlyWithDigitsAndNoRepeats(ids: [String], kept: Bool) throws {
        var text = "Date,Description,Transaction ID,Amount\n"
        for (k, id) in ids.enumerated() { text += "2024-01-0\(k + 2),Shop,\(id),-1.00\n" }
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.id) == (kept ? ids.map { Optional($0) } : ids.map { _ in nil }))
        #expect(s.transactions.map { $0.extra("reference") } == (kept ? ids.map { _ in nil } : ids.map { Optional($0) }))
    }

    @Test func amountWithMoreDecimalPlacesThanAnAmountHoldsIsAnErrorNotACrash() throws {
        // Once a precondition failure in Amount(units:scale:): 20 places, none significant.
        let text = "Date,Description,Amount\n2024-01-02,A,0.00000000000000000000\n2024-01-03,B,-2.00\n"
        let result = readCSV(text)
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.map(\.payee) == ["B"])
        #expect(result.diagnostics.contains { $0.code == "csv.amount" && $0.message.contains("more than 18 decimal places") })
    }

    @Test func idCheckByHashesAgreesWithTheSetOnRandomIds() {
        var rng = SeededGenerator(seed: 99)
        let alphabet = Array("AB01-")
        for round in 0..<400 {
            let count = round % 50 == 0 ? 3000 : Int.random(in: 0...40, using: &rng)
            let transactions = (0..<count).map { _ -> StatementTransaction in
                var t = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)
                let length = count > 100 ? 9 : Int.random(in: 0...4, using: &rng) // short: repeats are common
                t.id = length == 0 && Bool.random(using: &rng) ? nil
                    : String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
                return t
            }
            transactions.withUnsafeBufferPointer { t in
                #expect(IdRepeatCheck.firstOffender(t) == IdRepeatCheck.bySet(t), "round \(round)")
                // Hashes of 2 bits meet all the time: ids are then told apart by comparing them.
                let expected = IdRepeatCheck.bySet(t)
                switch IdRepeatCheck.byHashes(t, hashBits: 2) {
                case .notASCII: break
                case .none: #expect(expected == nil, "round \(round)")
                case .offender(let id): #expect(id == expected, "round \(round)")
                }
            }
        }
    }

    @Test func idsEqualUnderUnicodeButWrittenDifferentlyStillRepeat() {
        // "é" as one code point and as e + combining accent: one id for Swift's String, two byte strings.
        let ids = ["Caf\u{e9} 12", "Cafe\u{301} 12"]
        let transactions = ids.map { id -> StatementTransaction in
            var t = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)
            t.id = id
            return t
        }
        transactions.withUnsafeBufferPointer { t in
            #expect(IdRepeatCheck.byHashes(t) == .notASCII)
            #expect(IdRepeatCheck.firstOffender(t) == "Cafe\u{301} 12")
        }
    }

    @Test func radixSortSortsLikeSort() {
        var rng = SeededGenerator(seed: 5)
        for n in [0, 1, 2, 17, 1000, 70000] {
            var keys = (0..<n).map { _ in rng.next() >> UInt64(Int.random(in: 0...63, using: &rng)) }
            if n > 10 { keys[3] = keys[7] } // equal keys too
            let expected = keys.sorted()
            IdRepeatCheck.radixSort(&keys)
            #expect(keys == expected, "n \(n)")
        }
    }

    /// Keys as the check makes them (a hash above, the row below, rows ascending in the order
    /// given) come out fully sorted from the sort by the hash bits alone; some hashes repeat.
    @Test func sortingByTheHashBitsAloneSortsKeysAddedInRowOrder() {
        var rng = SeededGenerator(seed: 9)
        for (n, hashBits) in [(0, 33), (1, 33), (2, 33), (300, 4), (5000, 12), (70000, 33)] {
            let rowBits = IdRepeatCheck.Keys.indexBits
            var keys = (0..<n).map { row in (rng.next() >> UInt64(64 - hashBits)) << UInt64(rowBits) | UInt64(row) }
            let expected = keys.sorted()
            IdRepeatCheck.radixSort(&keys, above: rowBits)
            #expect(keys == expected, "n \(n), \(hashBits) hash bits")
        }
    }
}

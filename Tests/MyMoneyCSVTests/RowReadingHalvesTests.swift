import Foundation
import Testing
@testable import MyMoneyCSV
import MyMoneyCore
import MyMoneyTestSupport

/// A table's rows read in two halves, the second on another core (``CSVRowReader``'s halves),
/// give exactly what one reader going through them all gives: statements, balances and every
/// diagnostic, in order. Halves are cut in small tables too here (`leastRowsForHalves` lowered).
@Suite struct RowReadingHalvesTests {
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var taken = 0, refused = 0
        func add(_ wasTaken: Bool) { lock.lock(); if wasTaken { taken += 1 } else { refused += 1 }; lock.unlock() }
        var counts: (taken: Int, refused: Int) { lock.lock(); defer { lock.unlock() }; return (taken, refused) }
    }

    /// Reads `text` plainly and in halves (with `options` otherwise); expects the same result and
    /// returns whether the second half was taken as read, nil when the table was not cut.
    @discardableResult
    func expectSame(_ text: String, file: String = "bank.csv", options: ReadOptions = ReadOptions(),
                    sourceLocation: SourceLocation = #_sourceLocation) -> Bool? {
        let bytes = Array(text.utf8)
        var plain = options
        plain.readsInHalves = false
        var halves = options
        halves.readsInHalves = true
        halves.leastRowsForHalves = 2
        let heard = Heard()
        halves.heardHalves = { heard.add($0) }
        let reader = CSVReader(profiles: shippedProfiles)
        let one = reader.read(bytes, file: file, options: plain)
        let two = reader.read(bytes, file: file, options: halves)
        #expect(two.diagnostics == one.diagnostics, "\(file)", sourceLocation: sourceLocation)
        #expect(two.statements == one.statements, "\(file)", sourceLocation: sourceLocation)
        let counts = heard.counts
        return counts.taken + counts.refused == 0 ? nil : counts.taken > 0
    }

    /// `count` rows with a running balance; `row(i)` may change a row's cells.
    func table(_ count: Int, header: String = "Date,Description,Amount,Balance",
               row: (Int, inout (day: String, text: String, amount: String, balance: String)) -> Void = { _, _ in }) -> String {
        var lines = [header]
        var balance = 100_000
        for i in 0..<count {
            let amount = i % 3 == 0 ? 2_500 + i : -(i % 97 + 1) * 10 - i % 7
            balance += amount
            var cells = (day: "2026-\(String(format: "%02d", i / 28 % 12 + 1))-\(String(format: "%02d", i % 28 + 1))",
                         text: i % 5 == 0 ? "REWE Markt \(i % 13)" : "Shop \(i % 29)",
                         amount: Amount(units: Int64(amount), scale: 2).description,
                         balance: Amount(units: Int64(balance), scale: 2).description)
            row(i, &cells)
            lines.append("\(cells.day),\(cells.text),\(cells.amount),\(cells.balance)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aCleanTableIsTakenInHalvesAsReadWhole() {
        #expect(expectSame(table(2_000)) == true)
        #expect(expectSame(table(3)) == true)
    }

    /// A balance that breaks the chain right where the halves meet, and more breaks on both
    /// sides: the warnings are those of the chain read whole.
    @Test func balancesBreakingAtTheCutAreFoundAsInTheWholeRead() {
        let text = table(1_000) { i, cells in
            if i == 500 || i == 501 || i % 97 == 3 { cells.balance = "1.00" }
            if i == 499 { cells.balance = "" }
        }
        #expect(expectSame(text) == true)
    }

    /// More unreadable amounts than the limit shown, in both halves; pending rows, zero amounts,
    /// days that go back at the cut.
    @Test func diagnosticsSkipsAndDayOrderAddUpAcrossTheCut() {
        let text = table(1_200, header: "Date,Description,Amount,Balance") { i, cells in
            if i % 40 == 7 { cells.amount = "12,x5" }
            if i == 600 { cells.day = "2025-01-01" }
            if i % 111 == 0 { cells.amount = "0.00" }
        }
        #expect(expectSame(text) == true)
        var withStatus = ["Date,Status,Description,Amount"]
        for i in 0..<900 { withStatus.append("2026-03-\(String(format: "%02d", i % 28 + 1)),\(i % 9 == 4 ? "pending" : "booked"),Shop \(i),-\(i % 50 + 1).00") }
        #expect(expectSame(withStatus.joined(separator: "\n") + "\n") == true)
    }

    /// Detail lines (the parts of a collective order) belong to the row above them, also across
    /// the cut: a second half with any is read again after the first.
    @Test func detailLinesSendTheSecondHalfBackToBeReadAfterTheFirst() {
        var lines = ["Date,Description,Amount,Balance"]
        var balance = 1_000_00
        for i in 0..<800 {
            balance -= 1_000
            lines.append("2026-04-\(String(format: "%02d", i % 28 + 1)),Order \(i),-10.00,\(Amount(units: Int64(balance), scale: 2))")
            if i == 399 || i == 650 { lines.append(",part one,-4.00,"); lines.append(",part two,-6.00,") }
        }
        #expect(expectSame(lines.joined(separator: "\n") + "\n") == false)
    }

    /// Indicator words of unknown sign are numbered in file order: a second half with any is
    /// read again after the first.
    @Test func wordsOfUnknownSignSendTheSecondHalfBack() {
        var lines = ["Date,Description,Amount,Debit/Credit,Balance"]
        var balance = 50_000
        for i in 0..<600 {
            let out = i % 4 != 0
            balance += out ? -700 : 1_500
            lines.append("2026-05-\(String(format: "%02d", i % 28 + 1)),Item \(i),\(out ? "7.00" : "15.00"),\(out ? "ZZOUT" : "ZZIN"),\(Amount(units: Int64(balance), scale: 2))")
        }
        #expect(expectSame(lines.joined(separator: "\n") + "\n") == false)
    }

    /// Every corpus and sample CSV file, read whole and in halves, under the options the
    /// corpus tests use.
    @Test func everyCorpusAndSampleCSVReadsTheSameInHalves() throws {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        var taken = 0, cut = 0
        for url in CSVStatementStreamTests.files {
            let bytes = try Data(contentsOf: url)
            guard let text = String(data: bytes, encoding: .utf8) else { continue }
            for options in [ReadOptions(), ReadOptions(strict: true), ReadOptions(dayOrder: .dayMonthYear)] {
                switch expectSame(text, file: url.lastPathComponent, options: options) {
                case true?: taken += 1; cut += 1
                case false?: cut += 1
                case nil: break
                }
            }
        }
        print("RowReadingHalvesTests: \(cut) corpus and sample reads cut in halves, \(taken) taken as read")
        #expect(taken > 0)
    }
}

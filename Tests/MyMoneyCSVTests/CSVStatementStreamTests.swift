import Foundation
import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// The streamed CSV read (two passes over the table, transactions made again as they are handed
/// on: ``CSVStatementStream``) gives what the whole read gives, its plain twin: the same
/// statements and transactions, the same diagnostics in the same order, the same source, on
/// every CSV file of the corpus and the samples and on generated files of several layouts; a
/// file that must be read whole (newest first, a broken chain, an account column, …) is.
@Suite struct CSVStatementStreamTests {
    /// The streamed read put back together, and whether it took the two passes.
    struct Streamed {
        var result: ReadResult
        var statements: [Statement]
        var streamed: Bool
        /// Transactions handed on outside a statement (none expected).
        var stray: Int
    }

    static func stream(_ bytes: [UInt8], file: String, options: ReadOptions, reader: CSVReader) -> Streamed {
        var statements: [Statement] = []
        var pending: [StatementTransaction] = []
        let (result, streamed) = reader.readStreaming(bytes, file: file, options: options, transaction: { pending.append($0) },
                                                      statementEnd: { s in
            var s = s
            s.transactions = pending
            pending = []
            statements.append(s)
        })
        return Streamed(result: result, statements: statements, streamed: streamed, stray: pending.count)
    }

    /// Holds the streamed read to the whole read of the same bytes; returns whether it streamed.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], file: String, options: ReadOptions, reader: CSVReader = CSVReader(profiles: shippedProfiles),
                           sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let whole = reader.read(bytes, file: file, options: options)
        let streamed = stream(bytes, file: file, options: options, reader: reader)
        #expect(streamed.result.diagnostics == whole.diagnostics, "\(file)", sourceLocation: sourceLocation)
        #expect(streamed.result.source?.text == whole.source?.text, "\(file)", sourceLocation: sourceLocation)
        #expect(streamed.stray == 0, "\(file)", sourceLocation: sourceLocation)
        let usable = whole.isUsable(strict: options.strict)
        #expect(streamed.result.isUsable(strict: options.strict) == usable, "\(file)", sourceLocation: sourceLocation)
        if usable {
            #expect(streamed.statements == whole.statements, "\(file)", sourceLocation: sourceLocation)
        } else {
            #expect(streamed.statements.isEmpty, "an unusable file hands on nothing: \(file)", sourceLocation: sourceLocation)
        }
        // The result holds the statements without their transactions.
        #expect(streamed.result.statements == whole.statements.map { var s = $0; s.transactions = []; return s }, "\(file)",
                sourceLocation: sourceLocation)
        return streamed.streamed
    }

    static var files: [URL] {
        var urls: [URL] = []
        for root in [Corpus.directory, Corpus.samples].compactMap({ $0 }) {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["csv", "tsv", "txt"].contains(url.pathExtension.lowercased()) { urls.append(url) }
        }
        return urls.sorted { $0.path < $1.path }
    }

    @Test func everyCorpusAndSampleCSVStreamsWhatTheWholeReadGives() throws {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        let files = Self.files
        #expect(files.count > 1)
        var streamedCount = 0
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            for options in [ReadOptions(), ReadOptions(strict: true), accepting(), ReadOptions(dayOrder: .dayMonthYear)] {
                if Self.expectSame(bytes, file: url.lastPathComponent, options: options) { streamedCount += 1 }
            }
        }
        // The two passes must not be a path no real file takes (44 of the 252 reads when written).
        print("CSVStatementStreamTests: \(streamedCount) of \(files.count * 4) corpus and sample reads took the two passes")
        #expect(Corpus.directory == nil || streamedCount > 0)
    }

    /// A generated bank export of `count` rows.
    struct Export {
        var count = 400
        var semicolons = false
        var newestFirst = false
        var balance = true
        var ids = true
        var repeatedId = false
        var status = false
        var currency = false
        var otherCurrencyEvery: Int?
        var account = false
        var breakChainAt: Int?
        var badAmountAt: Int?
        var badBalanceAt: Int?
        var statedOpeningAndClosing = false
        var trailer = false
        var quotedPayees = false
        var unsortedAt: Int?

        var text: String {
            var lines: [String] = []
            let d = semicolons ? ";" : ","
            let opening = 1_000_00
            var rows: [(day: Int, cents: Int)] = []
            for i in 0..<count { rows.append((i / 3, ((i * 7919) % 20_000) - 12_000)) }
            if let k = unsortedAt, k + 5 < rows.count { rows.swapAt(k, k + 5) }
            let total = rows.reduce(0) { $0 + $1.cents }
            func money(_ cents: Int) -> String {
                let sign = cents < 0 ? "-" : ""
                let a = abs(cents)
                return "\(sign)\(a / 100)\(semicolons ? "," : ".")\(String(format: "%02d", a % 100))"
            }
            func date(_ offset: Int) -> String {
                let day = Day(daysSinceEpoch: Int32(20_000 + offset))
                let iso = day.description // YYYY-MM-DD
                if !semicolons { return iso }
                let p = iso.split(separator: "-")
                return "\(p[2]).\(p[1]).\(p[0])"
            }
            if statedOpeningAndClosing {
                lines.append("Opening balance\(d)\(money(opening))")
                lines.append("Closing balance\(d)\(money(opening + total))")
                lines.append("")
            }
            var header = ["Date", "Description", "Amount"]
            if currency { header.append("Currency") }
            if status { header.append("Status") }
            if account { header.append("Account") }
            if ids { header.append("Transaction ID") }
            if balance { header.append("Balance") }
            lines.append(header.joined(separator: d))
            var running = opening
            var body: [String] = []
            for (i, row) in rows.enumerated() {
                running += row.cents
                let pending = status && i % 11 == 5
                if !pending || true {}
                var cells = [date(row.day),
                             quotedPayees ? "\"SHOP \"\"\(i % 13)\"\" \(d) LTD\"" : "SHOP \(i % 13)",
                             badAmountAt == i ? "12x.5" : money(row.cents)]
                if currency { cells.append(otherCurrencyEvery.map { i % $0 == 0 ? "USD" : "EUR" } ?? "EUR") }
                if status { cells.append(pending ? "Pending" : "Booked") }
                if account { cells.append(i % 2 == 0 ? "Checking" : "Savings") }
                if ids { cells.append(repeatedId && i == count / 2 ? "T1" : "T\(i + 1)") }
                if balance {
                    let shown = breakChainAt == i ? running + 100 : running
                    cells.append(badBalanceAt == i ? "n/a" : money(shown))
                }
                if pending { running -= row.cents } // a pending row has not moved the balance
                body.append(cells.joined(separator: d))
            }
            if newestFirst { body.reverse() }
            lines += body
            if trailer { lines += ["", "Total\(d)\(d)\(money(total))", "*** end of statement ***"] }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    static let exports: [(name: String, export: Export, streams: Bool)] = {
        var all: [(String, Export, Bool)] = [("plain", Export(), true)]
        func with(_ name: String, streams: Bool, _ change: (inout Export) -> Void) {
            var e = Export()
            change(&e)
            all.append((name, e, streams))
        }
        with("semicolons, decimal comma, day.month.year", streams: true) { $0.semicolons = true }
        with("no balance column", streams: true) { $0.balance = false }
        with("no balance column, no ids", streams: true) { $0.balance = false; $0.ids = false }
        with("a repeated id demotes every id", streams: true) { $0.repeatedId = true }
        with("pending rows skipped", streams: true) { $0.status = true }
        with("a currency column", streams: true) { $0.currency = true }
        with("another currency every 7th row", streams: false) { $0.currency = true; $0.otherCurrencyEvery = 7 }
        with("quoted payees with doubled quotes", streams: true) { $0.quotedPayees = true }
        with("a trailer below the table", streams: true) { $0.trailer = true }
        with("an unreadable balance (a warning)", streams: true) { $0.badBalanceAt = 200 }
        with("newest first", streams: false) { $0.newestFirst = true }
        with("newest first without balances", streams: false) { $0.newestFirst = true; $0.balance = false }
        with("days out of order", streams: false) { $0.unsortedAt = 100 }
        with("a broken chain", streams: false) { $0.breakChainAt = 250 }
        with("an account column", streams: false) { $0.account = true }
        with("stated opening and closing without balances", streams: false) { $0.statedOpeningAndClosing = true; $0.balance = false }
        with("an unreadable amount (the chain then breaks)", streams: false) { $0.badAmountAt = 300 }
        with("an unreadable amount without balances", streams: true) { $0.badAmountAt = 300; $0.balance = false }
        return all
    }()

    @Test(arguments: 0..<exports.count)
    func generatedExportStreamsWhatTheWholeReadGives(_ k: Int) {
        let (name, export, streams) = Self.exports[k]
        let bytes = Array(export.text.utf8)
        for options in [ReadOptions(), ReadOptions(strict: true), accepting()] {
            let streamed = Self.expectSame(bytes, file: "\(name).csv", options: options)
            #expect(streamed == streams, "\(name): \(streamed ? "streamed" : "read whole")")
        }
    }

    @Test func aStreamedFileHandsOnEveryTransactionInFileOrder() throws {
        let text = Export(count: 5_000).text
        let streamed = Self.stream(Array(text.utf8), file: "long.csv", options: ReadOptions(), reader: CSVReader())
        #expect(streamed.streamed)
        let statement = try #require(streamed.statements.first)
        #expect(statement.transactions.count == 5_000)
        #expect(statement.transactions.map(\.id) == (1...5_000).map { "T\($0)" })
        #expect(statement.balances.filter { $0.kind == .running }.count == 5_000)
    }

    /// The id check from bytes (the stream's, no String per id) agrees with the set on random ids,
    /// also with hashes of 2 bits, which meet all the time.
    @Test func idCheckFromBytesAgreesWithTheSetOnRandomIds() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("AB01-")
        for round in 0..<400 {
            let count = round % 50 == 0 ? 3000 : Int.random(in: 0...40, using: &rng)
            let ids: [String?] = (0..<count).map { _ in
                let length = count > 100 ? 9 : Int.random(in: 0...4, using: &rng)
                return length == 0 && Bool.random(using: &rng) ? nil
                    : String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            }
            let bytes = ids.map { $0.map { Array($0.utf8) } }
            func facts(_ k: Int) -> IdRepeatCheck.IdFacts? {
                guard let b = bytes[k], !b.isEmpty else { return nil }
                return b.withUnsafeBufferPointer { IdRepeatCheck.IdFacts($0) }
            }
            let expected = IdRepeatCheck.bySet(count: count) { ids[$0] }
            #expect(IdRepeatCheck.firstOffender(count: count, facts: facts, same: { bytes[$0] == bytes[$1] }, id: { ids[$0] }) == expected,
                    "round \(round)")
            switch IdRepeatCheck.byHashes(count: count, hashBits: 2, facts: facts, same: { bytes[$0] == bytes[$1] }, id: { ids[$0] }) {
            case .notASCII: Issue.record("ASCII ids taken for others")
            case .none: #expect(expected == nil, "round \(round)")
            case .offender(let id): #expect(id == expected, "round \(round)")
            }
            // The keys gathered id by id, as the stream's first pass gathers them from its cells.
            for hashBits in [2, 33] {
                var keys = IdRepeatCheck.Keys(hashBits: hashBits, capacity: count)
                for k in 0..<count where keys.wantsMore {
                    (bytes[k] ?? []).withUnsafeBufferPointer { keys.add(k, bytes: $0) }
                }
                #expect(IdRepeatCheck.firstOffender(gathered: &keys, count: count, same: { bytes[$0] == bytes[$1] }, id: { ids[$0] }) == expected,
                        "round \(round), \(hashBits) bits")
            }
        }
    }

    @Test func idsWithPaddingAndQuotesAreComparedAsTheirCells() {
        // " T1" and "T1" are one id once trimmed; "T""2" and T"2 too once unescaped.
        for (cells, demoted) in [(["T1", " T1 ", "T3"], true), (["\"T\"\"2\"", "T9", "\"T\"\"2\""], true), (["T1", "T2", "T3"], false),
                                  // Ids the first pass's keys cannot decide (not ASCII: the set does) or stop at (no digit).
                                  (["Caf\u{e9} 12", "T5", "Cafe\u{301} 12"], true), (["Caf\u{e9} 1", "Caf\u{e9} 2"], false),
                                  (["T1", "SHOP", "T1"], true), (["T1", "T2", "T1", "SHOP"], true)] {
            var text = "Date,Description,Amount,Transaction ID,Balance\n"
            var balance = 0
            for (i, id) in cells.enumerated() { balance += 100; text += "2026-10-0\(i + 1),SHOP,1.00,\(id),\(balance / 100).00\n" }
            #expect(Self.expectSame(Array(text.utf8), file: "ids.csv", options: ReadOptions()))
            let whole = CSVReader().read(Array(text.utf8), file: "ids.csv", options: ReadOptions())
            #expect(whole.diagnostics.contains { $0.code == "csv.id.repeated" } == demoted, "\(cells)")
        }
    }
}

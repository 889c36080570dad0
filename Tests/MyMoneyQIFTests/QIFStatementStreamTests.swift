import Foundation
import Testing
import MyMoneyQIF
import MyMoneyTestSupport

/// `read(_:file:options:firstStatement:)` against its plain twin `read(_:file:options:)`: the
/// first statement's transactions are handed out in order (and not kept), everything else is the
/// whole read's, on every QIF file of the corpus and on generated files of one account, of
/// several, and of accounts that interleave.
@Suite("QIF statement stream")
struct QIFStatementStreamTests {
    static func expectSameAsWholeRead(_ bytes: [UInt8], name: String, options: ReadOptions = ReadOptions(),
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = QIFReader().read(bytes, file: name, options: options)
        var handed: [StatementTransaction] = []
        let streamed = QIFReader().read(bytes, file: name, options: options) { handed.append($0) }
        #expect(streamed.diagnostics == whole.diagnostics, sourceLocation: sourceLocation)
        #expect(streamed.source?.text == whole.source?.text, sourceLocation: sourceLocation)
        #expect(streamed.statements.first?.transactions.isEmpty ?? true, sourceLocation: sourceLocation)
        var rebuilt = streamed.statements
        if !rebuilt.isEmpty { rebuilt[0].transactions = handed } else { #expect(handed.isEmpty || !whole.isUsable(strict: false)) }
        if whole.isUsable(strict: false) {
            #expect(rebuilt == whole.statements, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: Corpus.keys(prefix: "qif/"))
    func corpusFileStreamsItsFirstStatementLikeAWholeRead(_ key: String) throws {
        guard Corpus.directory != nil else { print(Corpus.absentMessage); return }
        var options = ReadOptions()
        if let facts = Corpus.facts(for: key), let parseOptions = facts["parse_options"] as? [String: Any],
           let dayFirst = parseOptions["day_first"] as? Bool {
            options.dayOrder = dayFirst ? .dayMonthYear : .monthDayYear
        }
        Self.expectSameAsWholeRead(try Corpus.bytes(key), name: key, options: options)
        Self.expectSameAsWholeRead(try Corpus.bytes(key), name: key)
    }

    static func register(_ count: Int, from start: Int = 0) -> String {
        (start..<(start + count)).map { i in
            "D\(1 + i % 12)/\(1 + i % 28)/2026\nT-\(i).\(i % 100)\nP\(["SHOP", "CAFE", "RENT"][i % 3]) \(i % 5)\nMmemo \(i)\nLFood:Groceries\n^\n"
        }.joined()
    }

    @Test(arguments: [0, 1, 2, 5_000])
    func oneAccountStreamsEveryTransaction(_ count: Int) {
        let text = "!Type:Bank\nD1/1/2026\nT100.00\nPOpening Balance\nL[Checking]\n^\n" + Self.register(count)
        Self.expectSameAsWholeRead(Array(text.utf8), name: "one.qif")
    }

    @Test func interleavedAccountsKeepEachAccountsTransactionsTogether() {
        // Checking, then Savings, then Checking again: the second Checking block joins the first
        // statement (handed out), Savings is held whole.
        let text = "!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNSavings\nTBank\n^\n!Clear:AutoSwitch\n"
            + "!Account\nNChecking\nTBank\n^\n!Type:Bank\n" + Self.register(3)
            + "!Account\nNSavings\nTBank\n^\n!Type:Bank\n" + Self.register(2, from: 100)
            + "!Account\nNChecking\nTBank\n^\n!Type:Bank\n" + Self.register(2, from: 200)
        let whole = QIFReader().read(Array(text.utf8), file: "mixed.qif", options: ReadOptions())
        #expect(whole.statements.map(\.transactions.count) == [5, 2])
        Self.expectSameAsWholeRead(Array(text.utf8), name: "mixed.qif")
    }

    @Test func aFileWhoseDatesSettleNoOrderHandsOutNothingUsable() {
        let text = "!Type:Bank\nD1/2/2026\nT-1\n^\nD2/1/2026\nT-2\n^\n"
        let result = QIFReader().read(Array(text.utf8), file: "ambiguous.qif", options: ReadOptions()) { _ in }
        #expect(result.diagnostics.contains { $0.code == "qif.date.order" })
        Self.expectSameAsWholeRead(Array(text.utf8), name: "ambiguous.qif")
    }
}

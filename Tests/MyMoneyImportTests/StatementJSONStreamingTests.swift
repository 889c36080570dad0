import Testing
import MyMoneyCore
import MyMoneyImport
import MyMoneyTestSupport

/// `parse --format json` streams: the streamed document against its plain twin, the tree
/// (`StatementJSON.document(_:)` serialized), byte for byte, on random statements with every
/// optional field present or absent.
@Suite("statement JSON, streamed")
struct StatementJSONStreamingTests {
    static let texts: [String?] = [nil, "", "REWE Markt", "Zahlung \"SEPA\"\\", "tab\there\nline", "\u{1B}[31mred", "\u{85}C1", "Grüße €", "😀"]

    static func text(_ random: inout SeededGenerator) -> String? { texts.randomElement(using: &random)! }

    static func amount(_ random: inout SeededGenerator) -> Amount {
        Amount(units: Int64.random(in: -10_000_000...10_000_000, using: &random), scale: Int.random(in: 0...4, using: &random))
    }

    static func day(_ random: inout SeededGenerator) -> Day { Day(daysSinceEpoch: Int32.random(in: -20_000...40_000, using: &random)) }

    static func fields(_ random: inout SeededGenerator) -> [StatementField] {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in StatementField(text(&random) ?? "k", text(&random) ?? "") }
    }

    static func transaction(_ random: inout SeededGenerator) -> StatementTransaction {
        let splits = (0..<(Bool.random(using: &random) ? 0 : Int.random(in: 1...3, using: &random))).map { _ in
            StatementSplit(amount: amount(&random), category: text(&random), transferAccount: text(&random), memo: text(&random),
                           tags: ["a"])
        }
        return StatementTransaction(
            day: day(&random), amount: amount(&random), currency: Bool.random(using: &random) ? Currency(code: "EUR") : nil,
            payee: text(&random), memo: text(&random), id: text(&random), bankType: text(&random), checkNumber: text(&random),
            category: text(&random), transferAccount: text(&random),
            tags: (0..<Int.random(in: 0...2, using: &random)).map { _ in text(&random) ?? "x" }, splits: splits,
            extra: fields(&random),
            position: Bool.random(using: &random) ? SourcePosition(offset: 0, line: Int.random(in: 1...99_999, using: &random), column: 1) : nil)
    }

    static func statement(_ random: inout SeededGenerator) -> Statement {
        let balances = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            StatementBalance(kind: StatementBalance.Kind.allCases.randomElement(using: &random)!, amount: amount(&random),
                             day: Bool.random(using: &random) ? day(&random) : nil,
                             currency: Bool.random(using: &random) ? Currency(code: "USD") : nil,
                             transactionIndex: Bool.random(using: &random) ? Int.random(in: 0...9, using: &random) : nil)
        }
        let first = day(&random)
        return Statement(
            source: StatementSource(file: text(&random) ?? "-", format: "csv", encoding: Bool.random(using: &random) ? "utf-8" : nil,
                                    profile: text(&random)),
            account: StatementAccount(id: text(&random), bankId: text(&random), branchId: text(&random), name: text(&random),
                                      kind: AccountKind.allCases.randomElement(using: &random),
                                      currency: Bool.random(using: &random) ? Currency(code: "CHF") : nil, bankType: text(&random)),
            period: Bool.random(using: &random) ? DayRange(start: first, end: first) : nil,
            balances: balances,
            transactions: (0..<Int.random(in: 0...6, using: &random)).map { _ in transaction(&random) },
            extra: fields(&random))
    }

    static func streamed(_ statements: [Statement], pretty: Bool) -> String {
        let sink = CollectedBytes()
        var json = JSONWriter(into: sink, pretty: pretty)
        StatementJSON.beginDocument(into: &json)
        for s in statements { StatementJSON.write(s, into: &json) }
        StatementJSON.endDocument(into: &json)
        json.finish()
        return sink.text
    }

    @Test func streamedDocumentEqualsTheTreeForRandomStatements() {
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<400 {
            let statements = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.statement(&random) }
            for pretty in [true, false] {
                #expect(Self.streamed(statements, pretty: pretty) == StatementJSON.document(statements).serialized(pretty: pretty))
            }
        }
    }

    @Test func noStatementsIsAnEmptyList() {
        #expect(Self.streamed([], pretty: true) == "{\n  \"statements\": []\n}")
    }
}

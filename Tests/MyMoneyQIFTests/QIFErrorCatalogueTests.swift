import Testing
import MyMoneyQIF

/// One minimal input per diagnostic code, with its exact rendered output (the error catalogue).
@Suite struct QIFErrorCatalogueTests {
    static let cases: [(code: String, input: String, rendered: String)] = [
        ("qif.empty", "", "bad.qif:1:1: error: the file is empty; expected a QIF header such as !Type:Bank [qif.empty]\n1 | \n  | ^"),
        ("qif.header.missing", "Date;Amount\n",
         "bad.qif:1:1: error: this is not a QIF file: expected a header such as !Type:Bank or !Account, found \"Date;Amount\" [qif.header.missing]\n1 | Date;Amount\n  | ^"),
        ("qif.date.order", "!Type:Bank\nD05/10/2026\nT-1\n^\n",
         "bad.qif:2:2: error: cannot tell the day/month order of this file's dates: \"05/10/2026\" (line 2) could be read month/day/year or day/month/year [qif.date.order]\n2 | D05/10/2026\n  |  ^\nnote: settle it with --date-order mdy|dmy (ReadOptions.dayOrder)"),
        ("qif.date", "!Type:Bank\nD2024-02-30\nT-1\n^\n",
         "bad.qif:2:2: error: cannot read \"2024-02-30\" as a date; the transaction is skipped [qif.date]\n2 | D2024-02-30\n  |  ^\nnote: QIF dates look like 12/31/24, 1/ 1'00, 2/14'2020, 31.12.2024, 2024-12-31 or 26 Jan 2026"),
        ("qif.date.missing", "!Type:Bank\nT-1\n^\n",
         "bad.qif:2:1: error: a transaction has no D (date) line; it is skipped [qif.date.missing]\n2 | T-1\n  | ^"),
        ("qif.amount", "!Type:Bank\nD2024-01-02\nT12abc\n^\n",
         "bad.qif:3:4: error: cannot read \"12abc\" as an amount: unexpected \"a\" in an amount; the transaction is skipped [qif.amount]\n3 | T12abc\n  |    ^\nnote: this file's amounts use a decimal point"),
        ("qif.split.sum", "!Type:Bank\nD2024-01-02\nT-10.00\nSA\n$-4.00\n^\n",
         "bad.qif:2:1: warning: the split amounts add up to -4.00 but the transaction amount is -10.00 [qif.split.sum]\n2 | D2024-01-02\n  | ^\nnote: the transaction keeps its amount -10.00; check the splits in the exporting program"),
        ("qif.header.unknown-type", "!Type:Sparbuch\nD2024-01-02\nT1\n^\n",
         "bad.qif:1:1: warning: unknown register type \"Sparbuch\"; its records are read as a bank register [qif.header.unknown-type]\n1 | !Type:Sparbuch\n  | ^\nnote: known types: Bank, Cash, CCard, Oth A, Oth L, Invst"),
        ("qif.memorized", "!Type:Memorized\nT-50.00\nKC\n^\n",
         "bad.qif:1:1: note: memorized transactions are templates, not statement data; skipped [qif.memorized]\n1 | !Type:Memorized\n  | ^"),
        ("qif.encoding", "!Type:Bank\nP\u{0}\n",
         "bad.qif:2:2: error: cannot read the file as text: binary data: a NUL byte is not text [qif.encoding]"),
    ]

    @Test(arguments: QIFErrorCatalogueTests.cases.indices)
    func diagnosticRendersExactly(_ index: Int) throws {
        let entry = QIFErrorCatalogueTests.cases[index]
        let document = QIFReader().readDocument(Array(entry.input.utf8), file: "bad.qif")
        let diagnostic = try #require(document.result.diagnostics.first { $0.code == entry.code }, "\(entry.code)")
        var sources: [String: SourceFile] = [:]
        if let source = document.result.source { sources["bad.qif"] = source }
        #expect(DiagnosticRenderer(sources: sources).render(diagnostic) == entry.rendered)
    }
}

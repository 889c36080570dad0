import Foundation
import Testing
import MyMoneyTestSupport
import MyMoneyQIF

/// One minimal input per QIF diagnostic code, with its exact rendered output.
///
/// The expected renderings live in `Fixtures/error-catalogue.txt`; re-record with
/// `MYMONEY_RECORD_GOLDENS=1 swift test --filter QIFErrorCatalogueTests` and review the diff.
/// An entry keyed `code (variant)` shows a second message of one code.
@Suite struct QIFErrorCatalogueTests {
    struct Entry: Sendable, CustomStringConvertible {
        /// The catalogue key: the code, or `code (variant)` for a second entry of one code.
        var key: String
        var input: [UInt8]
        var options = ReadOptions()
        var description: String { key }
        /// The diagnostic code, without a `(variant)` suffix.
        var code: String { key.split(separator: " ").first.map(String.init) ?? key }
        init(_ key: String, _ text: String, options: ReadOptions = ReadOptions()) {
            self.key = key; self.input = Array(text.utf8); self.options = options
        }
        init(_ key: String, bytes: [UInt8]) { self.key = key; self.input = bytes }
    }

    static let entries: [Entry] = [
        Entry("qif.account.name", "!Account\nTBank\n^\n!Type:Bank\nD2024-01-02\nT-1.00\n^\n"),
        Entry("qif.amount", "!Type:Bank\nD2024-01-02\nT12abc\n^\n"),
        Entry("qif.amount (split)", "!Type:Bank\nD2024-01-02\nT-10.00\nSFood\n$-1O.00\n^\n"),
        Entry("qif.amount.format", "!Type:Bank\nD2024-01-02\nT-1.50\n^\nD2024-01-03\nT-2,50\n^\nD2024-01-04\nT-3.50\n^\n"),
        Entry("qif.amount.missing", "!Type:Bank\nD2024-01-02\nPShop\n^\n"),
        Entry("qif.balance.overflow", "!Type:Bank\nD2024-01-01\nT1.00\nPOpening Balance\nL[Giro]\n^\n"
              + String(repeating: "D2024-01-02\nT9999999999999999.99\n^\n", count: 10)),
        Entry("qif.date", "!Type:Bank\nD2024-02-30\nT-1\n^\n"),
        Entry("qif.date (order)", "!Type:Bank\nD31/12/2024\nT-1\n^\nD12/31/2024\nT-1\n^\n", options: ReadOptions(dayOrder: .dayMonthYear)),
        Entry("qif.date.missing", "!Type:Bank\nT-1\n^\n"),
        Entry("qif.date.order", "!Type:Bank\nD05/10/2026\nT-1\n^\n"),
        Entry("qif.date.order (contradictory)", "!Type:Bank\nD13/10/2026\nT-1\n^\nD10/13/2026\nT-1\n^\n"),
        Entry("qif.empty", ""),
        Entry("qif.encoding", "!Type:Bank\nP\u{0}\n"),
        Entry("qif.field.outside-section", "!Option:AllXfr\nD2024-01-02\nT-1.00\n^\n"),
        Entry("qif.field.unknown", "!Type:Bank\nD2024-01-02\nT-1.00\nZsomething\n^\n"),
        Entry("qif.header.missing", "Date;Amount\n"),
        Entry("qif.header.unknown", "!Type:Bank\nD2024-01-02\nT-1.00\n^\n!Frobnicate\nXyz\n^\n"),
        Entry("qif.header.unknown-type", "!Type:Sparbuch\nD2024-01-02\nT1\n^\n"),
        Entry("qif.investment.action", "!Type:Invst\nD2024-01-02\nNFrob\nYACME\nT100.00\n^\n"),
        Entry("qif.list.skipped", "!Type:Prices\n\"ACME\",12.50,\"1/ 2'24\"\n^\n!Type:Bank\nD2024-01-02\nT-1.00\n^\n"),
        Entry("qif.memorized", "!Type:Memorized\nT-50.00\nKC\n^\n"),
        Entry("qif.option", "!Option:MDY\n!Type:Bank\nD2024-01-02\nT-1.00\n^\n"),
        Entry("qif.split.amount", "!Type:Bank\nD2024-01-02\nT-10.00\nSFood\nEgroceries\n^\n"),
        Entry("qif.split.sign", "!Type:Bank\nD2024-01-02\nT-10.00\nSFood\n$6.00\nSDrink\n$4.00\n^\n"),
        Entry("qif.split.sum", "!Type:Bank\nD2024-01-02\nT-10.00\nSA\n$-4.00\n^\n"),
        Entry("qif.split.sum (overflow)", "!Type:Bank\nD2024-01-02\nT-10.00\n" + String(repeating: "SA\n$9999999999999999.99\n", count: 10) + "^\n"),
        Entry("qif.amount (19 digits)", "!Type:Bank\nD2024-01-02\nT50000000000000000.00\n^\n"),
    ]

    static let catalogue = ErrorCatalogue(prefix: "qif", module: "MyMoneyQIF")

    /// `qif.*` literals in the sources that are keys of `Statement.extra` fields, not diagnostic
    /// codes: they name what a QIF line held (`qif.cleared`, `qif.security`, …), so no input
    /// can produce them as a diagnostic.
    static let fieldKeys: Set<String> = [
        "qif.account.creditLimit", "qif.account.description", "qif.account.nameSource", "qif.action",
        "qif.address", "qif.category", "qif.class", "qif.cleared", "qif.commission", "qif.field",
        "qif.price", "qif.quantity", "qif.security", "qif.total", "qif.transferAmount", "qif.type",
    ]

    static func read(_ entry: Entry) -> QIFDocument {
        QIFReader().readDocument(entry.input, file: "t.qif", options: entry.options)
    }

    /// Everything the entry's input produces for its code, rendered (long lines cut for the golden file).
    static func render(_ entry: Entry) -> String {
        let result = read(entry).result
        var sources: [String: SourceFile] = [:]
        if let s = result.source { sources["t.qif"] = s }
        let renderer = DiagnosticRenderer(sources: sources)
        return ErrorCatalogue.cuttingLongLines(result.diagnostics.filter { $0.code == entry.code }.map(renderer.render).joined(separator: "\n"))
    }

    @Test func everyEntryRendersAsTheCatalogueSays() throws {
        let problems = try Self.catalogue.compare(Self.entries.map { ($0.key, Self.render($0)) })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    @Test func everyCodeTheReaderNamesIsInTheCatalogue() throws {
        let missing = try Self.catalogue.uncatalogued(entries: Self.entries.map(\.code), exempt: Self.fieldKeys)
        #expect(missing.isEmpty, "codes without a catalogue entry: \(missing)")
        #expect(try Self.catalogue.namedCodes().subtracting(Self.fieldKeys).count >= 22)
    }

    @Test func everyFieldKeyIsStillNamedInTheSources() throws {
        // An exemption for a key the sources no longer name would hide nothing but rot.
        let stale = Self.fieldKeys.subtracting(try Self.catalogue.namedCodes())
        #expect(stale.isEmpty, "field keys no longer in the sources: \(stale.sorted())")
    }

    @Test func everyEntryPointsAtALineAndColumn() {
        for entry in Self.entries {
            let result = Self.read(entry).result
            for d in result.diagnostics where d.code == entry.code {
                #expect(d.position != nil, "\(entry.key)")
                #expect(d.file == "t.qif")
            }
        }
    }
}

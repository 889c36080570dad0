import Foundation
import Testing
import MyMoneyTestSupport
import MyMoneyCSV

/// One minimal input per CSV diagnostic code, with its exact rendered output.
///
/// The expected renderings live in `Fixtures/error-catalogue.txt`; re-record with
/// `MYMONEY_RECORD_GOLDENS=1 swift test --filter ErrorCatalogueTests` and review the diff.
@Suite struct ErrorCatalogueTests {
    struct Entry: Sendable, CustomStringConvertible {
        var code: String
        var input: [UInt8]
        var profile: String? = nil
        var options = ReadOptions()
        var maximumFieldBytes = 1 << 20
        var description: String { code }
        init(_ code: String, _ text: String, profile: String? = nil, options: ReadOptions = ReadOptions(), maximumFieldBytes: Int = 1 << 20) {
            self.code = code; self.input = Array(text.utf8); self.profile = profile; self.options = options
            self.maximumFieldBytes = maximumFieldBytes
        }
        init(_ code: String, bytes: [UInt8], options: ReadOptions = ReadOptions()) { self.code = code; self.input = bytes; self.options = options }
    }

    static let entries: [Entry] = [
        Entry("csv.amount", "Date;Payee;Amount\n2024-03-02;Coffee;1.234,5O\n2024-03-03;Tea;2,50\n"),
        Entry("csv.amount.both", "Date,Payee,Debit,Credit\n2024-03-02,Odd,5.00,7.00\n"),
        Entry("csv.amount.missing", "Date,Payee,Amount\n2024-03-02,Nothing,\n2024-03-03,Tea,-2.50\n"),
        Entry("csv.balance-history", "Datum,Boeksaldo\n2020-05-30,\"13,20\"\n"),
        Entry("csv.balance.date", "Date,Payee,Amount\n2024-03-02,Coffee,-1.00\nClosing balance,,99.00\n"),
        Entry("csv.balance.order", "Date,Payee,Amount,Balance\n2024-03-03,Bakery,-3.00,195.00\n2024-03-02,Rent,-100.00,-2.00\n2024-03-02,Salary,200.00,198.00\n2024-03-01,Coffee,-2.00,98.00\n"),
        Entry("csv.balance.reading", "Date,Payee,Amount,Balance\n2024-03-01,Coffee,1.00,99.00\n2024-03-02,Tea,2.00,97.00\n"),
        Entry("csv.balance.stated", "Opening balance,,100.00\n\nDate,Payee,Amount,Balance\n2024-03-02,Coffee,-1.00,98.00\n2024-03-03,Tea,-2.00,96.00\n"),
        Entry("csv.balance.chain", "Date,Payee,Amount,Balance\n2024-01-01,a,-1.00,99.00\n2024-01-02,b,-2.00,90.00\n"),
        Entry("csv.binary", bytes: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
        Entry("csv.column.amount", "Date,Payee,Note\n2024-03-02,Coffee,hot\n"),
        Entry("csv.column.date", "When,Payee,Amount\nyesterday,Coffee,-1.00\n", profile: "name: p\namount: Amount\n"),
        Entry("csv.date", "Date,Payee,Amount\n2024-03-02,Coffee,-1.00\n2024-02-30,Tea,-2.00\n2024-03-04,Cake,-3.00\n"),
        Entry("csv.date-order.ambiguous", "Date,Payee,Amount\n05/03/2024,Coffee,-1.00\n06/03/2024,Tea,-2.00\n"),
        Entry("csv.detail.sum", "Date,Payee,Amount\n2024-03-02,Collective order,-30.00\n,Rent part,-10.00\n,Water,-5.00\n2024-03-03,Tea,-2.00\n"),
        Entry("csv.decimal-mark.mixed", "Date,Payee,Amount\n2024-03-02,a,1.50\n2024-03-03,b,2.75\n2024-03-04,c,\"3,25\"\n"),
        Entry("csv.empty", ""),
        Entry("csv.encoding", bytes: Array("Date,Payee\n2024-03-02,Caf".utf8) + [0xE9, 0x0A], options: ReadOptions(encoding: .utf8)),
        Entry("csv.field.too-long", "Date,Payee,Amount\n2024-03-02,\"" + String(repeating: "x", count: 2000) + "\",-1.00\n", maximumFieldBytes: 1024),
        Entry("csv.header.missing", "hello world\nnothing to see\n"),
        Entry("csv.id.repeated", "Date,Counter Party,Reference,Amount\n2024-03-02,Pret,PRET A MANGER,-4.75\n2024-03-09,Pret,PRET A MANGER,-4.75\n"),
        Entry("csv.indicator", "Date,Payee,Amount,D/C\n2024-03-02,Coffee,1.00,D\n2024-03-03,Tea,2.00,X\n"),
        Entry("csv.line.too-long", "Date,Payee,Amount\n" + String(repeating: "y", count: 2000) + "\n", maximumFieldBytes: 1024),
        Entry("csv.no-rows", "Date,Payee,Amount\n"),
        Entry("csv.no-transactions", "Date,Payee,Amount\nsoon,Coffee,-1.00\nlater,Tea,-2.00\n"),
        Entry("csv.profile.column", "Date,Payee,Amount\n2024-03-02,Coffee,-1.00\n", profile: "name: p\namount: Betrag\n"),
        Entry("csv.profile.key", "Date,Payee,Amount\n", profile: "name: p\ncolour: blue\n"),
        Entry("csv.profile.name", "Date,Payee,Amount\n", profile: "date: Date\n"),
        Entry("csv.profile.syntax", "Date,Payee,Amount\n", profile: "name: p\njust words\n"),
        Entry("csv.profile.value", "Date,Payee,Amount\n", profile: "name: p\ndate-order: tomorrow\n"),
        Entry("csv.quote.unterminated", "Date,Payee,Amount\n2024-03-02,\"Coffee,-1.00\n"),
        Entry("csv.row.balance-only", "Date,Description,Amount,Running Bal.\n01/01/2020,Beginning balance,,\"1,000.00\"\n01/15/2020,Payroll,75.00,\"1,075.00\"\n"),
        Entry("csv.row.long", "Date,Payee,Amount\n2024-03-02,Coffee,-12,50\n2024-03-03,Tea,-2.00\n2024-03-04,Cake,-3.00,soon\n"),
        Entry("csv.row.pending", "Date,Payee,Amount,Status\n2024-03-02,Coffee,-1.00,Booked\n2024-03-03,Tea,-2.00,Pending\n"),
        Entry("csv.row.short", "2024-03-02,Coffee,-1.00\nb\n", profile: "name: p\nheader: no\ndate: #1\npayee: #2\namount: #3\n"),
        Entry("csv.row.skipped", "Date,Payee,Amount\n2024-03-02,Coffee,-1.00\n2024-03-03,Hold,-2.00\n", profile: "name: p\nskip-when: Payee = Hold\n"),
        Entry("csv.trailer", "Date,Payee,Amount\n2024-03-02,Coffee,-1.00\nTotal,,-1.00\n"),
    ]

    static let catalogue = ErrorCatalogue(prefix: "csv", module: "MyMoneyCSV")

    /// Everything the entry's input produces for its code, rendered.
    static func render(_ entry: Entry) -> String {
        var options = entry.options
        if let profile = entry.profile { options.profile = ("p.csvprofile", profile) }
        let result = CSVReader(maximumFieldBytes: entry.maximumFieldBytes).read(entry.input, file: "t.csv", options: options)
        var sources: [String: SourceFile] = [:]
        if let s = result.source { sources["t.csv"] = s }
        if let profile = entry.profile { sources["p.csvprofile"] = SourceFile(name: "p.csvprofile", string: profile) }
        let renderer = DiagnosticRenderer(sources: sources)
        return result.diagnostics.filter { $0.code == entry.code }.map(renderer.render).joined(separator: "\n")
    }

    @Test func everyEntryRendersAsTheCatalogueSays() throws {
        let problems = try Self.catalogue.compare(Self.entries.map { ($0.code, Self.render($0)) })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    @Test func everyCodeTheReaderNamesIsInTheCatalogue() throws {
        // Except csv.too-large (a 2 GiB input), csv.profile.io (an unreadable file) and
        // csv.file.changed (a file written to while it is read: CSVChangedFileTests).
        let missing = try Self.catalogue.uncatalogued(entries: Self.entries.map(\.code),
                                                      exempt: ["csv.too-large", "csv.profile.io", "csv.file.changed"])
        #expect(missing.isEmpty, "codes without a catalogue entry: \(missing)")
        #expect(try Self.catalogue.namedCodes().count >= 25)
    }
}

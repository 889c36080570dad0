import Foundation
import Testing
import MyMoneyTestSupport
import MyMoneyMT940

/// One minimal input per MT940 diagnostic code, with its exact rendered output.
///
/// The expected renderings live in `Fixtures/error-catalogue.txt`; re-record with
/// `MYMONEY_RECORD_GOLDENS=1 swift test --filter MT940ErrorCatalogueTests` and review the diff.
@Suite struct MT940ErrorCatalogueTests {
    struct Entry: Sendable, CustomStringConvertible {
        var code: String
        var input: [UInt8]
        var description: String { code }
        init(_ code: String, _ text: String) { self.code = code; self.input = Array(text.utf8) }
        init(_ code: String, bytes: [UInt8]) { self.code = code; self.input = bytes }
    }

    static let entries: [Entry] = [
        Entry("mt940.amount", message([":61:2610051005D1.2.3NTRFNONREF"])),
        Entry("mt940.balance", message([":61:2610051005D1,00NTRFNONREF//B1"], reference: "STMT-7")),
        Entry("mt940.currency", message([], opening: "C261001XYZ100,00", closing: "C261031XYZ100,00")),
        Entry("mt940.date", message([":61:2613051005D1,00NTRFNONREF"])),
        Entry("mt940.encoding", bytes: Array(":20:X\n:25:".utf8) + [0x00] + Array("1\n".utf8)),
        Entry("mt940.field", message([":61:2610051005D1,00"])),
        Entry("mt940.mark", message([":61:2610051005X1,00NTRFNONREF"])),
        Entry("mt940.not-mt940", "Datum;Betrag\n01.10.2026;-1,00\n"),
        Entry("mt940.structure", ":25:12030000/1234567890\n:60F:C261001EUR1,00\n:62F:C261031EUR1,00\n-\n"),
        Entry("mt940.tag", message([":61:2610051005D1,00NTRFNONREF", ":6l:C261031EUR1,00"], closing: "C261031EUR99,00")),
    ]

    static let catalogue = ErrorCatalogue(prefix: "mt940", module: "MyMoneyMT940")

    static func render(_ entry: Entry) -> String {
        let result = MT940Reader().read(entry.input, file: "t.sta", options: ReadOptions())
        var sources: [String: SourceFile] = [:]
        if let s = result.source { sources["t.sta"] = s }
        let renderer = DiagnosticRenderer(sources: sources)
        return result.diagnostics.filter { $0.code == entry.code }.map(renderer.render).joined(separator: "\n")
    }

    @Test func everyEntryRendersAsTheCatalogueSays() throws {
        let problems = try Self.catalogue.compare(Self.entries.map { ($0.code, Self.render($0)) })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    @Test func everyCodeTheReaderNamesIsInTheCatalogue() throws {
        let missing = try Self.catalogue.uncatalogued(entries: Self.entries.map(\.code))
        #expect(missing.isEmpty, "codes without a catalogue entry: \(missing)")
        #expect(try Self.catalogue.namedCodes().count >= 10)
    }

    @Test func everyEntryPointsAtALineAndColumn() {
        for entry in Self.entries {
            let result = MT940Reader().read(entry.input, file: "t.sta", options: ReadOptions())
            for d in result.diagnostics where d.code == entry.code {
                #expect(d.position != nil, "\(entry.code)")
            }
        }
    }
}

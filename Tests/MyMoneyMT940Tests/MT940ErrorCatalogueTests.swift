import Foundation
import Testing
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

    static var goldenURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/error-catalogue.txt")
    }

    static func render(_ entry: Entry) -> String {
        let result = MT940Reader().read(entry.input, file: "t.sta", options: ReadOptions())
        var sources: [String: SourceFile] = [:]
        if let s = result.source { sources["t.sta"] = s }
        let renderer = DiagnosticRenderer(sources: sources)
        return result.diagnostics.filter { $0.code == entry.code }.map(renderer.render).joined(separator: "\n")
    }

    static func golden() -> [String: String] {
        guard let text = try? String(contentsOf: goldenURL, encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for block in text.components(separatedBy: "\n=== ").map({ $0.hasPrefix("=== ") ? String($0.dropFirst(4)) : $0 }) {
            guard let newline = block.firstIndex(of: "\n") else { continue }
            result[String(block[..<newline])] = String(block[block.index(after: newline)...]).trimmingCharacters(in: .newlines)
        }
        return result
    }

    @Test func recordOrCompareTheCatalogue() throws {
        let rendered = Self.entries.map { ($0.code, Self.render($0)) }
        if ProcessInfo.processInfo.environment["MYMONEY_RECORD_GOLDENS"] != nil {
            let text = rendered.map { "=== \($0.0)\n\($0.1)\n" }.joined(separator: "\n")
            try text.write(to: Self.goldenURL, atomically: true, encoding: .utf8)
            return
        }
        let golden = Self.golden()
        #expect(!golden.isEmpty, "no golden file; record with MYMONEY_RECORD_GOLDENS=1")
        for (code, output) in rendered {
            #expect(!output.isEmpty, "\(code): the input produced no diagnostic with this code")
            #expect(output.trimmingCharacters(in: .newlines) == golden[code], "\(code):\n\(output)")
        }
    }

    @Test func everyCodeTheReaderEmitsIsInTheCatalogue() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MyMoneyMT940")
        var found = Set<String>()
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var rest = Substring(text)
            while let r = rest.range(of: "\"mt940.") {
                let tail = rest[r.upperBound...]
                let end = tail.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) ?? tail.endIndex
                if tail[end...].first == "\"" { found.insert("mt940." + tail[..<end]) }
                rest = tail
            }
        }
        let covered = Set(Self.entries.map(\.code))
        #expect(found.subtracting(covered).isEmpty, "codes without a catalogue entry: \(found.subtracting(covered).sorted())")
        #expect(found.count >= 10)
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

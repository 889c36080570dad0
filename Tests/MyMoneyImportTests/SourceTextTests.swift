import Foundation
import Testing
import MyMoneyCore
import MyMoneyImport

/// A reading keeps its file's source text only when a diagnostic points into it
/// (``ReadResult/droppingUnusedSource()``): a clean million-row CSV's text (80 MB) is not held
/// through an import, and a diagnostic of a bad line still shows the line. A mapped CSV that
/// changes while `parse` streams it is unusable and says it wrote as it read.
@Suite struct SourceTextTests {
    static let readers = Readers.standard(profilesDirectory: nil).readers

    static func read(_ text: String, name: String = "giro.csv") -> ReadResult {
        readers.read(StatementInput(name: name, bytes: Array(text.utf8)), options: ReadOptions())
    }

    @Test func aCleanFileKeepsNoSourceText() {
        let result = Self.read("Date,Description,Amount\n2024-01-01,SHOP,1.00\n2024-01-02,SHOP,-2.00\n")
        #expect(result.isUsable(strict: false))
        #expect(!result.diagnostics.contains { $0.position != nil })
        #expect(result.source == nil)
        #expect(result.statements.first?.transactions.count == 2)
    }

    @Test func aDiagnosticOfALineKeepsTheTextAndShowsTheLine() throws {
        let result = Self.read("Date,Description,Amount\n2024-01-01,SHOP,1.00\n2024-01-02,SHOP,1.0x0\n")
        let pointing = try #require(result.diagnostics.first { $0.position != nil }, "\(result.diagnostics.map(\.code))")
        let source = try #require(result.source)
        #expect(source.name == "giro.csv")
        let shown = DiagnosticRenderer(sources: [source.name: source], color: false).render(pointing)
        #expect(shown.contains("giro.csv:3:"), "\(shown)")
        #expect(shown.contains("2024-01-02,SHOP,1.0x0"), "\(shown)")
    }

    @Test func diagnosticsOfAnotherFileDoNotKeepTheText() {
        var result = ReadResult(diagnostics: [.warning("x.y", "elsewhere", file: "profile.csvprofile", at: SourcePosition(offset: 0, line: 1, column: 1))],
                                source: SourceFile(name: "giro.csv", string: "Date\n"))
        result = result.droppingUnusedSource()
        #expect(result.source == nil)
        let kept = ReadResult(diagnostics: [.warning("x.y", "here", file: "giro.csv", at: SourcePosition(offset: 0, line: 1, column: 1))],
                              source: SourceFile(name: "giro.csv", string: "Date\n")).droppingUnusedSource()
        #expect(kept.source?.text == Array("Date\n".utf8))
    }

    /// Appends to the file it is given at the first transaction written.
    struct Appending: StatementStreamOutput {
        let url: URL
        var transactions = 0, statements = 0
        mutating func beginStatement() {}
        mutating func add(_ transaction: StatementTransaction) {
            if transactions == 0, let handle = try? FileHandle(forWritingTo: url) {
                _ = try? handle.seekToEnd()
                try? handle.write(contentsOf: Data("2024-12-31,SHOP,1.00\n".utf8))
                try? handle.close()
            }
            transactions += 1
        }
        mutating func endStatement(_ statement: Statement) { statements += 1 }
    }

    @Test func aMappedCSVChangedWhileItIsStreamedWasWrittenAsRead() throws {
        var text = "Date,Description,Amount\n"
        var day = Day(iso: "2020-01-01")!
        var rows = 0
        while text.utf8.count < StatementReaders.windowedCSVBytes + 1_000 {
            if rows % 40 == 0 { day = Day(daysSinceEpoch: day.daysSinceEpoch + 1) }
            text += "\(day.description),SHOP NUMBER \(rows) IN TOWN WITH A LONGER NAME,-\(rows % 90 + 1).25\n"
            rows += 1
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var clean = Appending(url: URL(fileURLWithPath: "/nonexistent/none.csv"))
        let read = try Self.readers.stream(url.path, format: nil, options: ReadOptions(), into: &clean)
        #expect(read.isUsable && !read.wroteAsRead)
        #expect(clean.transactions == rows)

        var output = Appending(url: url)
        let changed = try Self.readers.stream(url.path, format: nil, options: ReadOptions(), into: &output)
        #expect(changed.result.diagnostics.contains { $0.code == "csv.file.changed" && $0.file == url.path })
        #expect(!changed.isUsable)
        #expect(changed.wroteAsRead) // its transactions went out: the caller takes them back
        #expect(output.transactions == rows)
    }
}

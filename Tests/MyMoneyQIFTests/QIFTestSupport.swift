import Foundation
import MyMoneyQIF

/// Reads QIF text written in a test (lines joined with LF).
func readQIF(_ lines: [String], options: ReadOptions = ReadOptions(), file: String = "test.qif") -> QIFDocument {
    QIFReader().readDocument(Array(lines.joined(separator: "\n").utf8), file: file, options: options)
}

func readQIF(bytes: [UInt8], options: ReadOptions = ReadOptions()) -> QIFDocument {
    QIFReader().readDocument(bytes, file: "test.qif", options: options)
}

extension QIFDocument {
    var statements: [Statement] { result.statements }
    var diagnostics: [Diagnostic] { result.diagnostics }
    var errors: [Diagnostic] { result.diagnostics.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { result.diagnostics.filter { $0.severity == .warning } }
    var transactions: [StatementTransaction] { result.statements.flatMap(\.transactions) }
    func codes(_ severity: Diagnostic.Severity? = nil) -> [String] {
        result.diagnostics.filter { severity == nil || $0.severity == severity }.map(\.code)
    }
}

func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? Amount(units: Int64.min) }
func day(_ iso: String) -> Day? { Day(iso: iso) }

import Testing
import MyMoneyTestSupport
import MyMoneyCSV

/// Deterministic pseudo-random inputs built from CSV-ish pieces: reading never crashes and a
/// result is either usable or says why not.
@Suite struct RandomInputTests {
    static let pieces = ["Date", "Datum", "Amount", "Betrag", "Balance", "Saldo", "D/C", "Af Bij", "Status", "PENDING",
                         ",", ";", "\t", "|", "\"", "\"\"", "\n", "\r\n", "\r", " ", "'", "2024-01-05", "05.01.2024",
                         "01/05/2024", "20240105", "-1.234,56", "1,234.56", "(12.00)", "12.00 CR", "-3.000", "0", "",
                         "€", "$", "IBAN", "Zeitraum", "Summe", "#", "\u{FEFF}", "ä", "\u{0}", "99999999999999999999",
                         "Debit", "Credit", "Payee", "Memo", "Transaction ID", "Account"]

    @Test func piecesInRandomOrderNeverCrash() {
        var rng = SeededGenerator(seed: 42)
        let reader = CSVReader()
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<60, using: &rng) { text += Self.pieces.randomElement(using: &rng)! }
            let result = reader.read(Array(text.utf8), file: "r.csv", options: ReadOptions())
            if result.statements.isEmpty { #expect(result.diagnostics.contains { $0.severity == .error }, "\(text.debugDescription)") }
        }
    }

    @Test func randomBytesNeverCrash() {
        var rng = SeededGenerator(seed: 7)
        let reader = CSVReader(profiles: shippedProfiles)
        for _ in 0..<1500 {
            let bytes = (0..<Int.random(in: 0..<300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = reader.read(bytes, file: "r.csv", options: ReadOptions())
        }
    }
}

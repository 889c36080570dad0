import Foundation
import MyMoneyKit
import MyMoneyReconcile
import MyMoneyTestSupport

/// The planted-fault trials made through the Kit, as a user makes them: each on a new SQLite
/// ledger, the bank's months imported from CSV files, rows typed and edited through `Books`, then
/// `Books.reconcile` with the bank's balances asserted. What it finds is what a user gets.
struct ReconcileThroughKit {
    let folder: URL
    let readers = Readers.standard(profilesDirectory: "/nonexistent").readers

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-bench-reconcile-kit-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func removeFiles() { try? FileManager.default.removeItem(at: folder) }

    /// Makes `trial` through the Kit and reconciles it; the result, and the trial with the ids
    /// the ledger gave the rows a right diagnosis names.
    func run(_ trial: PlantedFaultTrial, number: Int) throws -> (AccountReconciliation, PlantedFaultTrial) {
        let dir = folder.appendingPathComponent("trial-\(number)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("ledger.sqlite").path
        _ = try Books.create(at: path, with: BooksSetup(primaryCurrency: .EUR))
        let books = try Books.open(at: path)
        var giro = PlantedFaultTrial.account
        giro.id = nil
        var savings = PlantedFaultTrial.savings
        savings.id = nil
        let accountIds = [giro.name: try books.addAccount(giro).id ?? 0, savings.name: try books.addAccount(savings).id ?? 0]

        let (steps, expected) = trial.kitSteps
        var idOf: [PlantedFaultTrial.KitRow: Int64] = [:]
        for (n, step) in steps.enumerated() {
            switch step {
            case .importFile(let name, let account, let rows):
                let file = dir.appendingPathComponent(name).path
                try Data(Self.csv(rows).utf8).write(to: URL(fileURLWithPath: file))
                let outcome = try books.importStatements(ImportRequest(paths: [file], accountName: account), readers: readers, rules: nil)
                guard let batch = outcome.batchId else { continue }
                for t in try books.transactions(matching: TransactionFilter(batchId: batch)) {
                    guard let line = t.sourceLine, let id = t.id else { continue }
                    idOf[.imported(file: name, index: line - 2)] = id
                }
            case .type(let row):
                var typed = row
                typed.id = nil
                typed.accountId = accountIds[row.accountId == PlantedFaultTrial.savings.id ? savings.name : giro.name] ?? 0
                idOf[.typed(step: n)] = try books.addTransaction(typed).id
            case .editAmount(let file, let index, let amount):
                guard let id = idOf[.imported(file: file, index: index)] else {
                    throw BenchmarkFailure(message: "row \(index) of \(file) was not imported")
                }
                _ = try books.editTransaction(id: id, [.amount(amount)])
            }
        }
        let report = try books.reconcile(accountName: giro.name, assertions: trial.assertions).report
        guard let result = report.accounts.first else { throw BenchmarkFailure(message: "reconcile reported no account") }
        var mapped = trial
        mapped.expectedIds = Set(expected.compactMap { idOf[$0] })
        guard mapped.expectedIds.count == trial.expectedIds.count else {
            throw BenchmarkFailure(message: "a planted row of a \(trial.fault.rawValue) trial was not stored")
        }
        return (result, mapped)
    }

    /// A bank CSV file of `rows`: a header on line 1, one row a line from line 2 (so a row's
    /// index is its line minus 2), German decimal commas.
    static func csv(_ rows: [LedgerTransaction]) -> String {
        var text = "Buchungstag;Auftraggeber/Empfänger;Verwendungszweck;Betrag;Währung\n"
        for t in rows {
            let d = t.day
            let units = t.amount.rescaledOrSame(to: 2)
            let cents = units.magnitude % 100
            let amount = "\(units < 0 ? "-" : "")\(units.magnitude / 100),\(cents < 10 ? "0" : "")\(cents)"
            text += String(format: "%02d.%02d.%04d", d.day, d.month, d.year)
                + ";\(t.originalPayee ?? t.payee ?? "");\(t.memo ?? "");\(amount);EUR\n"
        }
        return text
    }
}

private extension Amount {
    /// The units at scale `scale` (the trials' amounts are all in cents).
    func rescaledOrSame(to scale: Int) -> Int64 { (try? rescaled(to: scale).units) ?? units }
}

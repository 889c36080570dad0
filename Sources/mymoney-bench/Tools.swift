import Foundation
import MyMoneyCore
import MyMoneyImport
import MyMoneyKit

/// `mymoney-bench generate --size N --accounts K --out DIR`: writes the generated statements
/// (CSV, OFX 1, OFX 2, QIF) and the peer inputs (hledger rules, journal, beancount).
func generateCommand(_ arguments: [String]) throws {
    let size = Int(option("--size", in: arguments) ?? "") ?? 100_000
    let accounts = Int(option("--accounts", in: arguments) ?? "") ?? 1
    let out = URL(fileURLWithPath: option("--out", in: arguments) ?? "bench-out")
    let generator = StatementGenerator(size: size, accounts: accounts)
    let files = try generator.write(to: out)
    for (format, urls) in files.sorted(by: { $0.key < $1.key }) {
        print("\(format): \(urls.map(\.lastPathComponent).joined(separator: " "))")
    }
}

/// `mymoney-bench parse-file FILE…`: reads statements the way `mymoney parse` does and prints
/// one line per file (transactions, seconds, MB/s): the timed unit of the peer comparison.
func parseFileCommand(_ arguments: [String]) throws {
    let (readers, _) = Readers.standard(profilesDirectory: nil)
    for path in arguments where !path.hasPrefix("--") {
        let input = try StatementFiles.load(path)
        var count = 0
        var problems = 0
        let result = measure("parse", bytes: input.bytes.count) { () -> Int in
            let r = readers.read(input, options: ReadOptions())
            count = r.statements.reduce(0) { $0 + $1.transactions.count }
            problems = r.diagnostics.filter { $0.severity == .error }.count
            return count
        }
        print("\(path)\t\(count) transactions\t\(String(format: "%.3f", result.seconds)) s\t\(String(format: "%.0f", result.itemsPerSecond)) tx/s\t\(String(format: "%.1f", result.megabytesPerSecond ?? 0)) MB/s\t\(problems) errors")
    }
}

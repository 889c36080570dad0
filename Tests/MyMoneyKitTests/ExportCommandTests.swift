import Foundation
import Testing
import MyMoneyTestSupport

@Suite("mymoney export")
struct ExportCommandTests {
    static let ledger: String = {
        let path = MyMoneyBinary.scratch("export-command").appendingPathComponent("ledger.sqlite").path
        _ = try? MyMoneyBinary.run(["import", "Samples", "--ledger", path])
        return path
    }()

    @Test func formatMustBeNamed() throws {
        let run = try MyMoneyBinary.run(["export", "--ledger", Self.ledger])
        #expect(run.status == 2)
        #expect(run.stderr.contains("name the format: hledger, beancount, csv or json"))
        #expect(try MyMoneyBinary.run(["export", "ledger-cli", "--ledger", Self.ledger]).status == 2)
    }

    @Test func unknownAccountIsBadData() throws {
        let run = try MyMoneyBinary.run(["export", "csv", "--account", "Nope", "--ledger", Self.ledger])
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
    }

    @Test func noLedgerIsBadDataNotAnEmptyFile() throws {
        let missing = MyMoneyBinary.scratch("export-none").appendingPathComponent("none.sqlite").path
        let run = try MyMoneyBinary.run(["export", "hledger", "--ledger", missing])
        #expect(run.status == 65)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func accountFilterKeepsOnlyThatAccountAndTransfersOneLeg() throws {
        let run = try MyMoneyBinary.run(["export", "hledger", "--account", "Wallet", "--ledger", Self.ledger])
        #expect(run.status == 0)
        #expect(run.stdout.contains("assets:cash:Wallet  200.00 EUR"))
        #expect(run.stdout.contains("equity:transfers  -200.00 EUR"))
        #expect(!run.stdout.contains("assets:bank:Girokonto"))
    }

    @Test func outputFileHoldsWhatStandardOutputWould() throws {
        let file = MyMoneyBinary.scratch("export-out").appendingPathComponent("books.csv")
        let toFile = try MyMoneyBinary.run(["export", "csv", "--output", file.path, "--ledger", Self.ledger])
        #expect(toFile.status == 0)
        #expect(toFile.stdout.isEmpty)
        let toStdout = try MyMoneyBinary.run(["export", "csv", "--ledger", Self.ledger])
        #expect(try String(contentsOf: file, encoding: .utf8) == toStdout.stdout)
        // 34 transactions; the wallet's market day is split in two: 35 rows and the header.
        #expect(toStdout.stdout.split(separator: "\n").count == 36)
    }

    @Test func jsonExportOfTheSampleParses() throws {
        let run = try MyMoneyBinary.run(["export", "json", "--ledger", Self.ledger])
        #expect(run.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect((object["transactions"] as? [Any])?.count == 34)
        #expect((object["transfers"] as? [Any])?.count == 4)
    }
}

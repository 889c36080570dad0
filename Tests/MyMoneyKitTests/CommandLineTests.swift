import Foundation
import Testing
import MyMoneyTestSupport

@Suite("mymoney command line")
struct CommandLineTests {
    @Test func noArgumentsPrintsUsageAndExitsTwo() throws {
        let run = try MyMoneyBinary.run([])
        #expect(run.status == 2)
        #expect(run.stdout.contains("usage: mymoney <command>"))
    }

    @Test func everyCommandHasHelp() throws {
        let run = try MyMoneyBinary.run(["--help"])
        #expect(run.status == 0)
        let names = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { $0 != "commands:" }).dropFirst()
            .prefix(while: { !$0.isEmpty }).compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(!names.isEmpty)
        for name in names {
            let help = try MyMoneyBinary.run([name, "--help"])
            #expect(help.status == 0, "\(name) --help")
            #expect(help.stdout.hasPrefix("usage: mymoney \(name)"), "\(name) --help")
        }
    }

    @Test func unknownCommandIsAUsageError() throws {
        let run = try MyMoneyBinary.run(["frobnicate"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown command \"frobnicate\""))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let run = try MyMoneyBinary.run(["parse", "--bogus", "x.csv"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("unknown option --bogus"))
    }

    @Test func missingFileIsAnIOError() throws {
        let run = try MyMoneyBinary.run(["parse", "/nonexistent/statement.csv"])
        #expect(run.status == 74)
        #expect(run.stderr.contains("/nonexistent/statement.csv: no such file or directory"))
    }

    @Test func binaryJunkIsBadData() throws {
        let dir = MyMoneyBinary.scratch("junk")
        let file = dir.appendingPathComponent("junk.bin")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: file)
        let run = try MyMoneyBinary.run(["parse", file.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("junk.bin"))
    }
}

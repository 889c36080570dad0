import Foundation
import Testing
import MyMoneyTestSupport

/// What a failed, concurrent or first import leaves behind, tried with real processes.
@Suite("ledger file safety")
struct LedgerFileSafetyTests {
    /// A folder with a CSV large enough that reading it takes a while, and `extra` beside it.
    func slowFolder(_ name: String, rows: Int, extra: (name: String, text: String)) throws -> URL {
        let folder = MyMoneyBinary.scratch(name)
        var csv = "Date,Description,Amount\n"
        csv.reserveCapacity(rows * 40)
        for i in 0..<rows { csv += "2025-\(String(format: "%02d", i % 12 + 1))-\(String(format: "%02d", i % 28 + 1)),Shop number \(i % 977),-\(i % 90 + 1).\(String(format: "%02d", i % 100))\n" }
        try Data(csv.utf8).write(to: folder.appendingPathComponent("big.csv"))
        try Data(extra.text.utf8).write(to: folder.appendingPathComponent(extra.name))
        return folder
    }

    func transactionCount(_ ledger: String) throws -> Int {
        let run = try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (object?["transactions"] as? [Any])?.count ?? -1
    }

    func leftovers(beside ledger: String) throws -> [String] {
        let folder = (ledger as NSString).deletingLastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".new-") }
    }

    /// A killed import leaves its copy built aside (a whole ledger, unencrypted if it was new);
    /// the next import removes it, and leaves alone the copy of a process that still runs.
    @Test func theNextImportRemovesWhatAKilledOneLeftAside() throws {
        let folder = MyMoneyBinary.scratch("leftover-aside")
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = folder.appendingPathComponent(".ledger.sqlite.new-\(ended.processIdentifier)-DEADBEEF")
        let running = folder.appendingPathComponent(".ledger.sqlite.new-\(getpid())-C0FFEE00")
        try Data("an old copy".utf8).write(to: stale)
        try Data("being built".utf8).write(to: running)
        let run = try MyMoneyBinary.run(["import", "Samples", "--ledger", folder.appendingPathComponent("ledger.sqlite").path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
    }

    /// Process A reads a large CSV and a broken OFX into a ledger that does not exist yet; process
    /// B imports the samples into the same path meanwhile and commits. A's failure must not take
    /// B's import with it (it used to remove the ledger file it had not found at start).
    @Test func aFailedImportNeverRemovesALedgerAnotherProcessWrote() throws {
        let folder = try slowFolder("failing-reader", rows: 300_000, extra: ("broken.ofx", "OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS>"))
        let ledger = MyMoneyBinary.scratch("shared-ledger").appendingPathComponent("ledger.sqlite").path
        let a = MyMoneyBinary.start(["import", folder.path, "--ledger", ledger, "--currency", "EUR"])
        Thread.sleep(forTimeInterval: 0.3)
        let b = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let aRun = try a.wait()
        #expect(b.status == 0, "\(b.stderr)")
        #expect(aRun.status == 65, "\(aRun.stderr)")
        #expect(aRun.stderr.contains("nothing was imported"))
        #expect(try transactionCount(ledger) == 34)
        #expect(try leftovers(beside: ledger).isEmpty)
    }

    /// The same when A fails after reading everything (a statement no account can take): A's work
    /// was built aside and goes; B's ledger stays whole.
    @Test func anImportFailingAfterReadingLeavesOnlyTheOtherProcessesLedger() throws {
        let folder = try slowFolder("failing-store", rows: 300_000, extra: ("cash.qif", "!Type:Cash\nD10/02/2026\nT-5.00\nPCoffee\n^\n"))
        let ledger = MyMoneyBinary.scratch("shared-ledger").appendingPathComponent("ledger.sqlite").path
        // No --currency: the QIF names no currency and no account, so it cannot be placed.
        let a = MyMoneyBinary.start(["import", folder.path, "--ledger", ledger, "--account", "Imported"])
        Thread.sleep(forTimeInterval: 0.3)
        let b = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let aRun = try a.wait()
        #expect(b.status == 0, "\(b.stderr)")
        #expect(aRun.status == 65, "\(aRun.stderr)")
        #expect(try transactionCount(ledger) == 34)
        #expect(try leftovers(beside: ledger).isEmpty)
    }

    /// A failed first import creates no ledger file at all (nothing to remove afterwards).
    @Test func aFailedFirstImportCreatesNoLedger() throws {
        let folder = MyMoneyBinary.scratch("bad-only")
        try Data("!Type:Cash\nD10/02/2026\nT-5.00\n^\n".utf8).write(to: folder.appendingPathComponent("cash.qif"))
        let ledger = MyMoneyBinary.scratch("no-ledger").appendingPathComponent("ledger.sqlite").path
        let run = try MyMoneyBinary.run(["import", folder.path, "--ledger", ledger, "--account", "Cash"])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ledger))
        #expect(try leftovers(beside: ledger).isEmpty)
    }

    /// Two first imports at once into one path: one builds the ledger, the other finds it there
    /// when it is done and imports into it; both land, nothing twice.
    @Test func twoFirstImportsAtOnceBothLand() throws {
        let ledger = MyMoneyBinary.scratch("race").appendingPathComponent("ledger.sqlite").path
        let a = MyMoneyBinary.start(["import", "Samples/girokonto-2026-10.csv", "Samples/us-checking-2026-10.ofx", "--ledger", ledger])
        let b = MyMoneyBinary.start(["import", "Samples/visa-2026-10.qfx", "Samples/wallet-2026-10.qif", "Samples/girokonto-2026-10.csv", "--ledger", ledger])
        let (aRun, bRun) = (try a.wait(), try b.wait())
        #expect([0, 1].contains(aRun.status), "\(aRun.stderr)")
        #expect([0, 1].contains(bRun.status), "\(bRun.stderr)")
        // Girokonto 15, US Checking 6, Visa 6, Wallet 5: the Girokonto statement once.
        #expect(try transactionCount(ledger) == 32)
        #expect(try leftovers(beside: ledger).isEmpty)
    }

    /// A ledger readable by others is made private (0600) when opened, and the user is told once.
    @Test func aLedgerReadableByOthersIsMadePrivateOnceWithANote() throws {
        let ledger = MyMoneyBinary.scratch("mode").appendingPathComponent("ledger.sqlite").path
        #expect(try MyMoneyBinary.run(["accounts", "add", "Cash", "--kind", "cash", "--currency", "EUR", "--ledger", ledger]).status == 0)
        chmod(ledger, 0o644)
        let first = try MyMoneyBinary.run(["accounts", "--ledger", ledger])
        #expect(first.status == 0)
        #expect(first.stderr.contains("now readable and writable by you only"))
        let attributes = try FileManager.default.attributesOfItem(atPath: ledger)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let second = try MyMoneyBinary.run(["accounts", "--ledger", ledger])
        #expect(!second.stderr.contains("readable"))
    }
}

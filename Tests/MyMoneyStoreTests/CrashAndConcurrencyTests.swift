import Foundation
import Synchronization
import Testing
import MyMoneyStore

/// Statements the crash and concurrency tests import: a small one and a large one for one account.
enum CrashStory {
    static let smallCount = 50
    static let largeCount = 20_000

    static func statements(accountId: Int64) -> (small: ImportStatement, large: ImportStatement) {
        let small = (0..<smallCount).map { i in
            row(accountId, 1 + i % 28, "-\(i + 1).00", "Small \(i)", bankId: "S\(i)")
        }
        let large = (0..<largeCount).map { i in
            LedgerTransaction(accountId: accountId, day: october(1).advanced(by: i % 365),
                              amount: Amount(units: -Int64(100 + i), scale: 2), currency: .EUR,
                              originalPayee: "Large \(i % 500)", memo: "row \(i)", bankId: "L\(i)")
        }
        return (ImportStatement(accountId: accountId, sourceFile: "small.ofx", transactions: small),
                ImportStatement(accountId: accountId, sourceFile: "large.ofx", transactions: large))
    }

    /// The environment variables that turn the helper test on in a child process.
    static let ledgerVariable = "MYMONEY_STORE_CHILD_LEDGER"
    static let markerVariable = "MYMONEY_STORE_CHILD_MARKER"
    static let modeVariable = "MYMONEY_STORE_CHILD_MODE"

    /// Runs this test binary again, filtered to the helper test, with `environment` added.
    static func spawnChild(_ environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", "childImportHelper"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

@Suite struct CrashAndConcurrencyTests {
    /// Not a test of its own: the body of the child process the two tests below spawn.
    /// In `crash` mode it commits the small statement, then starts the large import and, a thousand
    /// rows in, writes the marker file and waits to be killed. In `import` mode it imports both.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[CrashStory.ledgerVariable] != nil))
    func childImportHelper() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = try #require(environment[CrashStory.ledgerVariable])
        let ledger = try Ledger(path: path, busyTimeout: 30)
        let account = try #require(try ledger.account(named: "Checking")?.id)
        let (small, large) = CrashStory.statements(accountId: account)
        if environment[CrashStory.modeVariable] == "crash" {
            try ledger.importStatements([small])
            let marker = try #require(environment[CrashStory.markerVariable])
            try ledger.importStatements([large]) { done, _ in
                if done == 1000 {
                    _ = FileManager.default.createFile(atPath: marker, contents: Data("mid-import".utf8))
                    sleep(60)    // killed long before this ends
                }
            }
        } else {
            try ledger.importStatements([small, large])
        }
    }

    @Test func childKilledMidImportLeavesTheLedgerConsistentAndRerunCompletesIt() throws {
        let fixture = try LedgerFixture("crash")
        let account = try fixture.account("Checking")
        let marker = fixture.folder.appendingPathComponent("marker").path
        let child = try CrashStory.spawnChild([CrashStory.ledgerVariable: fixture.path, CrashStory.markerVariable: marker,
                                               CrashStory.modeVariable: "crash"])
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: marker) && child.isRunning && Date() < deadline {
            usleep(20_000)
        }
        let reachedMiddle = FileManager.default.fileExists(atPath: marker)
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        try #require(reachedMiddle, "the child never reached the middle of its import")
        #expect(child.terminationReason == .uncaughtSignal)

        let ledger = try Ledger(path: fixture.path)
        #expect(try ledger.integrityProblems().isEmpty)
        #expect(try ledger.transactions().count == CrashStory.smallCount)
        #expect(try ledger.importBatches().count == 1)

        let (small, large) = CrashStory.statements(accountId: account)
        let rerun = try ledger.importStatements([small, large])
        #expect(rerun.skippedCount == CrashStory.smallCount)
        #expect(rerun.addedCount == CrashStory.largeCount)
        #expect(try ledger.transactions().count == CrashStory.smallCount + CrashStory.largeCount)
    }

    @Test func twoProcessesImportingTheSameFilesNeitherCorruptNorDuplicate() throws {
        let fixture = try LedgerFixture("processes")
        let account = try fixture.account("Checking")
        let child = try CrashStory.spawnChild([CrashStory.ledgerVariable: fixture.path, CrashStory.modeVariable: "import"])
        let ledger = try Ledger(path: fixture.path, busyTimeout: 30)
        let (small, large) = CrashStory.statements(accountId: account)
        let mine = try ledger.importStatements([small, large])
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        #expect(try ledger.integrityProblems().isEmpty)
        #expect(try ledger.transactions().count == CrashStory.smallCount + CrashStory.largeCount)
        // Whoever came second found everything there.
        let batches = try ledger.importBatches()
        #expect(batches.count == 1)
        #expect(mine.addedCount == 0 || mine.addedCount == CrashStory.smallCount + CrashStory.largeCount)
    }

    @Test func concurrentConnectionsOnThreadsNeitherCorruptNorDuplicate() throws {
        let fixture = try LedgerFixture("threads")
        let account = try fixture.account("Checking")
        let path = fixture.path
        let (small, _) = CrashStory.statements(accountId: account)
        let overlapping = ImportStatement(accountId: account, transactions: small.transactions + (0..<500).map { i in
            row(account, 1 + i % 28, "-0.\(10 + i % 80)", "Coffee")   // many identical rows, no bank ids
        })
        let added = Mutex<[Int]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let ledger = try Ledger(path: path, busyTimeout: 30)
                let report = try ledger.importStatements([overlapping])
                added.withLock { $0.append(report.addedCount) }
            } catch {
                failures.withLock { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(added.withLock { $0.sorted() } == [0, 0, 0, overlapping.transactions.count])
        let ledger = try Ledger(path: path)
        #expect(try ledger.transactions().count == overlapping.transactions.count)
        #expect(try ledger.integrityProblems().isEmpty)
    }

    @Test func connectionsCreatingOneNewLedgerAtOnceAllSucceed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-race-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ledger.sqlite").path
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            do {
                let ledger = try Ledger(path: path, busyTimeout: 30)
                try ledger.addAccount(Account(name: "Account \(i)", kind: .bank, currency: .EUR))
            } catch {
                failures.withLock { $0.append(String(describing: error)) }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let ledger = try Ledger(path: path)
        #expect(try ledger.accounts().count == 4)
        #expect(try ledger.appliedMigrations() == Migration.all.map(\.name))
    }

    @Test func writerWaitingPastTheBusyTimeoutGetsAMessage() throws {
        let fixture = try LedgerFixture("busy")
        let path = fixture.path
        let outcome = Mutex<String?>(nil)
        let holding = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let holder = Thread {
            do {
                let ledger = try Ledger(path: path)
                try ledger.transaction {
                    try ledger.addTag(LedgerTag(title: "held"))
                    holding.signal()
                    usleep(800_000)
                }
            } catch {}
            done.signal()
        }
        holder.start()
        holding.wait()
        let other = try Ledger(path: path, busyTimeout: 0.2)
        let error = #expect(throws: LedgerError.self) { try other.addTag(LedgerTag(title: "late")) }
        #expect(error?.kind == .busy)
        outcome.withLock { $0 = error?.message }
        #expect(try other.tags().isEmpty)   // readers are not blocked by the writer
        done.wait()
        #expect(outcome.withLock { $0 } == "the ledger is busy: another mymoney process is writing to it; try again")
        #expect(try other.tags().map(\.title) == ["held"])
    }
}

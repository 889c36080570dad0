import Foundation
import Testing
@testable import MyMoneyStore
import MyMoneyTestSupport

/// What a killed writer leaves beside a ledger is removed by the next writer, and only that.
@Suite struct LeftoverAsidesTests {
    /// The id of a process that has ended (it ran `true` and was waited for).
    func endedProcessId() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func anEndedWritersFilesGoAndARunningOnesStay() throws {
        let folder = MyMoneyBinary.scratch("leftovers")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let dead = try endedProcessId()
        let mine = getpid()
        let names = [".ledger.sqlite.new-\(dead)-ABCDEF12", ".ledger.sqlite.new-\(dead)-ABCDEF12-wal",
                     ".ledger.sqlite.new-\(mine)-12345678", ".other.sqlite.new-\(dead)-ABCDEF12",
                     ".ledger.sqlite.new-notapid-ABCDEF12", "ledger.sqlite"]
        for name in names { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
        let removed = LeftoverAsides.remove(beside: ledger)
        #expect(removed == [".ledger.sqlite.new-\(dead)-ABCDEF12", ".ledger.sqlite.new-\(dead)-ABCDEF12-wal"])
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(left == Set(names.dropFirst(2)))
    }

    @Test func onlyTheWritersOwnNameShapeCounts() {
        #expect(LeftoverAsides.owner(of: "4711-ABCDEF12") == 4711)
        #expect(LeftoverAsides.owner(of: "4711-ABCDEF12-journal") == 4711)
        #expect(LeftoverAsides.owner(of: "4711-ABCDEF12-backup") == nil)
        #expect(LeftoverAsides.owner(of: "4711-ABC") == nil)
        #expect(LeftoverAsides.owner(of: "-ABCDEF12") == nil)
    }
}

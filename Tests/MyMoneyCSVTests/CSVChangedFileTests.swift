import Foundation
import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// A mapped CSV file that changes while it is read (``MappedFile/hasChanged``: written to,
/// replaced, its time moved) is an error naming the file, `csv.file.changed`, instead of a read
/// of mixed old and new bytes: found before the statements are handed on, nothing is handed on;
/// found after (the second pass read the file again), the result is unusable.
@Suite struct CSVChangedFileTests {
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("changed-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Reads the mapped file, `change` run once the file is mapped (before the read) or at the
    /// first transaction handed on (during it); what was handed on, and the result.
    static func read(_ url: URL, latin1: Bool = false, changeBefore: (() throws -> Void)? = nil,
                     changeWhileHanding: (() throws -> Void)? = nil) throws -> (handed: Int, ends: Int, result: ReadResult, windowed: Bool) {
        let mapped = try #require(MappedFile(path: url.path))
        try changeBefore?()
        var handed = 0, ends = 0
        var failure: (any Error)?
        let (result, windowed) = CSVReader().readWindowed(mapped: mapped, file: "statement.csv", options: ReadOptions(), profile: nil,
                                                          rowsPerWindow: 7, transaction: { _ in
            if handed == 0, let changeWhileHanding { do { try changeWhileHanding() } catch { failure = error } }
            handed += 1
        }, compactStatementEnd: { _, _ in ends += 1 })
        if let failure { throw failure }
        return (handed, ends, result, windowed)
    }

    static func changed(_ result: ReadResult) -> Bool {
        result.diagnostics.contains { $0.code == "csv.file.changed" && $0.severity == .error && $0.file == "statement.csv" }
    }

    @Test func anUnchangedFileReadsWithoutTheError() throws {
        let url = try Self.file(CSVStatementStreamTests.Export(count: 40).text)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try Self.read(url)
        #expect(read.windowed)
        #expect(!Self.changed(read.result))
        #expect(read.handed == 40 && read.ends == 1)
    }

    @Test func aFileWrittenToOnceMappedIsAnErrorAndHandsNothingOn() throws {
        let text = CSVStatementStreamTests.Export(count: 40).text
        // Appended to (the mapping still reads the old length), or rewritten in place at the same length.
        let url = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let appended = try Self.read(url, changeBefore: { try Self.append("2024-12-31,SHOP,1.00,T999,1.00\n", to: url) })
        #expect(Self.changed(appended.result), "\(appended.result.diagnostics.map(\.code))")
        #expect(appended.handed == 0 && appended.ends == 0)
        #expect(!appended.result.isUsable(strict: false))

        let same = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: same) }
        let rewritten = try Self.read(same, changeBefore: {
            try Data(text.replacingOccurrences(of: "SHOP", with: "SHIP").utf8).write(to: same, options: [])
            // The same second as the mapping: the time moves by nanoseconds, or is set apart here.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: same.path)
        })
        #expect(Self.changed(rewritten.result))
        #expect(rewritten.handed == 0)
    }

    @Test func aFileReplacedOnceMappedIsAnError() throws {
        let text = CSVStatementStreamTests.Export(count: 40).text
        let url = try Self.file(text)
        let other = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: url); try? FileManager.default.removeItem(at: other) }
        let replaced = try Self.read(url, changeBefore: {
            _ = rename(other.path, url.path) // another file (same bytes, another inode) in its place
        })
        #expect(Self.changed(replaced.result))
        #expect(replaced.handed == 0)
        let removed = try Self.file(text)
        let gone = try Self.read(removed, changeBefore: { try FileManager.default.removeItem(at: removed) })
        #expect(Self.changed(gone.result))
    }

    @Test func aFileChangedWhileItsTransactionsAreHandedOnEndsUnusable() throws {
        let url = try Self.file(CSVStatementStreamTests.Export(count: 40).text)
        defer { try? FileManager.default.removeItem(at: url) }
        let read = try Self.read(url, changeWhileHanding: { try Self.append("2024-12-31,SHOP,1.00,T999,1.00\n", to: url) })
        #expect(read.handed == 40) // handed on before the change was known
        #expect(Self.changed(read.result))
        #expect(!read.result.isUsable(strict: false))
    }

    @Test func aFileCopiedIntoMemoryIsCheckedToo() throws {
        // Latin-1 is not read a window at a time: the mapping is copied, then checked.
        let text = CSVStatementStreamTests.Export(count: 40).text + "2024-12-30,CAF\u{C9},1.00,T998,1.00\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("changed-\(UUID().uuidString).csv")
        try text.data(using: .isoLatin1)!.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let clean = try Self.read(url)
        #expect(!clean.windowed && !Self.changed(clean.result))
        let read = try Self.read(url, changeBefore: { try Self.append("2024-12-31,SHOP,1.00,T999,1.00\n", to: url) })
        #expect(!read.windowed)
        #expect(Self.changed(read.result))
        #expect(read.handed == 0)
    }
}

import Foundation
import Testing
@testable import MyMoneyStore

/// An encrypted ledger in its own folder, built with libsodium's smallest Argon2id cost so each
/// open takes microseconds (the format is the same at every cost).
struct EncryptedLedgerFixture {
    static let passphrase = "correct horse battery staple"
    let folder: URL
    let path: String
    let recoveryKey: RecoveryKey

    /// A new encrypted ledger holding account "Checking" and `rows` transactions.
    init(_ name: String, rows: Int = 40) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mymoney-sealed-\(name)-\(getpid())-\(UUID().uuidString)")
        path = folder.appendingPathComponent("ledger.sqlite").path
        let ledger = try Ledger(unpublishedAt: path)
        let account = try #require(try ledger.addAccount(Account(name: "Checking", kind: .bank, currency: .EUR)).id)
        try ledger.importStatements([ImportStatement(accountId: account, sourceFile: "statement.csv",
                                                     transactions: Self.rows(account, count: rows, prefix: "Secret payee"))])
        recoveryKey = try #require(try ledger.publish(encryptingWith: try Self.secret(Self.passphrase), hashing: .minimum))
    }

    /// `count` distinct transactions of `account` whose payees start with `prefix`.
    static func rows(_ account: Int64, count: Int, prefix: String) -> [LedgerTransaction] {
        (0..<count).map { i in
            LedgerTransaction(accountId: account, day: october(1).advanced(by: i % 300), amount: Amount(units: -Int64(100 + i), scale: 2),
                              currency: .EUR, originalPayee: "\(prefix) \(i)", memo: "memo \(i)", bankId: "\(prefix)-\(i)")
        }
    }

    static func secret(_ text: String) throws -> SecretBytes {
        try Array(text.utf8).withUnsafeBytes { try SecretBytes(copying: $0) }
    }

    /// Opens the ledger with `text` as what the user typed.
    func open(_ text: String = passphrase, readOnly: Bool = false, busyTimeout: Double = 5) throws -> Ledger {
        try Ledger(path: path, readOnly: readOnly, busyTimeout: busyTimeout, passphrase: { () throws(LedgerError) in
            do { return try Self.secret(text) } catch { throw LedgerError(.storage, "test secret") }
        })
    }

    var bytes: [UInt8] { get throws { Array(try Data(contentsOf: URL(fileURLWithPath: path))) } }

    func write(_ bytes: [UInt8]) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }

    /// The error opening the ledger fails with, or nil when it opens.
    func openingError(_ text: String = passphrase) -> LedgerError? {
        do { _ = try open(text); return nil } catch let error as LedgerError { return error } catch { return LedgerError(.storage, "\(error)") }
    }

    /// Files in the ledger's folder, by name.
    var folderContents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// Runs this test binary again, filtered to one helper test, with `environment` added.
func spawnHelper(_ test: String, _ environment: [String: String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--testing-library", "swift-testing", "--filter", test]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// Waits up to 60 s for `marker` to appear while `process` runs; whether it did.
func waitForMarker(_ marker: String, of process: Process) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: marker) && process.isRunning && Date() < deadline { usleep(10_000) }
    return FileManager.default.fileExists(atPath: marker)
}

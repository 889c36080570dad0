import Foundation
import MyMoneyStore

/// `sealed`: an encrypted ledger of `--size` transactions (default 1,000,000): encrypting the
/// plain ledger (`mymoney lock`), opening it (Argon2id at the standard cost, then decrypting the
/// whole file into memory) and writing it back after one small change (the whole database
/// encrypted into a new file, fsync, rename), which every changing command pays once.
func sealedBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap(Int.init) ?? 1_000_000
    let folder = scratchDirectory("sealed")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("ledger.sqlite").path
    do {
        let ledger = try Ledger(path: path)
        let account = try ledger.addAccount(Account(name: "Checking", kind: .bank, currency: .EUR))
        guard let accountId = account.id else { return [] }
        _ = try ledger.importStatements([generatedStatement(accountId: accountId, size: size)])
    }
    let passphrase = Array("a benchmark passphrase".utf8)
    func secret() throws(LedgerError) -> SecretBytes {
        let copied: Result<SecretBytes, LedgerError> = passphrase.withUnsafeBytes { b in Result { () throws(LedgerError) in try SecretBytes(copying: b) } }
        return try copied.get()
    }
    var results: [BenchmarkResult] = []
    var cpu = processCPUSeconds()
    var result = try measure("sealed.lock") { _ = try Ledger.encrypt(at: path, passphrase: try secret()); return size }
    let fileBytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    result.bytes = fileBytes
    result.detail = String(format: "plain 1M ledger encrypted in place (%.0f MB file); cpu %.2f s", Double(fileBytes) / 1e6, processCPUSeconds() - cpu)
    results.append(result)
    cpu = processCPUSeconds()
    var opened: Ledger?
    result = try measure("sealed.open") {
        opened = try Ledger(path: path, passphrase: secret)
        return size
    }
    result.bytes = fileBytes
    result.detail = String(format: "Argon2id 3 × 64 MiB, decrypt and deserialize, lock taken; cpu %.2f s", processCPUSeconds() - cpu)
    results.append(result)
    guard let ledger = opened else { return results }
    ledger.writesBackEachCommit = false
    try ledger.setSetting("owner.name", to: "Bench Mark")
    cpu = processCPUSeconds()
    result = try measure("sealed.write-back") { try ledger.save(); return size }
    result.bytes = fileBytes
    result.detail = String(format: "whole database encrypted into a new file, fsync, rename; cpu %.2f s", processCPUSeconds() - cpu)
    results.append(result)
    return results
}

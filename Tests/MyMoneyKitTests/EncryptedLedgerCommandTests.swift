import Foundation
import Testing
import MyMoneyTestSupport

/// Encrypted ledgers through the command line: scripted passphrases, exit statuses, re-keying,
/// lock and unlock, two processes at once.
@Suite("encrypted ledger commands")
struct EncryptedLedgerCommandTests {
    let folder = MyMoneyBinary.scratch("sealed-cli")
    var ledger: String { folder.appendingPathComponent("ledger.sqlite").path }

    /// A passphrase file (mode 0600) holding `text` and a newline.
    func secretFile(_ name: String, _ text: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        return path
    }

    func run(_ arguments: [String], passphrase file: String? = nil, _ extra: [String: String] = [:]) throws -> CommandRun {
        var environment = extra
        if let file { environment["MYMONEY_PASSPHRASE_FILE"] = file }
        return try MyMoneyBinary.run(arguments + ["--ledger", ledger], environment: environment)
    }

    /// An encrypted ledger made by `init --encrypt` with the samples imported; its recovery key.
    func encryptedSamples(_ pass: String) throws -> String {
        let made = try run(["init", "--primary-currency", "EUR", "--rules", Corpus.repositoryRoot.appendingPathComponent("Rules").path,
                            "--encrypt", "--no-input"], passphrase: pass)
        try #require(made.status == 0, "\(made.stderr)")
        let imported = try run(["import", "Samples"], passphrase: pass)
        try #require(imported.status == 0, "\(imported.stderr)")
        let line = try #require(made.stdout.split(separator: "\n").first { $0.hasPrefix("    ") && $0.filter { $0 == "-" }.count == 7 })
        return line.trimmingCharacters(in: .whitespaces)
    }

    func count(_ run: CommandRun) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (object?["transactions"] as? [Any])?.count ?? -1
    }

    @Test func initEncryptThenImportWorksWithAPassphraseFileAndNothingIsInTheClear() throws {
        let pass = try secretFile("pass", "correct horse battery")
        let recovery = try encryptedSamples(pass)
        #expect(recovery.count == 39)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ledger))
        #expect(bytes.prefix(16) == Data("MyMoneyEncrypted".utf8))
        let text = String(decoding: bytes, as: Unicode.ASCII.self)
        for clear in ["SQLite format 3", "REWE", "Girokonto", "Hausverwaltung"] { #expect(!text.contains(clear), "\(clear) in the clear") }
        let listed = try run(["transactions", "--format", "json"], passphrase: pass)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(try count(listed) == 34)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == [".ledger.sqlite.lock", "ledger.sqlite", "pass"])
    }

    @Test func aWrongPassphraseIsExitSeventySevenWithAClearMessage() throws {
        let pass = try secretFile("pass", "correct horse battery")
        _ = try encryptedSamples(pass)
        let wrong = try run(["accounts"], passphrase: try secretFile("wrong", "incorrect horse battery"))
        #expect(wrong.status == 77)
        #expect(wrong.stderr.contains("the passphrase does not open the encrypted ledger at \(ledger)"))
        #expect(wrong.stdout.isEmpty)
    }

    @Test func withoutATerminalOrAFileItSaysHowToGiveThePassphrase() throws {
        let pass = try secretFile("pass", "correct horse battery")
        _ = try encryptedSamples(pass)
        let none = try run(["accounts"], passphrase: nil, ["MYMONEY_PASSPHRASE": "correct horse battery"])
        #expect(none.status == 77)
        #expect(none.stderr.contains("there is no terminal to ask its passphrase on"))
        #expect(none.stderr.contains("MYMONEY_PASSPHRASE_FILE=FILE"))
        // The secret itself in the environment is never read, and the user is told why.
        #expect(none.stderr.contains("MYMONEY_PASSPHRASE is not read"))
    }

    @Test func thePassphraseIsReadFromAFileDescriptorAndNeverTakenAsAnArgument() throws {
        let pass = try secretFile("pass", "correct horse battery")
        _ = try encryptedSamples(pass)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" accounts --ledger \"$1\" --passphrase-fd 3 3<\"$2\"", MyMoneyBinary.url.path, ledger, pass]
        shell.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1", "HOME": folder.path]
        let out = Pipe()
        shell.standardOutput = out
        shell.standardError = FileHandle.nullDevice
        try shell.run()
        let listed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(listed.contains("Girokonto"))
        let argument = try run(["accounts", "--passphrase", "correct horse battery"])
        #expect(argument.status == 2)
        #expect(argument.stderr.contains("unknown option --passphrase"))
    }

    @Test func aDamagedOrTruncatedLedgerIsReportedNeverRead() throws {
        let pass = try secretFile("pass", "correct horse battery")
        _ = try encryptedSamples(pass)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: ledger))
        let original = bytes
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: ledger))
        let flipped = try run(["transactions"], passphrase: pass)
        #expect(flipped.status == 74)
        #expect(flipped.stderr.contains("is damaged: its contents fail authentication"))
        #expect(flipped.stdout.isEmpty)
        try original.prefix(original.count - 100).write(to: URL(fileURLWithPath: ledger))
        let cut = try run(["transactions"], passphrase: pass)
        #expect(cut.status == 74)
        #expect(cut.stderr.contains("cut short"))
    }

    @Test func changingThePassphraseKeepsTheRecoveryKey() throws {
        let pass = try secretFile("pass", "correct horse battery")
        let recovery = try encryptedSamples(pass)
        let new = try secretFile("new", "a new and longer passphrase")
        let changed = try run(["passphrase", "change", "--new-passphrase-file", new], passphrase: pass)
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(try run(["accounts"], passphrase: pass).status == 77)
        #expect(try run(["accounts"], passphrase: new).status == 0)
        #expect(try run(["accounts"], passphrase: try secretFile("recovery", recovery)).status == 0)
        let short = try run(["passphrase", "change", "--new-passphrase-file", try secretFile("short", "abc")], passphrase: new)
        #expect(short.status == 65)
        #expect(short.stderr.contains("at least 8 characters"))
        let stray = try run(["passphrase", "change", "--new-passphrase-file", new], passphrase: pass)
        #expect(stray.status == 77)
    }

    @Test func lockAndUnlockTurnEncryptionOnAndOffKeepingEverything() throws {
        let plain = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        try #require(plain.status == 0, "\(plain.stderr)")
        let pass = try secretFile("pass", "correct horse battery")
        let locked = try run(["lock"], passphrase: pass)
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(locked.stdout.contains("Recovery key"))
        #expect(!FileManager.default.fileExists(atPath: ledger + "-wal"))
        #expect(try run(["lock"], passphrase: pass).status == 65)
        #expect(try count(try run(["transactions", "--format", "json"], passphrase: pass)) == 34)
        let unlocked = try run(["unlock"], passphrase: pass)
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)).prefix(15) == Data("SQLite format 3".utf8))
        #expect(try count(try run(["transactions", "--format", "json"])) == 34)
    }

    /// Two imports into one encrypted ledger at once: the second waits for the first's lock and
    /// finds its transactions, so neither is lost nor doubled.
    @Test func twoImportsAtOnceIntoAnEncryptedLedgerNeitherLoseNorDuplicate() throws {
        let pass = try secretFile("pass", "correct horse battery")
        let made = try run(["init", "--rules", Corpus.repositoryRoot.appendingPathComponent("Rules").path, "--encrypt", "--no-input"], passphrase: pass)
        try #require(made.status == 0, "\(made.stderr)")
        let environment = ["MYMONEY_PASSPHRASE_FILE": pass]
        let a = MyMoneyBinary.start(["import", "Samples/girokonto-2026-10.csv", "Samples/visa-2026-10.qfx", "--ledger", ledger], environment: environment)
        let b = MyMoneyBinary.start(["import", "Samples", "--ledger", ledger], environment: environment)
        let (aRun, bRun) = (try a.wait(), try b.wait())
        #expect(aRun.status == 0, "\(aRun.stderr)")
        #expect(bRun.status == 0, "\(bRun.stderr)")
        #expect(try count(try run(["transactions", "--format", "json"], passphrase: pass)) == 34)
    }
}

@Suite("mymoney init")
struct InitCommandTests {
    let folder = MyMoneyBinary.scratch("init")
    var ledger: String { folder.appendingPathComponent("books/ledger.sqlite").path }

    @Test func scriptedInitSetsTheSettingsAndAccountsFromFlagsOnly() throws {
        let made = try MyMoneyBinary.run(["init", "--ledger", ledger, "--primary-currency", "chf", "--owner", "Alex Morgan",
                                          "--email", "alex@example.org", "--account", "Giro: Main:bank:EUR", "--account", "Cash:cash:CHF",
                                          "--rules", folder.appendingPathComponent("rules").path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("What next:"))
        #expect(made.stdout.contains("mymoney import ~/Downloads/statement.csv --ledger \(ledger)"))
        let settings = try MyMoneyBinary.run(["config", "--format", "json", "--ledger", ledger])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(settings.stdout.utf8)) as? [String: [String: String]])
        #expect(object["settings"] == ["primary-currency": "CHF", "owner.name": "Alex Morgan", "owner.email": "alex@example.org",
                                       "rules": folder.appendingPathComponent("rules").path])
        let accounts = try MyMoneyBinary.run(["accounts", "--format", "json", "--ledger", ledger])
        #expect(accounts.stdout.contains("\"Giro: Main\""))
        #expect(accounts.stdout.contains("\"Cash\""))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("rules").path, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test func initNeverTouchesALedgerThatExistsUnlessAskedToUpdate() throws {
        #expect(try MyMoneyBinary.run(["init", "--ledger", ledger, "--owner", "First"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: ledger))
        let again = try MyMoneyBinary.run(["init", "--ledger", ledger, "--owner", "Second"])
        #expect(again.status == 65)
        #expect(again.stderr.contains("there is a ledger at \(ledger) already; it was left as it is"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: ledger)) == before)
        let update = try MyMoneyBinary.run(["init", "--update", "--ledger", ledger, "--owner", "Second", "--account", "Visa:credit_card:USD"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(try MyMoneyBinary.run(["config", "get", "owner.name", "--ledger", ledger]).stdout == "Second\n")
    }

    @Test func badFlagValuesAreRefusedBeforeAnythingIsCreated() throws {
        let account = try MyMoneyBinary.run(["init", "--ledger", ledger, "--account", "Girokonto:bank"])
        #expect(account.status == 65)
        #expect(account.stderr.contains("an account is written NAME:KIND:CURRENCY"))
        let currency = try MyMoneyBinary.run(["init", "--ledger", ledger, "--primary-currency", "EURO"])
        #expect(currency.status == 65)
        #expect(!FileManager.default.fileExists(atPath: ledger))
    }

    /// Import reads the rules folder the ledger remembers, from any folder; MYMONEY_RULES and
    /// --rules still override it.
    @Test func importUsesTheRulesFolderTheLedgerRemembers() throws {
        // A copy: the test moves it away later, and other tests read the repository's Rules/ meanwhile.
        let rules = folder.appendingPathComponent("remembered-rules").path
        try FileManager.default.copyItem(atPath: Corpus.repositoryRoot.appendingPathComponent("Rules").path, toPath: rules)
        #expect(try MyMoneyBinary.run(["init", "--ledger", ledger, "--rules", rules]).status == 0)
        let elsewhere = MyMoneyBinary.scratch("elsewhere")
        let dry = ["import", Corpus.samples.path, "--ledger", ledger, "--dry-run"]
        let remembered = try MyMoneyBinary.run(dry, in: elsewhere)
        #expect(remembered.status == 0, "\(remembered.stderr)")
        #expect(remembered.stdout.contains("Rules: categorized 23 transactions"))
        // A folder with the account book and no rule files: the samples name their accounts, nothing is categorized.
        let override = elsewhere.appendingPathComponent("other-rules")
        try FileManager.default.createDirectory(at: override, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: rules + "/accounts.csv", toPath: override.appendingPathComponent("accounts.csv").path)
        let overridden = try MyMoneyBinary.run(dry, in: elsewhere, environment: ["MYMONEY_RULES": override.path])
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(overridden.stdout.contains("Rules: categorized 0 transactions"))
        let option = try MyMoneyBinary.run(dry + ["--rules", override.path], in: elsewhere)
        #expect(option.stdout.contains("Rules: categorized 0 transactions"), "\(option.stderr)")
        try FileManager.default.moveItem(atPath: rules, toPath: rules + ".moved")
        let missing = try MyMoneyBinary.run(dry, in: elsewhere)
        #expect(missing.status == 74)
        #expect(missing.stderr.contains("the folder the ledger remembers"))
    }

    @Test func theTutorialRunsEveryStepWithTheRealCommands() throws {
        let run = try MyMoneyBinary.run(["tutorial", "--no-pause"])
        #expect(run.status == 0, "\(run.stderr)")
        for step in 1...5 { #expect(run.stdout.contains("Step \(step) of 5"), "step \(step)") }
        #expect(run.stdout.contains("$ mymoney import "))
        #expect(run.stdout.contains("Transfers: 4 paired"))
        #expect(run.stdout.contains("Result\n  field     value               set by"))
        #expect(run.stdout.contains("2026-10-31  assertion    3617.50  3614.30        3.20  mismatch"))
        #expect(run.stdout.contains("category Food"))
        #expect(run.stdout.contains("That was the tour."))
        #expect(!run.stderr.contains("tip:"))
        let samples = try MyMoneyBinary.run(["tutorial", "--samples", MyMoneyBinary.scratch("nothing").path])
        #expect(samples.status == 74)
        #expect(samples.stderr.contains("give the folder holding Samples/ and Rules/"))
    }

    @Test func tipsAreNeverShownWhenNotOnATerminal() throws {
        let run = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        #expect(run.status == 0)
        #expect(!run.stderr.contains("tip:"))
    }
}

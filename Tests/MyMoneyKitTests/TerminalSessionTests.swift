import Foundation
import Testing
import MyMoneyTestSupport

/// The command line on a real (pseudo-)terminal: the questions of `init`, a passphrase typed
/// without echo, and first-use tips.
@Suite("on a terminal", .enabled(if: PseudoTerminal.isAvailable, Comment(rawValue: PseudoTerminal.absentMessage)))
struct TerminalSessionTests {
    let folder = MyMoneyBinary.scratch("tty")
    var ledger: String { folder.appendingPathComponent("ledger.sqlite").path }

    @Test func initAsksItsQuestionsAndThePassphraseIsNotEchoed() throws {
        let tty = try PseudoTerminal(["init", "--ledger", ledger], in: folder)
        let answers: [(String, String)] = [
            ("currency (EUR, USD, GBP, CHF, …): ", "EUR"), ("name: ", "Alex Morgan"), ("email: ", "alex@example.org"),
            ("account: ", "Girokonto:bank"), ("account: ", ""), ("folder [", "rules"), ("encrypt [y/N]: ", "y"),
            ("Passphrase for the new ledger: ", "tty secret passphrase"), ("The same again: ", "tty secret passphrase"),
        ]
        for (question, answer) in answers {
            try #require(tty.expect(question), "no question \"\(question)\":\n\(tty.transcript)")
            tty.type(answer + "\n")
        }
        #expect(tty.expect("What next:"), "\(tty.transcript)")
        #expect(tty.wait() == 0, "\(tty.transcript)")
        #expect(!tty.transcript.contains("tty secret passphrase"), "the passphrase was echoed")
        #expect(tty.transcript.contains("Alex Morgan"))
        #expect(tty.transcript.contains("Recovery key"))
        let pass = folder.appendingPathComponent("pass").path
        try Data("tty secret passphrase".utf8).write(to: URL(fileURLWithPath: pass))
        chmod(pass, 0o600)
        let accounts = try MyMoneyBinary.run(["accounts", "--ledger", ledger], environment: ["MYMONEY_PASSPHRASE_FILE": pass])
        #expect(accounts.status == 0, "\(accounts.stderr)")
        #expect(accounts.stdout.contains("Girokonto"))
    }

    @Test func aMainCommandShowsItsTipOnceAndNeverWhenTipsAreOff() throws {
        let first = try PseudoTerminal(["import", "Samples/visa-2026-10.qfx", "--ledger", ledger])
        #expect(first.wait() == 0, "\(first.transcript)")
        #expect(first.transcript.contains("tip: see why a rule set a field with 'mymoney rules explain ID'"), "\(first.transcript)")
        let second = try PseudoTerminal(["import", "Samples/visa-2026-10.qfx", "--ledger", ledger])
        #expect(second.wait() == 0)
        #expect(!second.transcript.contains("tip:"))
        let json = try PseudoTerminal(["transactions", "--format", "json", "--ledger", ledger])
        #expect(json.wait() == 0)
        #expect(!json.transcript.contains("tip:"))
        #expect(try MyMoneyBinary.run(["config", "set", "tips", "off", "--ledger", ledger]).status == 0)
        let off = try PseudoTerminal(["transfers", "--ledger", ledger])
        #expect(off.wait() == 0)
        #expect(!off.transcript.contains("tip:"))
    }
}

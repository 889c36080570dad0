import Foundation
import MyMoneyKit

/// What `mymoney init` has been told, by flags or by answers. Nil means not given (not set).
struct InitAnswers: Equatable {
    var primaryCurrency: Currency?
    var ownerName: String?
    var ownerEmail: String?
    var accounts: [Account] = []
    /// Accounts were given as flags: they are not asked for.
    var accountsGiven = false
    /// An absolute path.
    var rulesFolder: String?
    var encrypt: Bool?

    /// The books' setup these answers make.
    var setup: BooksSetup {
        BooksSetup(primaryCurrency: primaryCurrency, ownerName: ownerName, ownerEmail: ownerEmail,
                   accounts: accounts, rulesFolder: rulesFolder)
    }
}

/// The suggestions the questions offer (Enter takes them).
struct InitDefaults: Equatable {
    var currency: Currency?
    var rulesFolder: String
}

/// The questions of `mymoney init`, in the order a finance app's first screens ask them: the
/// primary currency, the profile (name and email), the accounts, where the rule files live, and
/// whether to encrypt. A question a flag already answered is skipped.
///
/// A pure flow over a ``Conversation``, so tests drive it with scripted answers.
enum InitInterview {
    static let stepCount = 5

    /// The answers: `given` completed by asking. Nil when the user ended the input (Ctrl-D):
    /// then nothing is to be created.
    static func run(_ given: InitAnswers, defaults: InitDefaults, workingFolder: String, home: String,
                    _ talk: Conversation) -> InitAnswers? {
        var answers = given
        talk.say("Welcome to My Money. \(stepCount) short questions set up your ledger: Enter takes the [suggestion] or skips, Ctrl-D stops without creating anything.")
        if answers.primaryCurrency == nil {
            talk.say("\n1/\(stepCount) Primary currency: reports add every figure up in it.")
            let suggestion = defaults.currency.map { " [\($0.code)]" } ?? ""
            while true {
                guard let answer = talk.ask("    currency (EUR, USD, GBP, CHF, …)\(suggestion): ") else { return nil }
                let text = answer.trimmingCharacters(in: .whitespaces)
                if text.isEmpty {
                    answers.primaryCurrency = defaults.currency
                    if defaults.currency == nil { talk.say("    skipped: set it later with 'mymoney config set primary-currency CODE'") }
                    break
                }
                if let currency = Currency(code: text.uppercased()) { answers.primaryCurrency = currency; break }
                talk.say("    \"\(text)\" is not an ISO 4217 currency code")
            }
        }
        if answers.ownerName == nil && answers.ownerEmail == nil {
            talk.say("\n2/\(stepCount) Your profile, shown in report headers (change it later with 'mymoney config set owner.name …').")
            guard let name = talk.ask("    name: ") else { return nil }
            answers.ownerName = LedgerSetting.ownerName.normalized(name)
            while true {
                guard let email = talk.ask("    email: ") else { return nil }
                if email.trimmingCharacters(in: .whitespaces).isEmpty { break }
                if let normalized = LedgerSetting.ownerEmail.normalized(email) { answers.ownerEmail = normalized; break }
                talk.say("    \"\(email)\" does not look like an email address")
            }
        }
        if !answers.accountsGiven {
            talk.say("\n3/\(stepCount) Your accounts, one a line as NAME:KIND:CURRENCY (kinds: bank, savings, credit_card, cash, investment, loan)"
                     + (answers.primaryCurrency.map { ", or NAME:KIND for one in \($0.code)" } ?? "")
                     + "; an empty line when done. Imports add any you leave out.")
            while true {
                guard let line = talk.ask("    account: ") else { return nil }
                var text = line.trimmingCharacters(in: .whitespaces)
                if text.isEmpty { break }
                if let currency = answers.primaryCurrency, text.split(separator: ":", omittingEmptySubsequences: false).count == 2 {
                    text += ":" + currency.code
                }
                do {
                    let account = try BooksSetup.account(parsing: text)
                    if answers.accounts.contains(where: { $0.name.lowercased() == account.name.lowercased() }) {
                        talk.say("    \(account.name) is listed already")
                    } else {
                        answers.accounts.append(account)
                    }
                } catch {
                    talk.say("    \(error.message)")
                }
            }
        }
        if answers.rulesFolder == nil {
            talk.say("\n4/\(stepCount) Where your rule files (*.rules) live: import reads them from there, wherever you run it.")
            guard let answer = talk.ask("    folder [\(defaults.rulesFolder)]: ") else { return nil }
            let text = answer.trimmingCharacters(in: .whitespaces)
            answers.rulesFolder = absoluteFolder(text.isEmpty ? defaults.rulesFolder : text, workingFolder: workingFolder, home: home)
        }
        if answers.encrypt == nil {
            talk.say("\n5/\(stepCount) Encrypt the ledger? Then nothing of it can be read without your passphrase, or the recovery key you will be shown once.")
            while true {
                guard let answer = talk.ask("    encrypt [y/N]: ") else { return nil }
                switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
                case "y", "yes": answers.encrypt = true
                case "", "n", "no": answers.encrypt = false
                default: talk.say("    answer y or n"); continue
                }
                break
            }
        }
        return answers
    }

    /// `text` as an absolute folder path: `~` is the home folder, a relative path is taken from `workingFolder`.
    static func absoluteFolder(_ text: String, workingFolder: String, home: String) -> String {
        var path = text
        if path == "~" { path = home } else if path.hasPrefix("~/") { path = home + path.dropFirst(1) }
        if !path.hasPrefix("/") { path = workingFolder + "/" + path }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The suggestions: the system's currency when it names one, and `Rules/` here when there is
    /// one, else `$XDG_CONFIG_HOME/mymoney/rules` (or `~/.config/mymoney/rules`).
    static func defaults(environment: [String: String], workingFolder: String, home: String) -> InitDefaults {
        let language = environment["LC_ALL"] ?? environment["LC_MONETARY"] ?? environment["LANG"] ?? ""
        let identifier = String(language.prefix { $0 != "." && $0 != "@" })
        let currency = identifier.count >= 5 ? Locale(identifier: identifier).currency.flatMap { Currency(code: $0.identifier) } : nil
        var isFolder: ObjCBool = false
        let here = workingFolder + "/Rules"
        if FileManager.default.fileExists(atPath: here, isDirectory: &isFolder), isFolder.boolValue {
            return InitDefaults(currency: currency, rulesFolder: here)
        }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return InitDefaults(currency: currency, rulesFolder: config + "/mymoney/rules")
    }
}

import Foundation
import MyMoneyStore

extension Books {
    /// Creates new books at `path` holding `setup`, encrypted with `passphrase` when given; returns
    /// the recovery key of encrypted books (show it to the user once: it is kept nowhere else).
    ///
    /// The ledger is built in memory and appears at `path` whole, only once it is complete, with a
    /// hard link that never replaces a file: a ledger already there, or one another process
    /// creates meanwhile, is left untouched and this fails.
    ///
    /// - Throws: ``BooksError`` `duplicate` when there is a ledger at `path` already, `invalid`
    ///   for a setup value or a passphrase that is too short, `storage` when the file cannot be written.
    public static func create(at path: String, with setup: BooksSetup,
                              encryptingWith passphrase: Passphrase? = nil) throws(BooksError) -> LedgerRecoveryKey? {
        if exist(at: path) { throw alreadyThere(path) }
        try passphrase?.checkStrongEnough()
        let books = Books(ledger: try store { () throws(LedgerError) in try Ledger(unpublishedAt: path) })
        try books.apply(setup)
        do throws(LedgerError) {
            let recovery = try books.ledger.publish(encryptingWith: passphrase?.secret)
            return recovery.map { LedgerRecoveryKey(description: $0.description) }
        } catch where error.kind == .duplicate {
            throw alreadyThere(path)
        } catch {
            throw BooksError(error)
        }
    }

    /// Puts `setup` into these books: its settings are set (those it leaves nil are kept), its
    /// accounts added unless one of that name exists. Returns what changed, in words.
    @discardableResult
    public func apply(_ setup: BooksSetup) throws(BooksError) -> [String] {
        var changes: [String] = []
        let existing = Set(try accounts().map { $0.name.lowercased() })
        try atomically { () throws in
            let values: [(LedgerSetting, String?)] = [
                (.primaryCurrency, setup.primaryCurrency?.code), (.ownerName, setup.ownerName),
                (.ownerEmail, setup.ownerEmail), (.rules, setup.rulesFolder),
            ]
            for (setting, value) in values {
                guard let value else { continue }
                let stored = try set(setting, to: value)
                changes.append("\(setting.key) = \(stored ?? value)")
            }
            for account in setup.accounts where !existing.contains(account.name.lowercased()) {
                let added = try addAccount(account)
                changes.append("account \(added.name) (\(added.kind.rawValue), \(added.currency.code))")
            }
        }
        return changes
    }

    /// Refuses a path where a ledger is already (before asking a user questions about a new one).
    ///
    /// - Throws: ``BooksError`` `duplicate` saying how to change that ledger or start another.
    public static func checkNoLedger(at path: String) throws(BooksError) {
        if exist(at: path) { throw alreadyThere(path) }
    }

    private static func alreadyThere(_ path: String) -> BooksError {
        BooksError(.duplicate, "there is a ledger at \(path) already; it was left as it is",
                   notes: ["to change its settings: mymoney init --update … (or mymoney config set KEY VALUE)",
                           "to start other books: mymoney init --ledger ANOTHER_PATH"])
    }
}

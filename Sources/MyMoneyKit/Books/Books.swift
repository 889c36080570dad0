import Foundation
import MyMoneyStore

/// The user's books, open: the one door through which commands, and any other program, read and
/// change the ledger.
///
/// Every workflow a user runs (accounts, categories, tags, projects, places, budgets, imports,
/// transactions, transfers, rules, reports, reconciliation) is a method of `Books` or of one of
/// its extensions, taking and returning Core and Kit values; the storage behind it (SQLite) is
/// not part of the Kit's interface. Failures are ``BooksError``s.
///
/// Not `Sendable`: it owns a connection to the ledger file, which belongs to one thread. Open one
/// `Books` per thread or process; the ledger's locking keeps them apart.
public final class Books {
    /// The ledger file.
    public let path: String
    let ledger: Ledger
    /// What the user should hear once about opening the books (permissions made private).
    public private(set) var notices: [String] = []

    init(ledger: Ledger) {
        self.ledger = ledger
        self.path = ledger.path
        if let mode = ledger.permissionsTightened {
            notices.append("the ledger \(path) was readable by others (mode \(String(mode, radix: 8))): it is now readable and writable by you only (0600)")
        }
    }

    /// How an encrypted ledger's changes reach its file (a plain ledger's commits always are on
    /// disk at once).
    public enum WriteBack: Sendable {
        /// After each change (each committed transaction): what a program that keeps the books
        /// open for long wants.
        case afterEachChange
        /// Only when ``Books/save()`` is called: a command writes the whole file back once, at its end.
        case onSave
    }

    /// Opens the books at `path`, creating an empty ledger (mode 0600) when there is none.
    ///
    /// - Parameters:
    ///   - passphrase: where an encrypted ledger's passphrase comes from; asked only when the
    ///     ledger is encrypted. Without one, an encrypted ledger fails with `passphraseRequired`.
    ///   - writeBack: when an encrypted ledger's changes are written back.
    /// - Throws: ``BooksError``: `wrongPassphrase` when the passphrase does not open it, `damaged`
    ///   when its file fails authentication, `busy` when another process has it open for writing.
    public static func open(at path: String, passphrase: PassphraseSource? = nil,
                            writeBack: WriteBack = .afterEachChange) throws(BooksError) -> Books {
        let ledger = try openLedger(at: path, passphrase: passphrase)
        if writeBack == .onSave { ledger.writesBackEachCommit = false }
        return Books(ledger: ledger)
    }

    /// Opens the books at `path` when a ledger is there; nil when there is none (a listing can then
    /// say how to start instead of creating an empty file).
    public static func openExisting(at path: String, passphrase: PassphraseSource? = nil,
                                    writeBack: WriteBack = .afterEachChange) throws(BooksError) -> Books? {
        guard exist(at: path) else { return nil }
        return try open(at: path, passphrase: passphrase, writeBack: writeBack)
    }

    /// Whether a ledger file is at `path`.
    public static func exist(at path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Whether the ledger at `path` is encrypted (false when there is none).
    public static func areEncrypted(at path: String) -> Bool { Ledger.isEncrypted(at: path) }

    /// Whether these books are encrypted.
    public var areEncrypted: Bool { ledger.isEncrypted }

    /// Writes an encrypted ledger's changes back to its file (once, whatever their number);
    /// nothing to do for a plain ledger or when nothing changed.
    ///
    /// - Throws: ``BooksError`` `storage` when the file cannot be written: it is left as it was.
    public func save() throws(BooksError) {
        try store { () throws(LedgerError) in try ledger.save() }
    }

    /// Opens the store's ledger at `path`, asking `passphrase` when it is encrypted, and keeping
    /// the source's own failure (not on a terminal, no file) as it is.
    static func openLedger(at path: String, passphrase: PassphraseSource?, busyTimeout: Double = 5) throws(BooksError) -> Ledger {
        let failure = PassphraseSource.Failure()
        do throws(LedgerError) {
            return try Ledger(path: path, busyTimeout: busyTimeout, passphrase: passphrase?.secretForStore(failure))
        } catch {
            if let asked = failure.error { throw asked }
            if error.kind == .wrongPassphrase { passphrase?.forget() }
            throw BooksError(error)
        }
    }

    /// Runs `body` atomically: everything it changes is kept together or not at all.
    func atomically<T>(_ body: () throws -> T) throws(BooksError) -> T {
        try step { try ledger.transaction { try body() } }
    }
}

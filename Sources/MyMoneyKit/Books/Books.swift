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

    /// Opens the books at `path`, creating an empty ledger (mode 0600) when there is none.
    public static func open(at path: String) throws(BooksError) -> Books {
        Books(ledger: try store { () throws(LedgerError) in try Ledger(path: path) })
    }

    /// Opens the books at `path` when a ledger is there; nil when there is none (a listing can then
    /// say how to start instead of creating an empty file).
    public static func openExisting(at path: String) throws(BooksError) -> Books? {
        guard exist(at: path) else { return nil }
        return try open(at: path)
    }

    /// Whether a ledger file is at `path`.
    public static func exist(at path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    /// Runs `body` atomically: everything it changes is kept together or not at all.
    func atomically<T>(_ body: () throws -> T) throws(BooksError) -> T {
        try step { try ledger.transaction { try body() } }
    }
}

import MyMoneyKit

/// What one run of a command keeps: the books it opened (each once, whatever asks for them) and
/// where its passphrase comes from (asked once).
///
/// An encrypted ledger's books are opened to write back only when saved: ``saveAll()`` runs when
/// the command ends, so however many changes a command makes, its ledger file is written once.
/// Not `Sendable`: it holds open books.
public final class CommandSession {
    private var opened: [(path: String, books: Books)] = []
    /// The passphrase source of this run, made on first use.
    var passphrases: PassphraseSource?

    public init() {}

    /// The books already open for `path`.
    func books(at path: String) -> Books? { opened.first { $0.path == path }?.books }

    /// Keeps `books`, open for `path`, for the rest of the run.
    func keep(_ books: Books, at path: String) {
        if self.books(at: path) == nil { opened.append((path, books)) }
    }

    /// The `rules` setting of the ledger at `path`: from its open books, else opened by `open`
    /// (nil when there is no ledger or it cannot be opened: it then has no say).
    func rulesSetting(ledgerAt path: String, open: () throws -> Books?) -> String? {
        guard let books = books(at: path) ?? (try? open()) else { return nil }
        return (try? books.value(of: .rules)) ?? nil
    }

    /// Writes back every open encrypted ledger that changed; tries them all, then throws the first failure.
    public func saveAll() throws {
        var failure: (any Error)?
        for entry in opened {
            do { try entry.books.save() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// Closes every book (an encrypted ledger's lock is let go).
    public func close() { opened.removeAll() }
}

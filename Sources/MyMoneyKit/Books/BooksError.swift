import MyMoneyStore
import MyMoneyImport

/// Why the books refused or failed what was asked, in words a user can act on.
///
/// Every failure a workflow of the Kit can end with is one of these: the ledger's own refusals
/// (a blank title, an unknown account), input files that cannot be used, and storage problems.
/// `kind` says what sort of failure it is, so a program (the command line maps it to an exit
/// status) can react without reading the message.
public struct BooksError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// A value failed its checks (a blank title, a bad color, an unknown currency, a date range backwards).
        case invalid
        /// Something with that name or identity already exists.
        case duplicate
        /// The id or name refers to nothing in the books.
        case notFound
        /// The change would break the books' links (removing a category still in use).
        case inUse
        /// A change inside a period reconciled with the bank, asked for without `force`.
        case locked
        /// An input file holds data that cannot be imported (nothing was imported).
        case badInput
        /// A file or folder named cannot be read.
        case unreadable
        /// Another process held the ledger's write lock for too long.
        case busy
        /// The ledger file cannot be opened, read or written, or is not a ledger.
        case storage
        /// The ledger is encrypted and no passphrase could be had (none given, not on a terminal).
        case passphraseRequired
        /// The passphrase or recovery key given does not open the encrypted ledger.
        case wrongPassphrase
        /// The encrypted ledger's file fails authentication (cut short, changed): nothing of it was read.
        case damaged
    }

    public var kind: Kind
    /// What went wrong, for the user.
    public var message: String
    /// Further lines for the user: the field concerned, internal detail (SQLite's text), what to do.
    public var notes: [String]
    /// Every invalid value of a form, field by field (kind `invalid`); empty otherwise.
    public var problems: FieldProblems

    public init(_ kind: Kind, _ message: String, notes: [String] = []) {
        self.kind = kind
        self.message = message
        self.notes = notes
        self.problems = FieldProblems()
    }

    /// Every problem of a form as one error: kind `invalid`, one note per problem.
    public init(_ problems: FieldProblems) {
        self.init(.invalid, problems.count == 1 ? problems.messages[0] : "\(counted(problems.count, "value is", "values are")) invalid",
                  notes: problems.messages)
        self.problems = problems
    }

    /// For a form's problems, one per line; otherwise the message and its notes.
    public var description: String {
        if !problems.isEmpty { return problems.messages.joined(separator: "\n") }
        return ([message] + notes.map { "note: \($0)" }).joined(separator: "\n")
    }

    /// The same error with `suffix` added to its message (`"; nothing was imported"`).
    func appending(_ suffix: String) -> BooksError {
        var copy = self
        copy.message += suffix
        return copy
    }
}

extension BooksError {
    /// The store's error as the books report it: its message, SQLite's detail as a note.
    init(_ error: LedgerError) {
        let kind: Kind
        switch error.kind {
        case .invalid: kind = .invalid
        case .duplicate: kind = .duplicate
        case .notFound: kind = .notFound
        case .inUse: kind = .inUse
        case .busy: kind = .busy
        case .storage: kind = .storage
        case .passphraseRequired: kind = .passphraseRequired
        case .wrongPassphrase: kind = .wrongPassphrase
        case .damaged: kind = .damaged
        }
        self.init(kind, error.message, notes: error.detail.map { [$0] } ?? [])
    }

    init(_ error: InputError) {
        self.init(.unreadable, error.description)
    }

    /// Any error a workflow step threw, as the books report it.
    static func from(_ error: any Error) -> BooksError {
        switch error {
        case let e as BooksError: return e
        case let e as LedgerError: return BooksError(e)
        case let e as InputError: return BooksError(e)
        case let e as ImportFailure: return BooksError(.badInput, e.description)
        default: return BooksError(.storage, "unexpected failure", notes: [String(describing: error)])
        }
    }
}

/// Runs a store call and reports its failure as a ``BooksError``.
func store<T>(_ body: () throws(LedgerError) -> T) throws(BooksError) -> T {
    do { return try body() } catch { throw BooksError(error) }
}

/// Runs a workflow step (any error) and reports its failure as a ``BooksError``.
func step<T>(_ body: () throws -> T) throws(BooksError) -> T {
    do { return try body() } catch { throw BooksError.from(error) }
}

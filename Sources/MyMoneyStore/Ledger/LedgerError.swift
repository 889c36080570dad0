import Foundation
internal import MyMoneySQLite

/// Why the ledger refused or failed an operation.
///
/// `message` is written for the user and names the field in words they can act on
/// ("an account named Visa already exists"); `detail` keeps SQLite's own text apart, for a note.
package struct LedgerError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: String, Sendable, Hashable, Codable {
        /// A value failed validation (blank title, bad color, unknown currency, too deep).
        case invalid
        /// Something with that name or identity already exists.
        case duplicate
        /// The id or name refers to nothing in the ledger.
        case notFound
        /// The change would break the ledger's links (deleting a category still in use).
        case inUse
        /// Another process held the ledger's write lock longer than the busy timeout.
        case busy
        /// The file cannot be opened, read or written, or is not a ledger.
        case storage
        /// The ledger is encrypted and no passphrase was given.
        case passphraseRequired
        /// The passphrase (or recovery key) given does not open the encrypted ledger.
        case wrongPassphrase
        /// The encrypted ledger's file fails its checks (cut short, changed, not written by us):
        /// nothing of it was read.
        case damaged
    }

    package var kind: Kind
    /// The field the message is about (`title`, `color`, `currency`), when one is.
    package var field: String?
    /// What went wrong, for the user.
    package var message: String
    /// SQLite's own message or other internal detail, for a note; never the main message.
    package var detail: String?

    package init(_ kind: Kind, _ message: String, field: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.message = message
        self.field = field
        self.detail = detail
    }

    package var description: String { message }

    /// A stable code for diagnostics and scripts: `ledger.invalid`, `ledger.duplicate`, `ledger.not-found`,
    /// `ledger.in-use`, `ledger.busy`, `ledger.storage`, `ledger.passphrase-required`,
    /// `ledger.wrong-passphrase`, `ledger.damaged`.
    package var code: String {
        switch kind {
        case .invalid: return "ledger.invalid"
        case .duplicate: return "ledger.duplicate"
        case .notFound: return "ledger.not-found"
        case .inUse: return "ledger.in-use"
        case .busy: return "ledger.busy"
        case .storage: return "ledger.storage"
        case .passphraseRequired: return "ledger.passphrase-required"
        case .wrongPassphrase: return "ledger.wrong-passphrase"
        case .damaged: return "ledger.damaged"
        }
    }

    static func invalid(_ field: String, _ message: String) -> LedgerError {
        LedgerError(.invalid, message, field: field)
    }

    static func notFound(_ message: String) -> LedgerError { LedgerError(.notFound, message) }

    static func fromSQLite(_ code: Int32, detail: String) -> LedgerError {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return LedgerError(.busy, "the ledger is busy: another mymoney process is writing to it; try again",
                               detail: detail)
        case SQLITE_CONSTRAINT:
            return LedgerError(.invalid, "the change would break the ledger's consistency", detail: detail)
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return LedgerError(.storage, "the file is not a My Money ledger or is damaged", detail: detail)
        case SQLITE_READONLY:
            return LedgerError(.storage, "the ledger is read-only here", detail: detail)
        case SQLITE_FULL:
            return LedgerError(.storage, "the disk is full: the ledger was not changed", detail: detail)
        case SQLITE_ERROR where detail.contains("integer overflow"):
            return LedgerError(.invalid, "a total is too large to compute exactly", detail: detail)
        default:
            return LedgerError(.storage, "the ledger could not be read or written", detail: detail)
        }
    }
}

extension LedgerError {
    /// The error as a diagnostic: the user's message, SQLite's detail as a note.
    package var diagnostic: Diagnostic {
        var notes: [String] = []
        if let field { notes.append("field: \(field)") }
        if let detail { notes.append("sqlite: \(detail)") }
        return Diagnostic.error(code, message, file: nil, notes: notes)
    }
}

import MyMoneyStore

/// Turning a ledger's encryption on and off, and changing its passphrase.
///
/// Each works on the file as a whole and never leaves the ledger in the clear on disk, nor half
/// done: a new file is written beside the ledger, flushed, and renamed over it (see
/// docs/encryption.md). Each holds the ledger's lock, so no other mymoney process writes meanwhile.
extension Books {
    /// Encrypts the plain ledger at `path` with `passphrase`; returns its recovery key (show it
    /// once: with it the ledger opens when the passphrase is forgotten).
    ///
    /// - Throws: ``BooksError`` `notFound` when there is no ledger, `invalid` when it is encrypted
    ///   already or the passphrase is too short, `busy` when another process is writing to it.
    public static func lock(at path: String, with passphrase: Passphrase) throws(BooksError) -> LedgerRecoveryKey {
        try passphrase.checkStrongEnough()
        let recovery = try store { () throws(LedgerError) in try Ledger.encrypt(at: path, passphrase: passphrase.secret) }
        return LedgerRecoveryKey(description: recovery.description)
    }

    /// Decrypts the encrypted ledger at `path` into a plain SQLite file, on purpose.
    ///
    /// - Throws: ``BooksError`` `invalid` when it is not encrypted, `wrongPassphrase`, `damaged`, `busy`.
    public static func unlock(at path: String, passphrase: PassphraseSource) throws(BooksError) {
        guard exist(at: path) else { throw BooksError(.notFound, "there is no ledger at \(path)") }
        guard areEncrypted(at: path) else { throw BooksError(.invalid, "the ledger at \(path) is not encrypted") }
        let failure = PassphraseSource.Failure()
        do throws(LedgerError) {
            try Ledger.decrypt(at: path, passphrase: passphrase.secretForStore(failure))
        } catch {
            throw failure.error ?? BooksError(error)
        }
    }

    /// Gives the encrypted ledger at `path` the passphrase `new`; `current` is its passphrase or
    /// its recovery key. The data is not decrypted: only the wrapped key in the file's header
    /// changes, and the recovery key keeps working.
    ///
    /// - Throws: ``BooksError`` `wrongPassphrase` when `current` does not open it, `invalid`
    ///   when it is not encrypted or `new` is too short, `damaged`, `busy`.
    public static func changePassphrase(at path: String, current: Passphrase, new: Passphrase) throws(BooksError) {
        guard exist(at: path) else { throw BooksError(.notFound, "there is no ledger at \(path)") }
        guard areEncrypted(at: path) else {
            throw BooksError(.invalid, "the ledger at \(path) is not encrypted", notes: ["encrypt it with: mymoney lock"])
        }
        try new.checkStrongEnough()
        try store { () throws(LedgerError) in try Ledger.changePassphrase(at: path, current: current.secret, new: new.secret) }
    }
}

import Foundation
import MyMoneyStore

/// A passphrase (or the recovery key) for an encrypted ledger, kept in guarded memory that is
/// wiped when it is released.
///
/// Bytes typed or read from a file are taken as UTF-8; text that is not plain ASCII is put in
/// Unicode normalization form C first, so the same passphrase typed on two systems (which may
/// compose `é` differently) opens the same ledger. That normalization passes through a Swift
/// string, which is not wiped: ASCII passphrases never do.
///
/// A class because its memory has a lifetime. Not `Sendable`.
public final class Passphrase {
    let secret: SecretBytes

    /// The passphrase in `bytes` (UTF-8).
    public init(bytes: UnsafeRawBufferPointer) throws(BooksError) {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            secret = try store { () throws(LedgerError) in try SecretBytes(copying: bytes) }
        } else {
            let normalized = Array(String(decoding: bytes, as: UTF8.self).precomposedStringWithCanonicalMapping.utf8)
            let copied: Result<SecretBytes, LedgerError> = normalized.withUnsafeBytes { b in Result { () throws(LedgerError) in try SecretBytes(copying: b) } }
            secret = try store { () throws(LedgerError) in try copied.get() }
        }
    }

    /// The passphrase `text` (for programs and tests; the command line never has one as a string).
    public convenience init(_ text: String) throws(BooksError) {
        let bytes = Array(text.utf8)
        let result: Result<Passphrase, BooksError> = bytes.withUnsafeBytes { b in Result { () throws(BooksError) in try Passphrase(bytes: b) } }
        self.init(secret: try result.get().secret)
    }

    init(secret: SecretBytes) { self.secret = secret }

    /// Its length in characters (Unicode scalars).
    public var characterCount: Int {
        secret.withBytes { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }

    /// Whether it holds nothing.
    public var isEmpty: Bool { secret.count == 0 }

    /// Whether both hold the same bytes (compared in constant time).
    public func matches(_ other: Passphrase) -> Bool {
        secret.count == other.secret.count && secret.withBytes { a in other.secret.withBytes { b in
            zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
        } }
    }

    /// The fewest characters a new passphrase may have.
    public static let minimumLength = 8

    /// Checks a passphrase chosen for a ledger.
    ///
    /// - Throws: ``BooksError`` `invalid` when it is shorter than ``minimumLength``.
    public func checkStrongEnough() throws(BooksError) {
        guard characterCount >= Self.minimumLength else {
            throw BooksError(.invalid, "a passphrase needs at least \(Self.minimumLength) characters (this one has \(characterCount)); a few unrelated words make a good one")
        }
    }
}

/// Where the passphrase of an encrypted ledger comes from: asked for only when a ledger turns
/// out to be encrypted, and at most once (the answer is kept, in guarded memory, for the
/// source's life, so a command that opens the ledger twice asks once).
///
/// Not `Sendable`: it keeps the passphrase.
public final class PassphraseSource {
    private let ask: () throws(BooksError) -> Passphrase
    private var answer: Passphrase?

    /// A source that calls `ask` the first time a passphrase is needed.
    public init(_ ask: @escaping () throws(BooksError) -> Passphrase) { self.ask = ask }

    /// A source that always gives `passphrase`.
    public convenience init(_ passphrase: Passphrase) { self.init { () throws(BooksError) in passphrase } }

    /// The passphrase, asked for now when it was not yet.
    public func passphrase() throws(BooksError) -> Passphrase {
        if let answer { return answer }
        let given = try ask()
        answer = given
        return given
    }

    /// Forgets the passphrase given (after it turned out wrong, so it is asked again).
    public func forget() { answer = nil }

    /// Where the source's own failure (no terminal, no file) is kept while the store asks.
    final class Failure {
        var error: BooksError?
    }

    /// This source as the store asks for a secret; the source's own failure is kept in `failure`
    /// so it can be reported as it is rather than as the store's.
    func secretForStore(_ failure: Failure) -> () throws(LedgerError) -> SecretBytes {
        { () throws(LedgerError) -> SecretBytes in
            switch Result(catching: { () throws(BooksError) -> Passphrase in try self.passphrase() }) {
            case .success(let passphrase): return passphrase.secret
            case .failure(let error):
                failure.error = error
                throw LedgerError(.passphraseRequired, error.message)
            }
        }
    }
}

/// A recovery key, shown once when a ledger is encrypted: with it the ledger opens when the
/// passphrase is forgotten (give it wherever the passphrase is asked for).
public struct LedgerRecoveryKey: Sendable, CustomStringConvertible {
    /// The key as the user writes it down: eight groups of four letters and digits.
    public let description: String
}

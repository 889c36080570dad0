internal import MyMoneySodium

/// Argon2id (RFC 9106), the memory-hard function that turns a passphrase into the key that opens
/// an encrypted ledger, with its cost.
///
/// The cost is stored in each encrypted file, so a file keeps opening after the default changes.
/// Costs read from a file are checked against ``accepted`` first: a hostile file cannot make us
/// allocate gigabytes or spin for minutes.
package struct PassphraseHashing: Sendable, Equatable {
    /// Passes over memory (Argon2's t).
    package var operations: UInt64
    /// Memory used, in bytes (Argon2's m).
    package var memoryBytes: UInt64

    package init(operations: UInt64, memoryBytes: UInt64) {
        self.operations = operations
        self.memoryBytes = memoryBytes
    }

    /// What new ledgers use: 3 passes over 64 MiB (about 0.3 to 0.8 s on one core of a 2-core
    /// machine), in line with RFC 9106's second recommended option scaled to a command that runs
    /// once per invocation.
    package static let standard = PassphraseHashing(operations: 3, memoryBytes: 64 << 20)

    /// libsodium's smallest cost: for tests of the file format only, never for a user's ledger.
    package static let minimum = PassphraseHashing(operations: 1, memoryBytes: 8192)

    /// Whether a file's stated cost is one we are willing to pay (1 to 16 passes, 8 KiB to 2 GiB).
    package var isAccepted: Bool {
        (1...16).contains(operations) && (8192...(2 << 30)).contains(memoryBytes)
    }

    /// The 32-byte key for `passphrase` and `salt` (16 bytes).
    ///
    /// - Throws: ``LedgerError`` `storage` when the memory cannot be had.
    func key(for passphrase: SecretBytes, salt: [UInt8]) throws(LedgerError) -> SecretBytes {
        precondition(salt.count == crypto_pwhash_saltbytes())
        let key = try SecretBytes(count: 32)
        let rc = key.withMutableBytes { out in
            passphrase.withBytes { secret in
                secret.withMemoryRebound(to: CChar.self) { text in
                    crypto_pwhash(out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32,
                                  text.baseAddress!, UInt64(secret.count), salt,
                                  operations, Int(memoryBytes), crypto_pwhash_alg_argon2id13())
                }
            }
        }
        guard rc == 0 else {
            throw LedgerError(.storage, "not enough memory to derive the ledger's key from the passphrase (Argon2id needs \(memoryBytes >> 20) MiB)")
        }
        return key
    }
}

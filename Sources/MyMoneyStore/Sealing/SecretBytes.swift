import Foundation
internal import MyMoneySodium

/// libsodium, initialized once per process before its first use (`sodium_init` is thread-safe
/// and idempotent; a global is initialized once, on first access).
private let sodiumIsReady: Bool = sodium_init() >= 0

/// Makes sure libsodium is initialized.
///
/// - Throws: ``LedgerError`` `storage` when it cannot be (no source of randomness).
func prepareSodium() throws(LedgerError) {
    guard sodiumIsReady else { throw LedgerError(.storage, "the cryptography library (libsodium) could not start") }
}

/// Secret bytes (a passphrase, a key) in guarded memory: `sodium_malloc` puts them between guard
/// pages and keeps them out of swap where the system allows it; they are wiped when released.
///
/// A class because the memory has a lifetime. Not `Sendable`: one thread uses it at a time.
package final class SecretBytes {
    private let base: UnsafeMutableRawPointer
    /// How many bytes it holds.
    package let count: Int

    /// `count` zero bytes.
    package init(count: Int) throws(LedgerError) {
        try prepareSodium()
        guard count >= 0, let base = sodium_malloc(max(count, 1)) else {
            throw LedgerError(.storage, "cannot allocate guarded memory for a key")
        }
        sodium_memzero(base, max(count, 1))
        self.base = base
        self.count = count
    }

    /// A copy of `bytes`.
    package convenience init(copying bytes: UnsafeRawBufferPointer) throws(LedgerError) {
        try self.init(count: bytes.count)
        if let source = bytes.baseAddress, bytes.count > 0 { base.copyMemory(from: source, byteCount: bytes.count) }
    }

    /// `count` bytes from the system's cryptographic random source.
    package static func random(count: Int) throws(LedgerError) -> SecretBytes {
        let secret = try SecretBytes(count: count)
        randombytes_buf(secret.base, count)
        return secret
    }

    deinit { sodium_free(base) }

    /// Runs `body` with the bytes; they must not be kept beyond it.
    package func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Runs `body` with the bytes to change them in place.
    func withMutableBytes<R, E: Error>(_ body: (UnsafeMutableRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeMutableRawBufferPointer(start: base, count: count))
    }

    /// The first `count` bytes, as a new secret (the rest is wiped with this one).
    package func prefix(_ count: Int) throws(LedgerError) -> SecretBytes {
        try withBytes { (bytes) throws(LedgerError) in try SecretBytes(copying: UnsafeRawBufferPointer(rebasing: bytes.prefix(count))) }
    }
}

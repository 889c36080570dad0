import Foundation
internal import MyMoneySodium

/// The encrypted body of a ledger file: the SQLite database, in chunks sealed with libsodium's
/// secretstream (XChaCha20-Poly1305, one authenticated message per chunk, chained).
///
/// The stream header (24 bytes) comes first. Every chunk but the last holds exactly `chunkSize`
/// plain bytes and is tagged `message`; the last holds the rest and is tagged `final`. So a file
/// cut short, chunks reordered, dropped or repeated, and any changed byte all fail: reading
/// decrypts nothing it has not authenticated, and finds the end only where the writer put it.
/// The first chunk authenticates the header's identity bytes as associated data.
enum SealedBody {
    static var streamHeaderLength: Int { crypto_secretstream_xchacha20poly1305_headerbytes() }
    /// Bytes a chunk grows by (its tag and the Poly1305 MAC).
    static var overhead: Int { crypto_secretstream_xchacha20poly1305_abytes() }

    /// Why a body could not be read.
    enum Problem: Error, Equatable {
        /// The file ends before the writer's last chunk (its size says so, or the last chunk read is not `final`).
        case cutShort
        /// A chunk failed authentication: `offset` is where it starts in the body.
        case unauthentic(chunk: Int, offset: Int)
    }

    /// How many plain bytes a body of `length` bytes (stream header included) holds; nil when no
    /// writer writes a body of that length (it was cut short or grown).
    static func plainLength(ofBody length: Int, chunkSize: Int) -> Int? {
        let sealed = length - streamHeaderLength
        guard sealed >= overhead else { return nil }
        let chunk = chunkSize + overhead
        let chunks = (sealed + chunk - 1) / chunk
        let last = sealed - (chunks - 1) * chunk
        guard last >= overhead else { return nil }
        return sealed - chunks * overhead
    }

    /// Encrypts `plain` with `key` and writes it to `fd`; `progress` hears the plain bytes done after each chunk.
    static func write(_ plain: UnsafeRawBufferPointer, key: SecretBytes, chunkSize: Int, associatedData: [UInt8],
                      to fd: Int32, path: String, progress: ((Int, Int) -> Void)?) throws(LedgerError) {
        var state = crypto_secretstream_xchacha20poly1305_state()
        var header = [UInt8](repeating: 0, count: streamHeaderLength)
        key.withBytes { k in
            _ = crypto_secretstream_xchacha20poly1305_init_push(&state, &header, k.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        try FileBytes.write(fd, header, path: path)
        var out = [UInt8](repeating: 0, count: chunkSize + overhead)
        var offset = 0
        repeat {
            let count = min(chunkSize, plain.count - offset)
            let isLast = offset + count == plain.count
            let ad: [UInt8] = offset == 0 ? associatedData : []
            var written: UInt64 = 0
            out.withUnsafeMutableBufferPointer { buffer in
                _ = crypto_secretstream_xchacha20poly1305_push(
                    &state, buffer.baseAddress!, &written,
                    plain.baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) + offset }, UInt64(count),
                    ad, UInt64(ad.count),
                    isLast ? crypto_secretstream_xchacha20poly1305_tag_final() : crypto_secretstream_xchacha20poly1305_tag_message())
            }
            try FileBytes.withBytes(out) { (buffer) throws(LedgerError) in
                try FileBytes.write(fd, UnsafeRawBufferPointer(rebasing: buffer.prefix(Int(written))), path: path)
            }
            offset += count
            progress?(offset, plain.count)
        } while offset < plain.count
        sodium_memzero(&state, MemoryLayout<crypto_secretstream_xchacha20poly1305_state>.size)
    }

    /// Reads and decrypts a body of `length` bytes from `fd` into `plain` (exactly
    /// ``plainLength(ofBody:chunkSize:)`` bytes long).
    ///
    /// - Throws: ``Problem`` for a body that is not what a writer wrote (nothing of it should be
    ///   used then), ``LedgerError`` when the file cannot be read.
    static func read(from fd: Int32, length: Int, key: SecretBytes, chunkSize: Int, associatedData: [UInt8],
                     into plain: UnsafeMutableRawBufferPointer, path: String) throws -> Void {
        var state = crypto_secretstream_xchacha20poly1305_state()
        defer { sodium_memzero(&state, MemoryLayout<crypto_secretstream_xchacha20poly1305_state>.size) }
        let header = try FileBytes.read(fd, count: streamHeaderLength, path: path)
        guard header.count == streamHeaderLength else { throw Problem.cutShort }
        let started = key.withBytes { k in
            crypto_secretstream_xchacha20poly1305_init_pull(&state, header, k.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard started == 0 else { throw Problem.unauthentic(chunk: 0, offset: 0) }
        var sealed = [UInt8](repeating: 0, count: chunkSize + overhead)
        var remaining = length - streamHeaderLength
        var offset = 0
        var chunk = 0
        while remaining > 0 {
            let want = min(remaining, chunkSize + overhead)
            let got = try FileBytes.withMutableBytes(&sealed) { (buffer) throws(LedgerError) in
                try FileBytes.read(fd, into: buffer.baseAddress!, count: want, path: path)
            }
            guard got == want, got >= overhead, offset + got - overhead <= plain.count else { throw Problem.cutShort }
            var produced: UInt64 = 0
            var tag: UInt8 = 0
            let ad: [UInt8] = chunk == 0 ? associatedData : []
            let rc = crypto_secretstream_xchacha20poly1305_pull(
                &state, plain.baseAddress!.assumingMemoryBound(to: UInt8.self) + offset, &produced, &tag,
                sealed, UInt64(got), ad, UInt64(ad.count))
            guard rc == 0 else { throw Problem.unauthentic(chunk: chunk, offset: length - remaining) }
            remaining -= got
            offset += Int(produced)
            chunk += 1
            let isFinal = tag == crypto_secretstream_xchacha20poly1305_tag_final()
            if isFinal != (remaining == 0) {
                // A final chunk before the end: bytes were added after it; no final chunk at the end: cut short.
                throw isFinal ? Problem.unauthentic(chunk: chunk, offset: length - remaining) : Problem.cutShort
            }
            if !isFinal && produced != UInt64(chunkSize) { throw Problem.unauthentic(chunk: chunk - 1, offset: length - remaining - got) }
        }
        guard offset == plain.count else { throw Problem.cutShort }
    }
}

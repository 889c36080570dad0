internal import MyMoneySodium

/// The clear-text start of an encrypted ledger file: what it is, how its key is derived, and
/// the data key wrapped once per way in (passphrase, recovery key). Layout in docs/encryption.md.
///
/// Nothing in it is secret; what matters is that nothing in it can be changed unnoticed: the
/// identity (bytes 0..<40) is authenticated with the body and with every key slot, the key
/// derivation (40..<80) with the passphrase slot, and a BLAKE2b checksum at the end tells
/// accidental damage apart from a wrong passphrase.
struct SealedHeader: Equatable {
    /// How the data key is kept in a slot.
    enum SlotKind: UInt8 {
        case passphrase = 1
        case recovery = 2
    }

    /// One wrapped copy of the data key (XChaCha20-Poly1305, 24-byte nonce, 32 + 16 bytes).
    struct Slot: Equatable {
        var kind: SlotKind
        var nonce: [UInt8]
        var wrappedKey: [UInt8]
    }

    static let magic = Array("MyMoneyEncrypted".utf8)
    static let version: UInt8 = 1
    /// XChaCha20-Poly1305 in libsodium's secretstream construction.
    static let bodyCipher: UInt8 = 1
    /// Argon2id v1.3 (`crypto_pwhash_ALG_ARGON2ID13`).
    static let argon2id: UInt8 = 2
    static let identityLength = 40
    static let derivationEnd = 80
    static let slotsStart = 88
    static let slotLength = 80
    static let checksumLength = 32
    static let defaultChunkSize = 1 << 20

    /// Plain bytes per body chunk.
    var chunkSize: Int
    /// Random, fixed for the ledger's life: binds body and slots to this ledger.
    var ledgerID: [UInt8]
    var hashing: PassphraseHashing
    var salt: [UInt8]
    var slots: [Slot]

    /// Bytes before the body.
    var length: Int { Self.slotsStart + slots.count * Self.slotLength + Self.checksumLength }

    /// Whether `prefix` (the first bytes of a file) starts like an encrypted ledger: the magic,
    /// or, for a file shorter than it, a start of the magic (an encrypted ledger cut short).
    static func starts(_ prefix: [UInt8]) -> Bool {
        !prefix.isEmpty && (prefix.starts(with: magic) || (prefix.count < magic.count && magic.starts(with: prefix)))
    }

    // MARK: Writing

    /// The bytes 0..<40: magic, version, cipher, chunk size, ledger id.
    var identity: [UInt8] {
        var bytes = Self.magic
        bytes += [Self.version, Self.bodyCipher, 0, 0]
        bytes += Self.littleEndian(UInt64(chunkSize), count: 4)
        bytes += ledgerID
        return bytes
    }

    /// The bytes 0..<80: the identity, then how the passphrase becomes a key.
    var derivation: [UInt8] {
        var bytes = identity
        bytes += [Self.argon2id, 0, 0, 0, 0, 0, 0, 0]
        bytes += Self.littleEndian(hashing.operations, count: 8)
        bytes += Self.littleEndian(hashing.memoryBytes, count: 8)
        bytes += salt
        return bytes
    }

    /// The whole header, checksum included.
    var encoded: [UInt8] {
        var bytes = derivation
        bytes += [UInt8(slots.count), 0, 0, 0, 0, 0, 0, 0]
        for slot in slots {
            bytes += [slot.kind.rawValue, 0, 0, 0, 0, 0, 0, 0] + slot.nonce + slot.wrappedKey
        }
        return bytes + Self.checksum(bytes)
    }

    /// What a slot of `kind` authenticates besides the key it wraps.
    func associatedData(for kind: SlotKind) -> [UInt8] {
        (kind == .passphrase ? derivation : identity) + [kind.rawValue]
    }

    // MARK: Reading

    /// Why a header could not be read.
    enum Problem: Error, Equatable {
        /// Not the start of an encrypted ledger at all.
        case notSealed
        /// The file ends inside the header.
        case cutShort
        /// Made by a later version of mymoney.
        case newerFormat(UInt8)
        /// The checksum does not match, or a field holds a value no writer writes.
        case damaged(String)
    }

    /// Reads a header from the first bytes of a file. `more` reads further bytes when the
    /// header is longer than what was given (it returns fewer at the end of the file).
    static func decode(_ start: [UInt8], more: (Int) -> [UInt8]) throws(Problem) -> SealedHeader {
        guard starts(start) else { throw .notSealed }
        guard start.count >= magic.count else { throw .cutShort }
        var bytes = start
        if bytes.count < slotsStart { bytes += more(slotsStart - bytes.count) }
        guard bytes.count >= slotsStart else { throw .cutShort }
        guard bytes[16] == version else { throw .newerFormat(bytes[16]) }
        guard bytes[17] == bodyCipher, bytes[18] == 0, bytes[19] == 0 else { throw .damaged("unknown cipher") }
        let slotCount = Int(bytes[80])
        guard (1...4).contains(slotCount) else { throw .damaged("\(slotCount) key slots") }
        let length = slotsStart + slotCount * slotLength + checksumLength
        if bytes.count < length { bytes += more(length - bytes.count) }
        guard bytes.count >= length else { throw .cutShort }
        bytes = Array(bytes.prefix(length))
        let body = Array(bytes.prefix(length - checksumLength))
        guard sodium_memcmp(checksum(body), Array(bytes.suffix(checksumLength)), checksumLength) == 0 else {
            throw .damaged("the header's checksum does not match")
        }
        let chunkSize = Int(readLittleEndian(bytes, at: 20, count: 4))
        guard (4096...(16 << 20)).contains(chunkSize) else { throw .damaged("chunk size \(chunkSize)") }
        guard bytes[40] == argon2id else { throw .damaged("unknown key derivation \(bytes[40])") }
        let hashing = PassphraseHashing(operations: readLittleEndian(bytes, at: 48, count: 8),
                                        memoryBytes: readLittleEndian(bytes, at: 56, count: 8))
        guard hashing.isAccepted else { throw .damaged("key derivation cost \(hashing.operations) × \(hashing.memoryBytes) bytes") }
        var slots: [Slot] = []
        for i in 0..<slotCount {
            let at = slotsStart + i * slotLength
            guard let kind = SlotKind(rawValue: bytes[at]) else { throw .damaged("unknown key slot \(bytes[at])") }
            slots.append(Slot(kind: kind, nonce: Array(bytes[(at + 8)..<(at + 32)]), wrappedKey: Array(bytes[(at + 32)..<(at + 80)])))
        }
        return SealedHeader(chunkSize: chunkSize, ledgerID: Array(bytes[24..<40]), hashing: hashing,
                            salt: Array(bytes[64..<80]), slots: slots)
    }

    // MARK: Bytes

    static func checksum(_ bytes: [UInt8]) -> [UInt8] {
        var hash = [UInt8](repeating: 0, count: checksumLength)
        _ = crypto_generichash(&hash, checksumLength, bytes, UInt64(bytes.count), nil, 0)
        return hash
    }

    static func littleEndian(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    static func readLittleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}

internal import MyMoneySodium

/// The recovery key printed once when a ledger is encrypted: it opens the ledger when the
/// passphrase is forgotten.
///
/// 128 random bits and a 32-bit check, written as 32 letters and digits of RFC 4648 base32 in
/// groups of four (`K7QD-…`). The check lets a typo be told apart from a wrong key. Because the
/// key is random (not chosen by a person), it needs no slow hashing: the key that opens the
/// ledger is a keyed BLAKE2b of it.
package struct RecoveryKey: Sendable, Equatable, CustomStringConvertible {
    /// The 16 random bytes.
    let entropy: [UInt8]

    /// What a typed text is, read as a recovery key.
    package enum Reading: Equatable {
        case key(RecoveryKey)
        /// The shape of a recovery key (32 base32 characters) whose check does not match: a typo.
        case typo
        /// Not shaped like a recovery key (a passphrase, then).
        case notARecoveryKey
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// A new random key.
    package static func generate() throws(LedgerError) -> RecoveryKey {
        try prepareSodium()
        var bytes = [UInt8](repeating: 0, count: 16)
        randombytes_buf(&bytes, 16)
        return RecoveryKey(entropy: bytes)
    }

    init(entropy: [UInt8]) { self.entropy = entropy }

    /// The key as the user writes it down: eight groups of four characters.
    package var description: String {
        let bytes = entropy + Self.check(of: entropy)
        var characters: [UInt8] = []
        var buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                characters.append(Self.alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        var text = ""
        for (i, c) in characters.enumerated() {
            if i > 0 && i % 4 == 0 { text += "-" }
            text.unicodeScalars.append(Unicode.Scalar(c))
        }
        return text
    }

    /// Reads typed bytes as a recovery key: letters in any case, dashes and blanks ignored, and
    /// the digits 0, 1 and 8 read as the letters O, I and B they are mistaken for.
    package static func read(_ typed: UnsafeRawBufferPointer) -> Reading {
        var values: [Int] = []
        for byte in typed {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: "\t"): continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(Int(byte - UInt8(ascii: "a")))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(Int(byte - UInt8(ascii: "A")))
            case UInt8(ascii: "2")...UInt8(ascii: "7"): values.append(Int(byte - UInt8(ascii: "2")) + 26)
            case UInt8(ascii: "0"): values.append(14)     // O
            case UInt8(ascii: "1"): values.append(8)      // I
            case UInt8(ascii: "8"): values.append(1)      // B
            default: return .notARecoveryKey
            }
            if values.count > 32 { return .notARecoveryKey }
        }
        guard values.count == 32 else { return .notARecoveryKey }
        var bytes: [UInt8] = []
        var buffer = 0, bits = 0
        for value in values {
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> (bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        let entropy = Array(bytes.prefix(16))
        return Array(bytes.suffix(4)) == check(of: entropy) ? .key(RecoveryKey(entropy: entropy)) : .typo
    }

    /// The key that opens the recovery slot of the ledger `ledgerID` (16 bytes).
    func slotKey(ledgerID: [UInt8]) throws(LedgerError) -> SecretBytes {
        let key = try SecretBytes(count: 32)
        key.withMutableBytes { out in
            _ = crypto_generichash(out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32, entropy, 16, ledgerID, ledgerID.count)
        }
        return key
    }

    /// 4 bytes of an unkeyed BLAKE2b of the entropy: catches typos, protects nothing.
    private static func check(of entropy: [UInt8]) -> [UInt8] {
        var hash = [UInt8](repeating: 0, count: 16)
        _ = crypto_generichash(&hash, 16, entropy, UInt64(entropy.count), nil, 0)
        return Array(hash.prefix(4))
    }
}

internal import MyMoneySodium

/// Wrapping the data key of an encrypted ledger in a slot, and unwrapping it.
///
/// XChaCha20-Poly1305 (IETF AEAD) with a random 24-byte nonce per slot; the header fields the
/// slot depends on are its associated data. Unwrapping checks the Poly1305 tag in constant time
/// (libsodium's `crypto_verify_16`): a wrong key and a changed slot look the same, and take the
/// same time.
enum KeySlots {
    static let keyLength = 32
    static let nonceLength = 24
    static let tagLength = 16

    /// `dataKey` wrapped with `slotKey` for a slot of `kind` in `header`.
    static func wrap(_ dataKey: SecretBytes, with slotKey: SecretBytes, kind: SealedHeader.SlotKind,
                     in header: SealedHeader) -> SealedHeader.Slot {
        var nonce = [UInt8](repeating: 0, count: nonceLength)
        randombytes_buf(&nonce, nonceLength)
        var wrapped = [UInt8](repeating: 0, count: keyLength + tagLength)
        let ad = header.associatedData(for: kind)
        var wrappedLength: UInt64 = 0
        dataKey.withBytes { key in
            slotKey.withBytes { kek in
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    &wrapped, &wrappedLength, key.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(keyLength),
                    ad, UInt64(ad.count), nil, nonce, kek.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return SealedHeader.Slot(kind: kind, nonce: nonce, wrappedKey: wrapped)
    }

    /// The data key in `slot`, or nil when `slotKey` does not open it (or the slot was changed).
    static func unwrap(_ slot: SealedHeader.Slot, with slotKey: SecretBytes, in header: SealedHeader) throws(LedgerError) -> SecretBytes? {
        let dataKey = try SecretBytes(count: keyLength)
        let ad = header.associatedData(for: slot.kind)
        var length: UInt64 = 0
        let rc = dataKey.withMutableBytes { out in
            slotKey.withBytes { kek in
                crypto_aead_xchacha20poly1305_ietf_decrypt(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), &length, nil, slot.wrappedKey, UInt64(slot.wrappedKey.count),
                    ad, UInt64(ad.count), slot.nonce, kek.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return rc == 0 && length == UInt64(keyLength) ? dataKey : nil
    }
}

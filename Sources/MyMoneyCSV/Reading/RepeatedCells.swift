import Foundation

/// Cell texts that repeat across rows (a payee, a booking text) share one String instead of
/// allocating a copy per row: a small direct-mapped table keyed by a hash of the cell's bytes,
/// every hit checked byte for byte. A miss costs the hash and replaces the slot.
///
/// A class: one table is shared by the reader's row loop while it reads one file.
final class RepeatedCells {
    private var slots = [String?](repeating: nil, count: RepeatedCells.slotCount)
    private static let slotCount = 4096

    /// The String for `bytes` (UTF-8, repaired like `String(decoding:as:)`).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Up to 15 bytes a String is stored inline: nothing to share.
        if bytes.count <= 15 { return String(decoding: bytes, as: UTF8.self) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let slot = Int(truncatingIfNeeded: hash >> 52) & (RepeatedCells.slotCount - 1)
        if let known = slots[slot], RepeatedCells.same(known, bytes) { return known }
        let text = String(decoding: bytes, as: UTF8.self)
        slots[slot] = text
        return text
    }

    private static func same(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.utf8.count == bytes.count else { return false }
        if let equal = text.utf8.withContiguousStorageIfAvailable({ stored in
            guard let a = stored.baseAddress, let b = bytes.baseAddress else { return stored.isEmpty }
            return memcmp(a, b, bytes.count) == 0
        }) {
            return equal
        }
        return text.utf8.elementsEqual(bytes)
    }
}

import Foundation

/// `L` and `S` values already taken apart, keyed by their bytes.
///
/// A register names the same few dozen categories and transfer accounts over and over: a hit
/// gives the parts read before (the same strings and the same tags array, shared) without reading
/// the value again. Taking a value apart depends on nothing but its bytes, so a hit is exactly what
/// ``QIFCategoryField/parse(_:strings:category:transferAccount:tags:)`` would give.
///
/// A class because it owns manually allocated memory (freed in `deinit`); one instance per read,
/// never shared between threads (not `Sendable`).
final class QIFCategoryCache {
    private static let width = 64
    private let slots: Int
    private let hashes: UnsafeMutablePointer<UInt64>
    private let lengths: UnsafeMutablePointer<Int>
    private let keys: UnsafeMutablePointer<UInt8>
    private let fields: UnsafeMutablePointer<QIFCategoryField>

    /// `slots` must be a power of two.
    init(slots: Int = 512) {
        self.slots = slots
        hashes = .allocate(capacity: slots)
        hashes.initialize(repeating: 0, count: slots)
        lengths = .allocate(capacity: slots)
        lengths.initialize(repeating: 0, count: slots)
        keys = .allocate(capacity: slots * QIFCategoryCache.width)
        keys.initialize(repeating: 0, count: slots * QIFCategoryCache.width)
        fields = .allocate(capacity: slots)
        fields.initialize(repeating: QIFCategoryField(), count: slots)
    }

    deinit {
        fields.deinitialize(count: slots)
        fields.deallocate()
        keys.deallocate()
        lengths.deallocate()
        hashes.deallocate()
    }

    /// The parts of a value: from the cache when these bytes were read before, else read (their
    /// strings shared through `strings`) and remembered.
    func field(_ bytes: UnsafeBufferPointer<UInt8>, strings: QIFStringTable) -> QIFCategoryField {
        let n = bytes.count
        guard n > 0, n <= QIFCategoryCache.width, let base = bytes.baseAddress else {
            return QIFCategoryField(bytes, strings: strings)
        }
        let hash = QIFStringTable.hash(base, n)
        let slot = Int(truncatingIfNeeded: hash >> 7) & (slots - 1)
        let key = keys + slot * QIFCategoryCache.width
        if hashes[slot] == hash && lengths[slot] == n && memcmp(key, base, n) == 0 {
            return fields[slot]
        }
        let made = QIFCategoryField(bytes, strings: strings)
        hashes[slot] = hash
        lengths[slot] = n
        memcpy(key, base, n)
        fields[slot] = made
        return made
    }
}

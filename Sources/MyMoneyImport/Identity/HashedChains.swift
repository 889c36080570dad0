/// Lists of record indexes by a 64-bit key hash, for ``TransactionIdentity``: one open-addressing
/// table of hashes and list heads, and one `next` array, sized once for the records.
///
/// The identity rules used a `Dictionary` per rule keyed by the whole key (bank id text, amount,
/// day, text key): every insert and look-up hashed the strings again, and the dictionaries grew
/// by rehashing. Here each key is hashed once, to a `UInt64` (``TransactionIdentity`` hashes the
/// texts with Swift's own `Hasher`, so texts that are equal as Swift strings, `é` written one way
/// or the other, hash alike). Keys that differ may share a hash: a list then holds both keys'
/// records, and every query takes a `same` predicate that compares the real key, so the answers
/// are those of a dictionary of the real keys.
///
/// - Complexity: O(1) expected per push and per list head; a query walks its hash's list.
struct HashedChains {
    private var hashes: [UInt64]
    private var heads: [Int32]
    private var next: [Int32]
    private let mask: Int
    private(set) var isEmpty = true

    /// A table for record indexes `0..<count`.
    init(count: Int) {
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        hashes = [UInt64](repeating: 0, count: capacity)
        heads = [Int32](repeating: -1, count: capacity)
        next = [Int32](repeating: -1, count: count)
        mask = capacity - 1
    }

    /// The table slot of `hash`: its own, or the empty one where it would go.
    private func slot(_ hash: UInt64) -> Int {
        // The hashes are mixed already; the low bits pick the slot.
        var s = Int(truncatingIfNeeded: hash) & mask
        // -1 is a free slot; a taken slot whose list emptied holds -2.
        while heads[s] != -1 && hashes[s] != hash { s = (s + 1) & mask }
        return s
    }

    /// Puts `index` in front of its hash's list; push in descending order for ascending lists.
    mutating func push(_ hash: UInt64, _ index: Int) {
        let s = slot(hash)
        next[index] = heads[s]
        hashes[s] = hash
        heads[s] = Int32(index)
        isEmpty = false
    }

    /// Whether an index of `hash`'s list satisfies `same` (claimed or not, unless ``first`` dropped it).
    func contains(_ hash: UInt64, same: (Int) -> Bool) -> Bool {
        var i = Int(heads[slot(hash)])
        while i >= 0 {
            if same(i) { return true }
            i = Int(next[i])
        }
        return false
    }

    /// Every unclaimed index of `hash`'s list that satisfies `same`, in ascending order.
    func all(_ hash: UInt64, claimed: [Bool], same: (Int) -> Bool) -> [Int] {
        var result: [Int] = []
        var i = Int(heads[slot(hash)])
        while i >= 0 {
            if !claimed[i] && same(i) { result.append(i) }
            i = Int(next[i])
        }
        return result
    }

    /// The first unclaimed index of `hash`'s list that satisfies `same` and `predicate`; claimed
    /// ones at the front of the list are dropped on the way.
    mutating func first(_ hash: UInt64, claimed: [Bool], same: (Int) -> Bool, where predicate: (Int) -> Bool) -> Int? {
        let s = slot(hash)
        var i = Int(heads[s])
        if i < 0 { return nil }
        while i >= 0 && claimed[i] { i = Int(next[i]) }
        // The slot stays taken (an empty list), so other hashes probing past it still find theirs.
        heads[s] = i >= 0 ? Int32(i) : -2
        while i >= 0 {
            if !claimed[i] && same(i) && predicate(i) { return i }
            i = Int(next[i])
        }
        return nil
    }
}

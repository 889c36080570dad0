/// Which rule added or removed each tag of one transaction, in two small arrays.
///
/// A transaction gets a few tags at most; the dictionaries this replaced, and the lowercased
/// copies of every tag they were keyed by, cost more per tagged transaction than matching all
/// the rules' literals.
struct TagEdits {
    /// Lowercased tag and the rule, in the order the tags were added or removed.
    private(set) var added: [(key: String, rule: Int)] = []
    private(set) var removed: [(key: String, rule: Int)] = []

    var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// Rule `rule` added the tag with lowercased `key`.
    mutating func add(_ key: String, by rule: Int) {
        if let i = added.firstIndex(where: { $0.key == key }) { added[i].rule = rule } else { added.append((key, rule)) }
        removed.removeAll { $0.key == key }
    }

    /// The rule that added `key` in this run, no longer its adder.
    mutating func takeAdder(of key: String) -> Int? {
        guard let i = added.firstIndex(where: { $0.key == key }) else { return nil }
        return added.remove(at: i).rule
    }

    mutating func remove(_ key: String, by rule: Int) {
        if let i = removed.firstIndex(where: { $0.key == key }) { removed[i].rule = rule } else { removed.append((key, rule)) }
    }

    /// The rule that added `tag` (any case).
    func adder(of tag: String) -> Int? { added.first { TagKey.matches(tag, $0.key) }?.rule }
    func remover(of tag: String) -> Int? { removed.first { TagKey.matches(tag, $0.key) }?.rule }
}

/// Tags compare without regard to case.
enum TagKey {
    /// Whether `tag` equals `key` (lowercased) ignoring case; no allocation when both are ASCII.
    static func matches(_ tag: String, _ key: String) -> Bool {
        if tag == key { return true }
        var a = tag.utf8.makeIterator(), b = key.utf8.makeIterator()
        while true {
            switch (a.next(), b.next()) {
            case (nil, nil): return true
            case (let x?, let y?):
                if x >= 0x80 || y >= 0x80 { return tag.lowercased() == key }
                if (x &- 0x41 < 26 ? x | 0x20 : x) != y { return false }
            case (let x?, nil): return x >= 0x80 && tag.lowercased() == key
            case (nil, let y?): return y >= 0x80 && tag.lowercased() == key
            }
        }
    }

    /// Whether two tags are the same ignoring case.
    static func same(_ a: String, _ b: String) -> Bool {
        a == b || (a.utf8.count == b.utf8.count && a.utf8.allSatisfy({ $0 < 0x80 }) && b.utf8.allSatisfy({ $0 < 0x80 })
                   ? zip(a.utf8, b.utf8).allSatisfy { ($0 &- 0x41 < 26 ? $0 | 0x20 : $0) == ($1 &- 0x41 < 26 ? $1 | 0x20 : $1) }
                   : a.lowercased() == b.lowercased())
    }
}

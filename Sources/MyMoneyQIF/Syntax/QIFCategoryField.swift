/// An `L` or `S` value taken apart: `Category:Sub/Class`, `[Account]/Class`, and the investment
/// form `Category/Class|[Account]/Class`.
struct QIFCategoryField: Equatable {
    /// The category path as written (`Auto:Fuel`); nil for a transfer or an empty value.
    var category: String?
    /// The account named in brackets (`[Savings]`).
    var transferAccount: String?
    /// Classes after `/`, as written (`Business`, `Trip:Berlin`).
    var tags: [String] = []
    init(category: String? = nil, transferAccount: String? = nil, tags: [String] = []) {
        self.category = category
        self.transferAccount = transferAccount
        self.tags = tags
    }

    /// Reads a value from UTF-8 bytes; `--Split--` (Quicken's marker on split transactions) is no category.
    ///
    /// - Complexity: O(n), one string per part kept.
    init(_ bytes: UnsafeBufferPointer<UInt8>, strings: QIFStringTable? = nil) {
        self.init()
        var bar = -1
        for i in 0..<bytes.count where bytes[i] == 0x7C { bar = i; break }
        if bar < 0 {
            read(bytes, 0, bytes.count, strings)
            return
        }
        read(bytes, 0, bar, strings)
        var other = QIFCategoryField()
        other.read(bytes, bar + 1, bytes.count, strings)
        if transferAccount == nil { transferAccount = other.transferAccount }
        if category == nil { category = other.category }
        for tag in other.tags where !tags.contains(tag) { tags.append(tag) }
    }

    /// Reads `text` (tests and callers holding a string).
    init(_ text: String) {
        var copy = text
        self = copy.withUTF8 { QIFCategoryField($0) }
    }

    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ strings: QIFStringTable?) {
        var s = start
        while s < end, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
        if s < end, bytes[s] == 0x5B { // [
            var close = s + 1
            while close < end, bytes[close] != 0x5D { close += 1 }
            if close < end {
                transferAccount = QIFCategoryField.trimmed(bytes, s + 1, close, strings)
                let after = close + 1
                if after < end, bytes[after] == 0x2F { addTag(bytes, after + 1, end, strings) }
                return
            }
        }
        var slash = s
        while slash < end, bytes[slash] != 0x2F { slash += 1 }
        if slash < end { addTag(bytes, slash + 1, end, strings) }
        if let name = QIFCategoryField.trimmed(bytes, s, slash, strings), name != "--Split--" { category = name }
    }

    private mutating func addTag(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ strings: QIFStringTable?) {
        if let tag = QIFCategoryField.trimmed(bytes, start, end, strings) { tags.append(tag) }
    }

    /// The bytes between `start` and `end` without surrounding blanks, or nil when nothing is left.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ strings: QIFStringTable?) -> String? {
        var s = start, e = end
        while s < e, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
        while e > s, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 { e -= 1 }
        guard s < e else { return nil }
        let part = UnsafeBufferPointer(rebasing: bytes[s..<e])
        return strings?.string(part) ?? String(decoding: part, as: UTF8.self)
    }
}

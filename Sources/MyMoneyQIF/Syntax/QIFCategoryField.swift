@_spi(Speed) import MyMoneyCore
/// An `L` or `S` value taken apart: `Category:Sub/Class`, `[Account]/Class`, and the investment
/// form `Category/Class|[Account]/Class`.
struct QIFCategoryField: Equatable {
    /// The category path as written (`Auto:Fuel`); nil for a transfer or an empty value.
    var category: String?
    /// The account named in brackets (`[Savings]`).
    var transferAccount: String?
    /// Classes after `/`, as written (`Business`, `Trip:Berlin`).
    var tags: [String] = []
    /// The ``StringInterner`` stream of the parts' strings.
    static let internerStream = 1

    init(category: String? = nil, transferAccount: String? = nil, tags: [String] = []) {
        self.category = category
        self.transferAccount = transferAccount
        self.tags = tags
    }

    /// Reads a value from UTF-8 bytes; `--Split--` (Quicken's marker on split transactions) is no category.
    ///
    /// - Complexity: O(n), one string per part kept.
    init(_ bytes: UnsafeBufferPointer<UInt8>, strings: StringInterner? = nil) {
        self.init()
        QIFCategoryField.parse(bytes, strings: strings, category: &category, transferAccount: &transferAccount, tags: &tags)
    }

    /// Reads a value straight into the caller's variables (no intermediate value to copy).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, strings: StringInterner?,
                      category: inout String?, transferAccount: inout String?, tags: inout [String]) {
        var bar = -1
        for i in 0..<bytes.count where bytes[i] == 0x7C { bar = i; break }
        if bar < 0 {
            read(bytes, 0, bytes.count, strings, &category, &transferAccount, &tags)
            return
        }
        read(bytes, 0, bar, strings, &category, &transferAccount, &tags)
        var otherCategory: String?
        var otherTransfer: String?
        var otherTags: [String] = []
        read(bytes, bar + 1, bytes.count, strings, &otherCategory, &otherTransfer, &otherTags)
        if transferAccount == nil { transferAccount = otherTransfer }
        if category == nil { category = otherCategory }
        for tag in otherTags where !tags.contains(tag) { tags.append(tag) }
    }

    /// Reads `text` (tests and callers holding a string).
    init(_ text: String) {
        var copy = text
        self = copy.withUTF8 { QIFCategoryField($0) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ strings: StringInterner?,
                             _ category: inout String?, _ transferAccount: inout String?, _ tags: inout [String]) {
        var s = start
        while s < end, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
        if s < end, bytes[s] == 0x5B { // [
            var close = s + 1
            while close < end, bytes[close] != 0x5D { close += 1 }
            if close < end {
                transferAccount = trimmed(bytes, s + 1, close, strings)
                let after = close + 1
                if after < end, bytes[after] == 0x2F, let tag = trimmed(bytes, after + 1, end, strings) { tags.append(tag) }
                return
            }
        }
        var slash = s
        while slash < end, bytes[slash] != 0x2F { slash += 1 }
        if slash < end, let tag = trimmed(bytes, slash + 1, end, strings) { tags.append(tag) }
        if !isSplitMarker(bytes, s, slash) {
            category = trimmed(bytes, s, slash, strings)
        }
    }

    /// Whether the bytes are Quicken's `--Split--` placeholder (blanks around it allowed).
    static func isSplitMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var s = start, e = end
        while s < e, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
        while e > s, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 { e -= 1 }
        guard e - s == 9, bytes[s] == 0x2D, bytes[s + 1] == 0x2D, bytes[e - 1] == 0x2D, bytes[e - 2] == 0x2D else { return false }
        let word: [UInt8] = [0x53, 0x70, 0x6C, 0x69, 0x74] // Split
        for k in 0..<5 where bytes[s + 2 + k] != word[k] { return false }
        return true
    }

    /// The bytes between `start` and `end` without surrounding blanks, or nil when nothing is left.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ strings: StringInterner?) -> String? {
        var s = start, e = end
        while s < e, bytes[s] == 0x20 || bytes[s] == 0x09 { s += 1 }
        while e > s, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 { e -= 1 }
        guard s < e else { return nil }
        let part = UnsafeBufferPointer(rebasing: bytes[s..<e])
        return strings?.string(part, stream: internerStream) ?? String(decoding: part, as: UTF8.self)
    }
}

import Foundation
@_spi(Speed) import MyMoneyCore

/// The text of the element being read, as the body reader hands it over (in pieces: runs of
/// plain text, decoded references, replaced control characters), and the values read from it:
/// trimmed strings, an upper-cased type word, a date, an amount.
///
/// The statement builder's one contact with bytes: its leaf mapping asks for values, never for
/// buffers. The bytes live in one array reused for every element (it grows to the longest value
/// and never shrinks); a value stops growing past 1 MB (the rest of a longer one is dropped).
struct OFXLeafText {
    private var bytes = [UInt8](repeating: 0, count: 256)
    /// The bytes of the current element's text.
    private(set) var count = 0
    static let limit = 1 << 20

    /// Starts the text of a new element.
    mutating func clear() { count = 0 }

    /// Appends a piece of text.
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard count < OFXLeafText.limit, let source = piece.baseAddress, piece.count > 0 else { return }
        let needed = count + piece.count
        if needed > bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(needed - bytes.count, 256))) }
        let at = count
        bytes.withUnsafeMutableBufferPointer { b in
            if let base = b.baseAddress { (base + at).update(from: source, count: piece.count) }
        }
        count = needed
    }

    /// Appends one byte (a decoded reference or a replaced control character).
    mutating func append(byte: UInt8) {
        guard count < OFXLeafText.limit else { return }
        if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 256)) }
        bytes[count] = byte
        count += 1
    }

    /// Appends one character, as UTF-8 (a decoded character reference).
    mutating func append(scalar: UInt32) {
        guard let s = Unicode.Scalar(scalar) else { return }
        for b in String(Character(s)).utf8 { append(byte: b) }
    }

    /// Whether the text holds anything but blanks.
    var hasText: Bool {
        bytes[0..<count].contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// The text without surrounding blanks.
    private var trimmed: Range<Int> {
        var s = 0, e = count
        while s < e, bytes[s] == 0x20 || bytes[s] == 0x09 || bytes[s] == 0x0A || bytes[s] == 0x0D { s += 1 }
        while e > s, bytes[e - 1] == 0x20 || bytes[e - 1] == 0x09 || bytes[e - 1] == 0x0A || bytes[e - 1] == 0x0D { e -= 1 }
        return s..<e
    }

    /// The text, trimmed; entities double-escaped by the bank (`&amp;lt;`) decoded once more.
    var string: String {
        let r = trimmed
        return bytes.withUnsafeBufferPointer { all in
            let value = UnsafeBufferPointer(rebasing: all[r])
            let s = String(decoding: value, as: UTF8.self)
            guard let base = value.baseAddress, memchr(base, 0x26, value.count) != nil else { return s }
            return OFXText.decodeEscapedEntities(s)
        }
    }

    /// ``string``, nil when empty.
    var optionalString: String? {
        let s = string
        return s.isEmpty ? nil : s
    }

    /// The trimmed text with ASCII letters upper-cased (type words such as `Credit`).
    var upperCased: String {
        let r = trimmed
        return String(unsafeUninitializedCapacity: r.count) { out in
            for (i, b) in bytes[r].enumerated() { out[i] = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b }
            return r.count
        }
    }

    /// ``optionalString``, shared through `interner` with an earlier equal value of `stream`
    /// (payees, posting stamps).
    func shared(_ interner: StringInterner, stream: Int) -> String? {
        let r = trimmed
        guard !r.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { all in
            let value = UnsafeBufferPointer(rebasing: all[r])
            guard let base = value.baseAddress, memchr(base, 0x26, value.count) == nil else {
                return OFXText.decodeEscapedEntities(String(decoding: value, as: UTF8.self))
            }
            return interner.string(value, stream: stream)
        }
    }

    /// The text as a date-time (its zone checked, not kept).
    var dateTime: Result<OFXDateTime, OFXDateTime.ParseError> {
        bytes.withUnsafeBufferPointer { OFXDateTime.parse(UnsafeBufferPointer(rebasing: $0[0..<count]), zone: false) }
    }

    /// The text as an amount.
    var amount: OFXAmount.Outcome {
        bytes.withUnsafeBufferPointer { OFXAmount.parse(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }
}

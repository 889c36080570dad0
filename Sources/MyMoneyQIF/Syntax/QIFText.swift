import Foundation
@_spi(Speed) import MyMoneyCore

/// The decoded UTF-8 text of a QIF file, as both passes read it: its lines, and their values as
/// strings, shared strings, days, amounts and category parts.
///
/// The one place where the reader's passes touch the file's bytes: the parser and its record
/// mapping (`Reading/`) deal in ``QIFLine``s and the values this type hands them, never in
/// pointers. The syntax types it calls (``QIFDateText``, ``QIFAmountText``, ``QIFCategoryField``,
/// ``QIFAmountEvidence``) read the value bytes it gives them.
///
/// Holds a pointer that is valid only inside the `withUnsafeBufferPointer` of
/// ``QIFReader/readDocument(_:file:options:)``: never stored beyond a read, not `Sendable`.
struct QIFText {
    private let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The number of bytes.
    var count: Int { bytes.count }

    /// The file's lines, in order.
    func lines() -> QIFLines { QIFLines(bytes) }

    /// The byte at `offset` (a line's code is the byte at its `start`).
    func byte(at offset: Int) -> UInt8 { bytes[offset] }

    /// Whether the line's first two bytes are `£` in UTF-8 (a UK split amount).
    func startsWithPound(_ line: QIFLine) -> Bool {
        line.start + 1 < line.end && bytes[line.start] == 0xC2 && bytes[line.start + 1] == 0xA3
    }

    /// The value of a field line (after its code).
    @inline(__always)
    private func value(_ line: QIFLine) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[min(line.start + 1, line.end)..<line.end])
    }

    /// The value's length in bytes.
    func valueLength(_ line: QIFLine) -> Int { max(0, line.end - line.start - 1) }

    // MARK: Strings

    /// The value of a field line as a string.
    @inline(__always)
    func string(_ line: QIFLine) -> String { String(decoding: value(line), as: UTF8.self) }

    /// At most `limit` bytes of a line from its first byte on (messages).
    func shown(_ line: QIFLine, limit: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[line.start..<min(line.end, line.start + limit)]), as: UTF8.self)
    }

    /// The value, or nil when empty.
    @inline(__always)
    func text(_ line: QIFLine?) -> String? {
        guard let line, line.start + 1 < line.end else { return nil }
        return string(line)
    }

    /// The value, or nil when empty, shared through `interner` with earlier equal values of `stream`.
    @inline(__always)
    func sharedText(_ line: QIFLine?, _ interner: StringInterner, stream: Int) -> String? {
        guard let line, line.start + 1 < line.end else { return nil }
        return interner.string(value(line), stream: stream)
    }

    /// Whether the value holds `byte`.
    func valueContains(_ line: QIFLine, _ byte: UInt8) -> Bool {
        let v = value(line)
        guard let base = v.baseAddress, v.count > 0 else { return false }
        return memchr(base, Int32(byte), v.count) != nil
    }

    /// Whether the value is one byte repeated (`*`, `XX`), and that byte.
    func repeatedByte(_ line: QIFLine) -> UInt8? {
        let v = value(line)
        guard let first = v.first, v.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    // MARK: Values

    /// The value taken apart as a date (no day/month order applied yet).
    func dateText(_ line: QIFLine) -> QIFDateText? { QIFDateText.scan(value(line)) }

    /// The day `cache` remembers for the value's bytes. (Not generic: a call through a generic
    /// function costs a runtime type lookup per value.)
    func cachedDay(_ line: QIFLine, in cache: SmallKeyCache<Day>) -> Day? { cache.value(for: value(line)) }

    /// Remembers the day of the line's value in `cache`.
    func remember(_ day: Day, for line: QIFLine, in cache: SmallKeyCache<Day>) { cache.store(day, for: value(line)) }

    /// What `cache` remembers about the value's bytes (whether it is a date: the first pass).
    func cachedFlag(_ line: QIFLine, in cache: SmallKeyCache<Bool>) -> Bool? { cache.value(for: value(line)) }

    /// Remembers a flag for the line's value in `cache`.
    func remember(_ flag: Bool, for line: QIFLine, in cache: SmallKeyCache<Bool>) { cache.store(flag, for: value(line)) }

    /// The value as an amount under the file's decimal mark.
    func amount(_ line: QIFLine, decimalMark: UInt8) throws(AmountParseError) -> Amount {
        try QIFAmountText.parse(value(line), decimalMark: decimalMark)
    }

    /// The value's parts as an `L`/`S` value: from `cache` when these bytes were read before, else
    /// read (their strings shared through `interner`) and remembered.
    func categoryField(_ line: QIFLine, cache: SmallKeyCache<QIFCategoryField>, interner: StringInterner) -> QIFCategoryField {
        let bytes = value(line)
        if let known = cache.value(for: bytes) { return known }
        let made = QIFCategoryField(bytes, strings: interner)
        cache.store(made, for: bytes)
        return made
    }

    /// Adds the value's vote on the decimal mark.
    func addAmountEvidence(_ line: QIFLine, to evidence: inout QIFAmountEvidence) {
        evidence.add(value(line), position: valuePosition(line))
    }

    /// Whether every byte of `bytes` is ASCII and none is NUL (8 bytes at a time).
    static func isPlainASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
            let n = raw.count
            var i = 0
            let high: UInt64 = 0x8080_8080_8080_8080
            let low: UInt64 = 0x0101_0101_0101_0101
            while i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                // A byte >= 0x80, or a zero byte (the classic has-zero-byte test).
                if word & high != 0 || (word &- low) & ~word & high != 0 { return false }
                i += 8
            }
            while i < n {
                let b = raw[i]
                if b >= 0x80 || b == 0 { return false }
                i += 1
            }
            return true
        }
    }
}

/// What a `:86:` field says about a transaction, read by its dialect: German structured text
/// (`166?00…?20…`), Dutch `/KEY/value` pairs, or free text.
///
/// The dialect is decided by the content, never by the bank: three digits followed by `?` (or
/// Triodos's `>`) is German, a `/` followed by a known key is Dutch, anything else is free text.
/// The fields go straight into the transaction's `extra` (`extra`), so a line costs no array of
/// its own.
struct MT940Details: Sendable, Equatable {
    var payee: String?
    var memo: String?
    var extra: [StatementField] = []

    /// Buffers reused from one `:86:` to the next.
    struct Scratch {
        var joined: [UInt8] = []
        var purpose: [UInt8] = []
        var name: [UInt8] = []
        /// Subfield values seen recently, shared instead of allocated again.
        var texts = MT940RepeatedText()
        init() { joined.reserveCapacity(512); purpose.reserveCapacity(256); name.reserveCapacity(64) }
    }

    enum Dialect: Equatable {
        case german(separator: UInt8)
        case dutch
        case freeText
    }

    /// The dialect of a `:86:` content whose lines were joined into `text`.
    static func dialect(of text: UnsafeBufferPointer<UInt8>) -> Dialect {
        var i = 0
        while i < text.count, text[i] == 0x20 { i += 1 }
        if i + 3 < text.count, text[i] &- 0x30 < 10, text[i + 1] &- 0x30 < 10, text[i + 2] &- 0x30 < 10 {
            var k = i + 3
            while k < text.count, text[k] == 0x0A { k += 1 }
            if k < text.count, text[k] == 0x3F || text[k] == 0x3E { return .german(separator: text[k]) }
        }
        if i < text.count, text[i] == 0x2F, DutchDetails.startsWithKey(UnsafeBufferPointer(rebasing: text[i...])) { return .dutch }
        return .freeText
    }

    /// Reads `lines` (each without its line break; lines of several `:86:` fields in order),
    /// appending its fields to `extra`; returns the payee and memo.
    static func read(_ lines: [UnsafeBufferPointer<UInt8>], scratch: inout Scratch,
                     extra: inout [StatementField]) -> (payee: String?, memo: String?) {
        // First the lines as written, `\n` between them, to find the dialect.
        scratch.joined.removeAll(keepingCapacity: true)
        for (k, line) in lines.enumerated() {
            if k > 0 { scratch.joined.append(0x0A) }
            scratch.joined.append(contentsOf: line)
        }
        let found = scratch.joined.withUnsafeBufferPointer { MT940Details.dialect(of: $0) }
        switch found {
        case .german(let separator):
            // Hard-wrapped: the lines are joined with nothing between them.
            scratch.joined.removeAll(keepingCapacity: true)
            for line in lines { scratch.joined.append(contentsOf: line) }
            var joined: [UInt8] = []
            swap(&joined, &scratch.joined)
            defer { swap(&joined, &scratch.joined) }
            return joined.withUnsafeBufferPointer { GermanDetails.read($0, separator: separator, scratch: &scratch, extra: &extra) }
        case .dutch:
            joinWrapped(lines, into: &scratch.joined, separator: nil)
            let d = scratch.joined.withUnsafeBufferPointer { DutchDetails.read($0) }
            extra += d.extra
            return (d.payee, d.memo)
        case .freeText:
            joinWrapped(lines, into: &scratch.joined, separator: 0x20)
            return (nil, scratch.joined.withUnsafeBufferPointer { MT940Details.text($0) })
        }
    }

    /// ``read(_:scratch:extra:)`` into a value of its own (for tests and one-off use).
    static func read(_ lines: [UnsafeBufferPointer<UInt8>]) -> MT940Details {
        var scratch = Scratch()
        var details = MT940Details()
        (details.payee, details.memo) = read(lines, scratch: &scratch, extra: &details.extra)
        return details
    }

    /// Lines joined the way banks wrap them: a line of exactly 65 characters that does not end
    /// in a space was cut mid-word and goes on with nothing between; other lines are trimmed on
    /// the right and joined with `separator` (nothing when nil); empty lines are dropped.
    static func joinWrapped(_ lines: [UnsafeBufferPointer<UInt8>], into out: inout [UInt8], separator: UInt8?) {
        out.removeAll(keepingCapacity: true)
        var glue = false
        for line in lines {
            var end = line.count
            while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
            if end == 0 { continue }
            if !out.isEmpty, !glue, let separator { out.append(separator) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[0..<end]))
            glue = end == 65 && characterCount(line) == 65
        }
    }

    /// Characters (not bytes) in a line: `ü` counts once.
    static func characterCount(_ line: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for b in line where b & 0xC0 != 0x80 { n += 1 }
        return n
    }

    /// Bytes as text, trimmed; nil when empty.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var a = 0, b = bytes.count
        while a < b, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1 }
        while b > a, bytes[b - 1] == 0x20 || bytes[b - 1] == 0x09 { b -= 1 }
        return a < b ? String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<b]), as: UTF8.self) : nil
    }
}

/// Days and amounts written as bytes, without the Strings their `description` makes: the fast
/// twins of ``Day/description`` and ``Amount/description``, held to the same text by the tests.
extension BufferedOutput {
    /// `YYYY-MM-DD`, as ``Day/description`` writes it.
    public mutating func write(day: Day) {
        BufferedOutput.withBytes(of: day) { write($0) }
    }

    /// The exact decimal, as ``Amount/description`` writes it (`-6.60`, `0.05`, `12`).
    public mutating func write(amount: Amount) {
        BufferedOutput.withBytes(of: amount) { write($0) }
    }

    /// The bytes of `day` as ``Day/description`` writes it, handed to `body`.
    static func withBytes(of day: Day, _ body: (UnsafeRawBufferPointer) -> Void) {
        let c = day.components
        guard (1...9999).contains(c.year) else {
            var text = day.description
            text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
            return
        }
        var bytes: (UInt64, UInt16) = (0, 0)
        withUnsafeMutableBytes(of: &bytes) { raw in
            raw[0] = UInt8(0x30 + c.year / 1000)
            raw[1] = UInt8(0x30 + c.year / 100 % 10)
            raw[2] = UInt8(0x30 + c.year / 10 % 10)
            raw[3] = UInt8(0x30 + c.year % 10)
            raw[4] = 0x2D
            raw[5] = UInt8(0x30 + c.month / 10)
            raw[6] = UInt8(0x30 + c.month % 10)
            raw[7] = 0x2D
            raw[8] = UInt8(0x30 + c.day / 10)
            raw[9] = UInt8(0x30 + c.day % 10)
        }
        withUnsafeBytes(of: &bytes) { body(UnsafeRawBufferPointer(rebasing: $0[0..<10])) }
    }

    /// The bytes of `amount` as ``Amount/description`` writes it, handed to `body`.
    static func withBytes(of amount: Amount, _ body: (UnsafeRawBufferPointer) -> Void) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)   // 32 bytes: sign, 20 digits, mark, zeros
        let length: Int = withUnsafeMutableBytes(of: &digits) { raw in
            // Digits from the right end, the mark after `scale` of them, at least one digit before it.
            var end = raw.count
            var magnitude = amount.units.magnitude
            var written = 0
            let least = amount.scale > 0 ? amount.scale + 1 : 1
            while magnitude > 0 || written < least {
                if amount.scale > 0 && written == amount.scale { end -= 1; raw[end] = 0x2E }
                end -= 1
                raw[end] = UInt8(truncatingIfNeeded: 0x30 + magnitude % 10)
                magnitude /= 10
                written += 1
            }
            if amount.units < 0 { end -= 1; raw[end] = 0x2D }
            // Moved to the front so the caller copies one run.
            let count = raw.count - end
            if end > 0 { for i in 0..<count { raw[i] = raw[end + i] } }
            return count
        }
        withUnsafeBytes(of: &digits) { body(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
    }
}

extension JSONWriter {
    /// A day as a JSON string (`"2026-10-05"`), or `null` when nil.
    public mutating func day(_ day: Day?) {
        guard let day else { null(); return }
        quoted { $0.write(day: day) }
    }

    /// An amount as a JSON string holding the exact decimal (`"-6.60"`).
    public mutating func amount(_ amount: Amount) {
        quoted { $0.write(amount: amount) }
    }
}

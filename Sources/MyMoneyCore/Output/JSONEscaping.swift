/// JSON string escaping over UTF-8 bytes: the fast twin of ``JSONValue``'s escaping, which goes
/// scalar by scalar (``JSONEscaping/plain(_:)``). Both write `"`, `\`, line feed, carriage return and
/// tab as `\"`, `\\`, `\n`, `\r`, `\t`, every other C0 control, DEL and every C1 control
/// (U+0080–U+009F) as `\u00xx` (lower-case hex), and everything else as it is; the tests hold
/// them to the same output.
public enum JSONEscaping {
    /// Writes `text` as a quoted JSON string: runs that need no escape are copied whole.
    ///
    /// - Complexity: O(n) in the UTF-8 length, one comparison per byte on the common path.
    public static func write(_ text: String, into out: inout BufferedOutput) {
        var text = text
        text.withUTF8 { bytes in write(bytes, into: &out) }
    }

    /// As ``write(_:into:)`` for valid UTF-8 bytes.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout BufferedOutput) {
        if writePlainASCII(bytes, into: &out) { return }
        writeEscaping(bytes, into: &out)
    }

    /// The byte-by-byte escaping of ``write(_:into:)-(UnsafeBufferPointer<UInt8>,_)``: the plain
    /// twin of its printable-ASCII path (``isPlainASCII(_:)``).
    static func writeEscaping(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout BufferedOutput) {
        out.write(byte: 0x22)
        var start = 0
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            // Every byte that can start an escape: C0, `"`, `\`, DEL, and 0xC2 (C1 controls are C2 80…C2 9F).
            if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F && b != 0xC2 { i += 1; continue }
            var escape: StaticString? = nil
            var scalar: UInt8 = 0
            var length = 1
            switch b {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0xC2:
                guard i + 1 < n, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F else { i += 1; continue }
                scalar = bytes[i + 1]
                length = 2
            default:
                scalar = b
            }
            if i > start { out.write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<i]))) }
            if let escape {
                escape.withUTF8Buffer { out.write(UnsafeRawBufferPointer($0)) }
            } else {
                out.write("\\u00")
                out.write(byte: hexDigits[Int(scalar >> 4)])
                out.write(byte: hexDigits[Int(scalar & 0x0F)])
            }
            i += length
            start = i
        }
        if n > start { out.write(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<n]))) }
        out.write(byte: 0x22)
    }

    /// As ``write(_:into:)-(String,_)`` for bytes that may not be UTF-8 (text read in place from
    /// storage): written as the String `String(decoding:as:)` makes of them would be, so
    /// ill-formed sequences become U+FFFD as they do in a String.
    ///
    /// - Complexity: O(n); one check over the bytes, a String only for bytes that are not UTF-8.
    public static func write(unchecked bytes: UnsafeBufferPointer<UInt8>, into out: inout BufferedOutput) {
        if writePlainASCII(bytes, into: &out) { return }
        if TextDecoder.isValidUTF8(bytes) { write(bytes, into: &out) } else { write(String(decoding: bytes, as: UTF8.self), into: &out) }
    }

    /// Writes `bytes` quoted, copied whole, when ``isPlainASCII(_:)``; false (nothing written) otherwise.
    private static func writePlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout BufferedOutput) -> Bool {
        let n = bytes.count
        guard n + 2 <= BufferedOutput.capacity, isPlainASCII(bytes) else { return false }
        out.writeInPlace(maximum: n + 2) { p in
            p[0] = 0x22
            if let base = bytes.baseAddress { (p + 1).initialize(from: base, count: n) }
            p[n + 1] = 0x22
            return n + 2
        }
        return true
    }

    /// Whether every byte is printable ASCII (0x20–0x7E) other than `"` and `\`: such text is
    /// valid UTF-8 and needs no escape. Eight bytes at a time.
    ///
    /// - Complexity: O(n), a few integer operations per eight bytes.
    public static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        /// Whether a byte of `y` is zero (exact as a yes or no).
        func hasZero(_ y: UInt64) -> Bool { (y &- ones) & ~y & highs != 0 }
        var i = 0
        while i + 8 <= n {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte of 0x80 or more, one below 0x20 (exact for bytes below 0x80), `"`, `\`, DEL.
            if x & highs != 0 || (x &- ones &* 0x20) & ~x & highs != 0
                || hasZero(x ^ (ones &* 0x22)) || hasZero(x ^ (ones &* 0x5C)) || hasZero(x ^ (ones &* 0x7F)) { return false }
            i += 8
        }
        while i < n {
            let b = base[i]
            if b < 0x20 || b >= 0x7F || b == 0x22 || b == 0x5C { return false }
            i += 1
        }
        return true
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The plain twin: `text` quoted and escaped scalar by scalar, as ``JSONValue`` writes it.
    public static func plain(_ text: String) -> String {
        JSONValue.string(text).serialized(pretty: false)
    }
}

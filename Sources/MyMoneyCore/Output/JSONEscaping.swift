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
        if TextDecoder.isValidUTF8(bytes) { write(bytes, into: &out) } else { write(String(decoding: bytes, as: UTF8.self), into: &out) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// The plain twin: `text` quoted and escaped scalar by scalar, as ``JSONValue`` writes it.
    public static func plain(_ text: String) -> String {
        JSONValue.string(text).serialized(pretty: false)
    }
}

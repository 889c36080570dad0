/// Text from statements and users made safe to show on a terminal: control characters cannot
/// move the cursor, set the window title, ring the bell or hide what follows.
///
/// Every C0 control character except line feed and tab, DEL and every C1 control character
/// (U+0080 to U+009F, which some terminals obey like ESC sequences) is written as `\u001B`. That
/// form is also what JSON writes for the character, so text already escaped for JSON is left as
/// it is and JSON printed through this stays valid. The stored text is never changed: this is
/// for output only.
public enum TerminalText {
    /// `text` with its control characters escaped (see the type's summary); `text` itself when it
    /// has none, found by one pass over its UTF-8 bytes.
    ///
    /// - Parameter keepingStyles: leaves Select Graphic Rendition sequences (`ESC [ 1 m`, colors)
    ///   in place, for text the program styled itself.
    public static func escaped(_ text: String, keepingStyles: Bool = false) -> String {
        guard needsEscaping(text) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if keepingStyles, scalar == "\u{1B}", let end = styleEnd(scalars, from: i) {
                out.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
            i += 1
        }
        return String(out)
    }

    /// Whether `scalar` is escaped: C0 other than line feed and tab, DEL, C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (v < 0x20 && v != 0x0A && v != 0x09) || (v >= 0x7F && v <= 0x9F)
    }

    /// Whether any byte of `text` starts a character that ``isControl(_:)`` (C1 characters are
    /// `C2 80`…`C2 9F` in UTF-8).
    ///
    /// Text of printable ASCII (every line of most tables) is known to need none from a check of
    /// eight bytes at a time; other text goes byte by byte (``needsEscapingByteByByte(_:)``, the
    /// twin, held to it by `TerminalTextTests`).
    ///
    /// - Complexity: O(n) in the UTF-8 length.
    static func needsEscaping(_ text: String) -> Bool {
        var text = text
        if text.withUTF8(isPrintableASCII) { return false }
        return needsEscapingByteByByte(text)
    }

    /// Whether every byte is printable ASCII (0x20–0x7E): such text has no control character.
    /// Eight bytes at a time.
    public static func isPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let n = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= n {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte of 0x80 or more; one below 0x20 (exact for bytes below 0x80); DEL.
            let del = x ^ (ones &* 0x7F)
            if x & highs != 0 || (x &- ones &* 0x20) & ~x & highs != 0 || (del &- ones) & ~del & highs != 0 { return false }
            i += 8
        }
        while i < n {
            if base[i] < 0x20 || base[i] >= 0x7F { return false }
            i += 1
        }
        return true
    }

    /// ``needsEscaping(_:)`` byte by byte, for every text.
    static func needsEscapingByteByByte(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F { return true }
            if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F { return true }
            previous = byte
        }
        return false
    }

    /// The index of the final `m` when an SGR sequence (`ESC [ digits;digits m`) starts at `start`.
    private static func styleEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var i = start + 2
        while i < scalars.count, i - start < 24 {
            let s = scalars[i]
            if s == "m" { return i }
            guard (s >= "0" && s <= "9") || s == ";" else { return nil }
            i += 1
        }
        return nil
    }
}

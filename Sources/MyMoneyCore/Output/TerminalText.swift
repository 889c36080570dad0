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
    static func needsEscaping(_ text: String) -> Bool {
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

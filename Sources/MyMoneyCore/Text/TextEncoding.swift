/// The text encodings statements arrive in.
public enum TextEncoding: String, Sendable, Hashable, Codable, CaseIterable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case windows1252 = "windows-1252"
    case latin1 = "iso-8859-1"
    case latin9 = "iso-8859-15"
    case windows1250 = "windows-1250"

    /// Reads the names users and files write: `UTF-8`, `utf8`, `cp1252`, `1252`, `latin1`,
    /// `ISO-8859-1`, `USASCII` (read as UTF-8), `8859-1`, …
    public init?(name: String) {
        let n = name.lowercased().filter { $0.isLetter || $0.isNumber }
        switch n {
        case "utf8", "usascii", "ascii", "none", "unicode": self = .utf8
        case "utf16le", "utf16", "ucs2": self = .utf16LE
        case "utf16be": self = .utf16BE
        case "cp1252", "windows1252", "1252", "win1252", "ansi": self = .windows1252
        case "latin1", "iso88591", "88591", "isolatin1", "l1": self = .latin1
        case "latin9", "iso885915", "885915": self = .latin9
        case "cp1250", "windows1250", "1250": self = .windows1250
        default: return nil
        }
    }
}

/// Bytes turned into UTF-8 text, and how.
public struct DecodedText: Sendable {
    /// The UTF-8 text, without a byte order mark.
    public var utf8: [UInt8]
    public var encoding: TextEncoding
    /// Whether the input started with a byte order mark.
    public var hadByteOrderMark: Bool
}

/// Why bytes could not be read as text.
public struct TextDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    /// Byte offset in the input where the problem is.
    public var offset: Int
    public var description: String { reason }
}

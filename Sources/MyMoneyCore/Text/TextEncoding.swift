/// The text encodings statements arrive in.
public enum TextEncoding: String, Sendable, Hashable, Codable, CaseIterable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case windows1252 = "windows-1252"
    case latin1 = "iso-8859-1"
    case latin9 = "iso-8859-15"
    case windows1250 = "windows-1250"
    /// ISO-8859-2 (Latin-2: Polish, Czech, Hungarian).
    case latin2 = "iso-8859-2"
    /// Shift_JIS as Japanese banks write it: Windows code page 932 (NEC and IBM extensions, 0x5C a backslash).
    case shiftJIS = "shift_jis"
    /// GB18030, which contains GBK and GB2312 (EUC-CN): mainland Chinese banks.
    case gb18030 = "gb18030"
    /// Big5 as Windows code page 950: Taiwanese and Hong Kong banks.
    case big5 = "big5"
    /// EUC-KR as Windows code page 949 (Unified Hangul Code, its superset): Korean banks.
    case eucKR = "euc-kr"

    /// Reads the names users and files write: `UTF-8`, `utf8`, `cp1252`, `1252`, `latin1`,
    /// `ISO-8859-1`, `USASCII` (read as UTF-8), `8859-1`, `shift_jis`, `cp932`, `gbk`, `big5`,
    /// `euc-kr`, `cp949`, `latin2`, …
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
        case "latin2", "iso88592", "88592", "isolatin2", "l2": self = .latin2
        case "shiftjis", "sjis", "cp932", "windows31j", "ms932", "mskanji", "xsjis", "csshiftjis", "932": self = .shiftJIS
        case "gb18030", "gbk", "gb2312", "cp936", "euccn", "936", "windows936": self = .gb18030
        case "big5", "cp950", "windows950", "950", "csbig5": self = .big5
        case "euckr", "cp949", "uhc", "ksc56011987", "windows949", "949", "kscs5601": self = .eucKR
        default: return nil
        }
    }
}

extension TextEncoding {
    /// Whether characters take more than one byte (Shift_JIS, GB18030, Big5, EUC-KR): these are
    /// read through the C library's `iconv`.
    public var isMultibyteLegacy: Bool { [.shiftJIS, .gb18030, .big5, .eucKR].contains(self) }

    /// The name glibc's `iconv` knows it by (the Windows code page for the CJK ones).
    var iconvName: String {
        switch self {
        case .shiftJIS: return "CP932"
        case .gb18030: return "GB18030"
        case .big5: return "CP950"
        case .eucKR: return "CP949"
        default: return rawValue.uppercased()
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
    /// Other legacy encodings the evidence found nearly as plausible, best first (empty unless
    /// the text was 8-bit and the choice was close): a reader may try them when the text read
    /// in `encoding` makes no sense to it (no known header).
    public var alternatives: [TextEncoding] = []

    public init(utf8: [UInt8], encoding: TextEncoding, hadByteOrderMark: Bool, alternatives: [TextEncoding] = []) {
        self.utf8 = utf8
        self.encoding = encoding
        self.hadByteOrderMark = hadByteOrderMark
        self.alternatives = alternatives
    }
}

/// Why bytes could not be read as text.
public struct TextDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    /// Byte offset in the input where the problem is.
    public var offset: Int
    public var description: String { reason }
}

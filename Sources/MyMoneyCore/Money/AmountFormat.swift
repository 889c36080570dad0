/// How amounts are written in one source: the decimal mark, the grouping marks and what else may
/// stand around the digits. A per-file (or per-profile) fact, never guessed per value.
public struct AmountFormat: Sendable, Hashable {
    /// `.` or `,`.
    public var decimalMark: Character { didSet { compile() } }
    /// Marks that may separate digit groups before the decimal mark (`,` `.` `'` space, no-break space).
    public var groupingMarks: Set<Character> { didSet { compile() } }
    /// Currency symbols (`$`, `€`, `£`, …) and ISO codes (`EUR`) may stand before or after the number.
    public var allowsCurrency: Bool
    /// `CR` / `DR` suffixes set the sign (`12.00 CR` is +12.00, `45.20DR` is -45.20).
    public var allowsIndicators: Bool

    public init(decimalMark: Character, groupingMarks: Set<Character> = [],
                allowsCurrency: Bool = false, allowsIndicators: Bool = false) {
        self.decimalMark = decimalMark
        self.groupingMarks = groupingMarks
        self.allowsCurrency = allowsCurrency
        self.allowsIndicators = allowsIndicators
        compile()
    }

    /// The marks as bytes, derived once so that parsing never walks a `Set<Character>`.
    var decimalByte: UInt8 = 0x2E
    var asciiGroupingMarks: UInt64 = 0 // bit n: byte 0x20 + n is a grouping mark
    var groupsWithSpaces = false

    private mutating func compile() {
        decimalByte = decimalMark.asciiValue ?? 0x2E
        var mask: UInt64 = 0
        var spaces = false
        for mark in groupingMarks {
            if mark == " " || mark == "\u{00A0}" || mark == "\u{202F}" { spaces = true }
            else if let a = mark.asciiValue, a >= 0x20, a < 0x60 { mask |= 1 << UInt64(a - 0x20) }
        }
        asciiGroupingMarks = mask
        groupsWithSpaces = spaces
    }

    /// `-1234.56`: a point, no grouping, nothing else (JSON, OFX, our own files).
    public static let plain = AmountFormat(decimalMark: ".")
    /// `1,234.56` with currency symbols and CR/DR allowed.
    public static let point = AmountFormat(decimalMark: ".", groupingMarks: [",", "'", " ", "\u{00A0}", "\u{202F}"],
                                           allowsCurrency: true, allowsIndicators: true)
    /// `1.234,56` with currency symbols and CR/DR allowed.
    public static let comma = AmountFormat(decimalMark: ",", groupingMarks: [".", "'", " ", "\u{00A0}", "\u{202F}"],
                                           allowsCurrency: true, allowsIndicators: true)
}

/// Why a text is not an amount; `offset` is the UTF-8 byte offset in the text where reading stopped.
public struct AmountParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    public init(_ reason: String, offset: Int) { self.reason = reason; self.offset = offset }
    public var description: String { reason }
}

/// A class of characters defined by Unicode properties: `\w`, `\d`, `\s`, `\p{Lu}`, `[:alpha:]`.
///
/// The definitions are ICU's: `\w` is alphabetic, marks, decimal digits, connector punctuation and
/// the two joiners; `\d` is any decimal digit (`٣` too); `\s` is White_Space.
enum RegexUnicodeClass: Sendable, Hashable {
    case word, digit, space
    /// `\h`: tab and space separators.
    case horizontalSpace
    /// `\v`: line feed, vertical tab, form feed, carriage return, NEL, line and paragraph separators.
    case verticalSpace
    case alphabetic, uppercase, lowercase
    /// General categories, by their two-letter names (`Lu`, `Nd`).
    case categories(Set<String>)

    /// Whether `scalar` is in the class.
    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return containsASCII(UInt8(scalar)) }
        guard let s = Unicode.Scalar(scalar) else { return false }
        let p = s.properties
        switch self {
        case .word:
            if scalar == 0x200C || scalar == 0x200D { return true }
            if p.isAlphabetic { return true }
            switch p.generalCategory {
            case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        case .digit: return p.generalCategory == .decimalNumber
        case .space: return p.isWhitespace
        case .horizontalSpace: return p.generalCategory == .spaceSeparator
        case .verticalSpace: return scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
        case .alphabetic: return p.isAlphabetic
        case .uppercase: return p.isUppercase
        case .lowercase: return p.isLowercase
        case .categories(let names): return names.contains(Self.name(of: p.generalCategory))
        }
    }

    /// The same for ASCII, without Unicode tables.
    func containsASCII(_ b: UInt8) -> Bool {
        let letter = (b | 0x20) &- 0x61 < 26, digit = b &- 0x30 < 10
        switch self {
        case .word: return letter || digit || b == 0x5F
        case .digit: return digit
        case .space: return b == 0x20 || (b >= 0x09 && b <= 0x0D)
        case .horizontalSpace: return b == 0x20 || b == 0x09
        case .verticalSpace: return b >= 0x0A && b <= 0x0D
        case .alphabetic: return letter
        case .uppercase: return b &- 0x41 < 26
        case .lowercase: return b &- 0x61 < 26
        case .categories(let names):
            guard let s = Unicode.Scalar(UInt32(b)) else { return false }
            return names.contains(Self.name(of: s.properties.generalCategory))
        }
    }

    /// `\p{…}` and `[:…:]` names this engine knows, to the class; nil for others.
    static func named(_ name: String) -> RegexUnicodeClass? {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: " ", with: "")
        switch key {
        case "alpha", "alphabetic": return .alphabetic
        case "upper", "uppercase": return .uppercase
        case "lower", "lowercase": return .lowercase
        case "digit", "nd", "decimalnumber": return .digit
        case "space", "whitespace": return .space
        case "word", "w": return .word
        case "l", "letter": return .categories(["Lu", "Ll", "Lt", "Lm", "Lo"])
        case "lu", "uppercaseletter": return .categories(["Lu"])
        case "ll", "lowercaseletter": return .categories(["Ll"])
        case "n", "number": return .categories(["Nd", "Nl", "No"])
        case "p", "punct", "punctuation": return .categories(["Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po"])
        case "s", "symbol": return .categories(["Sm", "Sc", "Sk", "So"])
        case "sc", "currencysymbol": return .categories(["Sc"])
        case "z", "separator": return .categories(["Zs", "Zl", "Zp"])
        case "zs": return .categories(["Zs"])
        case "m", "mark": return .categories(["Mn", "Mc", "Me"])
        default:
            let all = ["Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
                       "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn"]
            return all.first { $0.lowercased() == key }.map { .categories([$0]) }
        }
    }

    static func name(of category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: return "Lu"
        case .lowercaseLetter: return "Ll"
        case .titlecaseLetter: return "Lt"
        case .modifierLetter: return "Lm"
        case .otherLetter: return "Lo"
        case .nonspacingMark: return "Mn"
        case .spacingMark: return "Mc"
        case .enclosingMark: return "Me"
        case .decimalNumber: return "Nd"
        case .letterNumber: return "Nl"
        case .otherNumber: return "No"
        case .connectorPunctuation: return "Pc"
        case .dashPunctuation: return "Pd"
        case .openPunctuation: return "Ps"
        case .closePunctuation: return "Pe"
        case .initialPunctuation: return "Pi"
        case .finalPunctuation: return "Pf"
        case .otherPunctuation: return "Po"
        case .mathSymbol: return "Sm"
        case .currencySymbol: return "Sc"
        case .modifierSymbol: return "Sk"
        case .otherSymbol: return "So"
        case .spaceSeparator: return "Zs"
        case .lineSeparator: return "Zl"
        case .paragraphSeparator: return "Zp"
        case .control: return "Cc"
        case .format: return "Cf"
        case .surrogate: return "Cs"
        case .privateUse: return "Co"
        case .unassigned: return "Cn"
        @unknown default: return "Cn"
        }
    }
}

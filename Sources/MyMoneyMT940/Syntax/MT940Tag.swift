/// The fields of SWIFT MT940 (customer statement) and MT942 (interim report) this reader knows,
/// by tag (SWIFT User Handbook, Category 9 message reference guide).
enum MT940Tag: UInt8, Sendable, Equatable {
    /// `:20:` transaction reference number: starts a statement.
    case transactionReference
    /// `:21:` related reference.
    case relatedReference
    /// `:25:` account identification (IBAN, `BLZ/account`, `BIC/account`).
    case account
    /// `:28C:` (old files `:28:`) statement number / sequence number.
    case statementNumber
    /// `:60F:` opening balance (first page), `:60M:` (intermediate page).
    case openingFinal, openingIntermediate
    /// `:61:` statement line: one transaction.
    case statementLine
    /// `:86:` information to the account owner.
    case information
    /// `:62F:` closing booked balance (last page), `:62M:` (intermediate page).
    case closingFinal, closingIntermediate
    /// `:64:` closing available balance; `:65:` forward available balance.
    case closingAvailable, forwardAvailable
    /// MT942: `:13D:` (old `:13:`) date and time, `:34F:` floor limit, `:90D:`/`:90C:` number and sum of entries.
    case dateTime, floorLimit, debitSummary, creditSummary
    /// `:NS:` non-SWIFT (bank-specific) lines.
    case nonSwift
    /// A well-formed tag this reader does not know (`:23:`): kept as a field.
    case other

    /// The tag written between the colons (`61`, `28C`, `NS`); nil when it is not of the form
    /// two digits plus an optional upper-case letter, or `NS`.
    static func parse(_ name: UnsafeBufferPointer<UInt8>) -> MT940Tag? {
        let n = name.count
        guard n == 2 || n == 3 else { return nil }
        if n == 2, name[0] == 0x4E, name[1] == 0x53 { return .nonSwift }
        let d0 = name[0] &- 0x30, d1 = name[1] &- 0x30
        guard d0 < 10, d1 < 10 else { return nil }
        let letter: UInt8 = n == 3 ? name[2] : 0
        guard n == 2 || (letter >= 0x41 && letter <= 0x5A) else { return nil }
        switch (d0 * 10 + d1, letter) {
        case (20, 0): return .transactionReference
        case (21, 0): return .relatedReference
        case (25, 0), (25, 0x50): return .account          // 25, 25P
        case (28, 0), (28, 0x43): return .statementNumber   // 28, 28C
        case (60, 0x46): return .openingFinal
        case (60, 0x4D): return .openingIntermediate
        case (61, 0): return .statementLine
        case (86, 0): return .information
        case (62, 0x46): return .closingFinal
        case (62, 0x4D): return .closingIntermediate
        case (64, 0): return .closingAvailable
        case (65, 0): return .forwardAvailable
        case (13, 0), (13, 0x44): return .dateTime
        case (34, 0x46): return .floorLimit
        case (90, 0x44): return .debitSummary
        case (90, 0x43): return .creditSummary
        default: return .other
        }
    }

    /// The tag as SWIFT writes it (`61`, `60F`; `25` for `25`/`25P`, `28C` for `28`/`28C`).
    var written: String {
        switch self {
        case .transactionReference: return "20"
        case .relatedReference: return "21"
        case .account: return "25"
        case .statementNumber: return "28C"
        case .openingFinal: return "60F"
        case .openingIntermediate: return "60M"
        case .statementLine: return "61"
        case .information: return "86"
        case .closingFinal: return "62F"
        case .closingIntermediate: return "62M"
        case .closingAvailable: return "64"
        case .forwardAvailable: return "65"
        case .dateTime: return "13D"
        case .floorLimit: return "34F"
        case .debitSummary: return "90D"
        case .creditSummary: return "90C"
        case .nonSwift: return "NS"
        case .other: return "?"
        }
    }

    /// Whether lines that look like tags but are not known ones continue this field (free text:
    /// `:86:` and `:NS:` wrap text such as `:26:37 Fo` onto a new line).
    var holdsFreeText: Bool { self == .information || self == .nonSwift }
}

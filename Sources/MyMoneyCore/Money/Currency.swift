/// An ISO 4217 currency: its alphabetic code and the digits of its minor unit.
public struct Currency: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The code's three ASCII letters, the first in the highest byte (so integer order is code order).
    /// Eight bytes in all instead of a String's sixteen plus an `Int?`: a currency sits in every
    /// transaction and balance, millions of them in a large import.
    @usableFromInline let packed: UInt32
    /// Digits of the minor unit; -1 for N.A.
    @usableFromInline let minor: Int8
    /// The code is no longer current (kept for old statements: HRK, LTL, …).
    public let isHistoric: Bool

    /// The upper-case three-letter code (`EUR`).
    @inlinable public var code: String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3) { buffer in
            buffer[0] = UInt8(truncatingIfNeeded: packed >> 16)
            buffer[1] = UInt8(truncatingIfNeeded: packed >> 8)
            buffer[2] = UInt8(truncatingIfNeeded: packed)
            return String(decoding: buffer, as: UTF8.self)
        }
    }

    /// Digits after the decimal mark (JPY 0, EUR 2, BHD 3); nil where ISO says "N.A." (gold, SDR).
    @inlinable public var minorUnits: Int? { minor < 0 ? nil : Int(minor) }

    /// The currency with this code (any case), or nil when ISO 4217 has no such code.
    public init?(code: some StringProtocol) {
        let upper = code.uppercased()
        guard let entry = CurrencyTable.entries[upper] else { return nil }
        self = entry
    }

    /// `code` is three ASCII letters (the table's entries).
    init(code: String, minorUnits: Int?, isHistoric: Bool) {
        var packed: UInt32 = 0
        for byte in code.utf8.prefix(3) { packed = packed << 8 | UInt32(byte) }
        self.packed = packed
        self.minor = Int8(clamping: minorUnits ?? -1)
        self.isHistoric = isHistoric
    }

    public var description: String { code }
    public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.packed < rhs.packed }

    /// Every known currency, current first, sorted by code.
    public static var all: [Currency] {
        CurrencyTable.entries.values.sorted { ($0.isHistoric ? 1 : 0, $0.code) < ($1.isHistoric ? 1 : 0, $1.code) }
    }

    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let currency = Currency(code: code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "currency \(code) is unknown"))
        }
        self = currency
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }

    public static let EUR = Currency(code: "EUR", minorUnits: 2, isHistoric: false)
    public static let USD = Currency(code: "USD", minorUnits: 2, isHistoric: false)
}

enum CurrencyTable {
    /// ISO 4217 list one (current codes) with minor units; `-` means N.A.
    static let current = """
    AED2 AFN2 ALL2 AMD2 ANG2 AOA2 ARS2 AUD2 AWG2 AZN2 BAM2 BBD2 BDT2 BGN2 BHD3 BIF0 BMD2 BND2 BOB2 BOV2 \
    BRL2 BSD2 BTN2 BWP2 BYN2 BZD2 CAD2 CDF2 CHE2 CHF2 CHW2 CLF4 CLP0 CNY2 COP2 COU2 CRC2 CUC2 CUP2 CVE2 \
    CZK2 DJF0 DKK2 DOP2 DZD2 EGP2 ERN2 ETB2 EUR2 FJD2 FKP2 GBP2 GEL2 GHS2 GIP2 GMD2 GNF0 GTQ2 GYD2 HKD2 \
    HNL2 HTG2 HUF2 IDR2 ILS2 INR2 IQD3 IRR2 ISK0 JMD2 JOD3 JPY0 KES2 KGS2 KHR2 KMF0 KPW2 KRW0 KWD3 KYD2 \
    KZT2 LAK2 LBP2 LKR2 LRD2 LSL2 LYD3 MAD2 MDL2 MGA2 MKD2 MMK2 MNT2 MOP2 MRU2 MUR2 MVR2 MWK2 MXN2 MXV2 \
    MYR2 MZN2 NAD2 NGN2 NIO2 NOK2 NPR2 NZD2 OMR3 PAB2 PEN2 PGK2 PHP2 PKR2 PLN2 PYG0 QAR2 RON2 RSD2 RUB2 \
    RWF0 SAR2 SBD2 SCR2 SDG2 SEK2 SGD2 SHP2 SLE2 SLL2 SOS2 SRD2 SSP2 STN2 SVC2 SYP2 SZL2 THB2 TJS2 TMT2 \
    TND3 TOP2 TRY2 TTD2 TWD2 TZS2 UAH2 UGX0 USD2 USN2 UYI0 UYU2 UYW4 UZS2 VED2 VES2 VND0 VUV0 WST2 XAF0 \
    XAG- XAU- XBA- XBB- XBC- XBD- XCD2 XCG2 XDR- XOF0 XPD- XPF0 XPT- XSU- XTS- XUA- XXX- YER2 ZAR2 ZMW2 \
    ZWG2 ZWL2
    """
    /// Codes withdrawn from ISO 4217 that old statements still carry.
    static let historic = """
    ATS2 BEF0 BYR0 CYP2 DEM2 EEK2 ESP0 FIM2 FRF2 GRD0 HRK2 IEP2 ITL0 LTL2 LUF0 LVL2 MRO2 MTL2 NLG2 PTE0 \
    SIT2 SKK2 STD2 VEB2 VEF2 ZMK2 ZWD2
    """

    static let entries: [String: Currency] = {
        var result: [String: Currency] = [:]
        for (list, historic) in [(current, false), (historic, true)] {
            for token in list.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let code = String(token.prefix(3))
                let digit = token.dropFirst(3)
                result[code] = Currency(code: code, minorUnits: Int(digit), isHistoric: historic)
            }
        }
        return result
    }()
}

/// The OFX element names the reader knows (OFX 1.6 / 2.0.1 DTDs, §3 of the format notes).
///
/// Aggregates hold other elements and always have end tags; elements (leaves) hold text and may
/// omit their end tag in SGML. Names are compared case-insensitively; `unknown` stands for every
/// other name (vendor tags such as `INTU.BID` stay readable as text through their own bytes).
enum OFXTag: UInt8, CaseIterable, Sendable {
    case unknown
    // Aggregates.
    case OFX, SIGNONMSGSRSV1, SONRS, STATUS, FI, BANKMSGSRSV1, STMTTRNRS, STMTRS, BANKACCTFROM
    case BANKTRANLIST, STMTTRN, PAYEE, BANKACCTTO, CCACCTTO, CURRENCY, ORIGCURRENCY, LEDGERBAL
    case AVAILBAL, BALLIST, BAL, CREDITCARDMSGSRSV1, CCSTMTTRNRS, CCSTMTRS, CCACCTFROM
    case INVSTMTMSGSRSV1, INVSTMTTRNRS, INVSTMTRS, INVACCTFROM, INVTRANLIST, INVBANKTRAN
    case INVPOSLIST, INVBAL, SECLISTMSGSRSV1, SECLIST, BANKTRANLISTP, STMTTRNP, IMAGEDATA
    case INVTRAN, SECID, INVBUY, INVSELL
    case BUYDEBT, BUYMF, BUYOPT, BUYOTHER, BUYSTOCK, SELLDEBT, SELLMF, SELLOPT, SELLOTHER, SELLSTOCK
    case INCOME, INVEXPENSE, MARGININTEREST, RETOFCAP, JRNLFUND, REINVEST, TRANSFER, SPLIT, JRNLSEC, CLOSUREOPT
    case SIGNUPMSGSRSV1, ACCTINFOTRNRS, ACCTINFORS, ACCTINFO, BANKACCTINFO, CCACCTINFO, INVACCTINFO
    case INVOOLIST, INV401K, INV401KBAL, REWARDINFO, PROFMSGSRSV1
    // Elements (leaves).
    case CODE, SEVERITY, MESSAGE, DTSERVER, LANGUAGE, ORG, FID, TRNUID, CURDEF, BANKID, BRANCHID
    case ACCTID, ACCTTYPE, ACCTKEY, DTSTART, DTEND, TRNTYPE, DTPOSTED, DTUSER, DTAVAIL, TRNAMT
    case FITID, CORRECTFITID, CORRECTACTION, SRVRTID, CHECKNUM, REFNUM, SIC, PAYEEID, NAME
    case EXTDNAME, MEMO, CURRATE, CURSYM, BALAMT, DTASOF, MKTGINFO, SUBACCTFUND, DESC, BALTYPE
    case VALUE, BROKERID, DTTRADE, DTSETTLE, REVERSALFITID, UNIQUEID, UNIQUEIDTYPE, UNITS
    case UNITPRICE, TOTAL, COMMISSION, FEES, TAXES, INCOMETYPE, SUBACCTSEC, BUYTYPE, SELLTYPE
    case ADDR1, ADDR2, ADDR3, CITY, STATE, POSTALCODE, COUNTRY, PHONE, SPNAME, INV401KSOURCE
    case AVAILCASH, MARGINBALANCE, SHORTBALANCE, BUYPOWER, DTPROFUP, DTACCTUP, TRNUIDCLT
    case CLTCOOKIE, USERKEY, TSKEYEXPIRE, DTACCTUP2, CASHADVBALAMT, INTRATE

    /// Whether the DTD marks the name as an aggregate (end tag required, no text).
    var isAggregate: Bool { rawValue >= OFXTag.OFX.rawValue && rawValue < OFXTag.CODE.rawValue }
    /// Whether the DTD marks the name as an element holding text.
    var isLeaf: Bool { rawValue >= OFXTag.CODE.rawValue }

    /// The spelling in files.
    var name: String { String(describing: self) }

    /// Investment transaction aggregates (`INVTRANLIST` children other than `INVBANKTRAN`).
    var isInvestmentTransaction: Bool {
        switch self {
        case .BUYDEBT, .BUYMF, .BUYOPT, .BUYOTHER, .BUYSTOCK, .SELLDEBT, .SELLMF, .SELLOPT, .SELLOTHER,
             .SELLSTOCK, .INCOME, .INVEXPENSE, .MARGININTEREST, .RETOFCAP, .JRNLFUND, .REINVEST,
             .TRANSFER, .SPLIT, .JRNLSEC, .CLOSUREOPT:
            return true
        default: return false
        }
    }

    /// Investment records that move cash; the others (reinvestment, security transfers, splits)
    /// only move securities and are kept out of the cash statement.
    var movesCash: Bool {
        switch self {
        case .BUYDEBT, .BUYMF, .BUYOPT, .BUYOTHER, .BUYSTOCK, .SELLDEBT, .SELLMF, .SELLOPT, .SELLOTHER,
             .SELLSTOCK, .INCOME, .INVEXPENSE, .MARGININTEREST, .RETOFCAP, .JRNLFUND:
            return true
        default: return false
        }
    }

    /// Aggregates whose position in the original text is looked up (for transactions, balances,
    /// statements and status diagnostics).
    var carriesPosition: Bool {
        switch self {
        case .STMTTRN, .STMTRS, .CCSTMTRS, .INVSTMTRS, .LEDGERBAL, .AVAILBAL, .STATUS, .INVBANKTRAN, .ACCTINFO:
            return true
        default: return isInvestmentTransaction
        }
    }
}

/// Name → tag lookup over raw bytes: an open-addressing table keyed by a case-folded FNV-1a hash.
///
/// - Complexity: O(name length), no allocation.
struct OFXTagTable: Sendable {
    static let shared = OFXTagTable()

    private static let size = 1024
    private let slots: [UInt8]          // tag raw values, 0 = empty
    private let spelling: [UInt8]       // every upper-case name, one after the other
    private let starts: [Int]           // by tag raw value: where its spelling starts in `spelling`
    private let lengths: [Int]

    private init() {
        var slots = [UInt8](repeating: 0, count: OFXTagTable.size)
        var spelling: [UInt8] = []
        var starts: [Int] = [], lengths: [Int] = []
        for tag in OFXTag.allCases {
            let bytes = Array(tag.name.utf8)
            starts.append(spelling.count)
            lengths.append(bytes.count)
            spelling += bytes
            guard tag != .unknown else { continue }
            var slot = bytes.withUnsafeBufferPointer { Self.hash($0) } & (OFXTagTable.size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (OFXTagTable.size - 1) }
            slots[slot] = tag.rawValue
        }
        self.slots = slots
        self.spelling = spelling
        self.starts = starts
        self.lengths = lengths
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt32 = 2_166_136_261
        for b in bytes {
            let folded = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
            h = (h ^ UInt32(folded)) &* 16_777_619
        }
        return Int(h >> 8)
    }

    /// The tag for `bytes` (any case), or `.unknown`.
    func tag(_ bytes: UnsafeBufferPointer<UInt8>) -> OFXTag {
        guard bytes.count >= 2, bytes.count <= 20 else { return .unknown }
        return slots.withUnsafeBufferPointer { slots in
            spelling.withUnsafeBufferPointer { spelling in
                var slot = Self.hash(bytes) & (OFXTagTable.size - 1)
                while true {
                    let raw = slots[slot]
                    if raw == 0 { return .unknown }
                    let i = Int(raw)
                    if lengths[i] == bytes.count {
                        let start = starts[i]
                        var same = true
                        for k in 0..<bytes.count {
                            let b = bytes[k]
                            if ((b >= 0x61 && b <= 0x7A) ? b - 0x20 : b) != spelling[start + k] { same = false; break }
                        }
                        if same { return OFXTag(rawValue: raw) ?? .unknown }
                    }
                    slot = (slot + 1) & (OFXTagTable.size - 1)
                }
            }
        }
    }
}

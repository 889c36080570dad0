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

    /// Aggregates whose start the SGML normalizer marks with their offset in the original text,
    /// so transactions and balances can name their line even after normalization.
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

    private let size = 1024
    private var slots: [UInt8]          // tag raw values, 0 = empty
    private var names: [[UInt8]]        // upper-case spelling by tag raw value

    private init() {
        slots = [UInt8](repeating: 0, count: size)
        names = OFXTag.allCases.map { Array($0.name.utf8) }
        for tag in OFXTag.allCases where tag != .unknown {
            let bytes = names[Int(tag.rawValue)]
            var slot = bytes.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = tag.rawValue
        }
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
        var slot = Self.hash(bytes) & (size - 1)
        while true {
            let raw = slots[slot]
            if raw == 0 { return .unknown }
            if Self.equalFolded(names[Int(raw)], bytes) { return OFXTag(rawValue: raw) ?? .unknown }
            slot = (slot + 1) & (size - 1)
        }
    }

    @inline(__always)
    private static func equalFolded(_ upper: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard upper.count == bytes.count else { return false }
        return upper.withUnsafeBufferPointer { u in
            for i in 0..<u.count {
                let b = bytes[i]
                let folded = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b
                if folded != u[i] { return false }
            }
            return true
        }
    }
}

/// The ISO 20022 element names the camt reader acts on, by local name (the namespace prefix, if
/// any, is ignored); every other name is ``other``.
///
/// The names are the XML tags of the camt.052/053/054 schemas (ISO 20022 message definitions,
/// `BankToCustomerStatementV02` to `V08` and their report and notification siblings).
enum CAMTElement: UInt8, CaseIterable, Sendable {
    case other
    // Document and message roots.
    case Document, BkToCstmrStmt, BkToCstmrAcctRpt, BkToCstmrDbtCdtNtfctn
    // Group header.
    case GrpHdr, MsgId, CreDtTm, MsgPgntn, PgNb, LastPgInd
    // Statement, report, notification.
    case Stmt, Rpt, Ntfctn, Id, ElctrncSeqNb, LglSeqNb, FrToDt, FrDtTm, ToDtTm
    case AddtlStmtInf, AddtlRptInf, AddtlNtfctnInf
    // Account.
    case Acct, IBAN, Othr, Tp, Cd, Prtry, Ccy, Nm, Ownr, Svcr, FinInstnId, BIC, BICFI
    // Balances and summary.
    case Bal, CdOrPrtry, Amt, CdtDbtInd, Dt, DtTm, TxsSummry, TtlNtries, NbOfNtries, TtlCdtNtries, TtlDbtNtries, Sum
    // Entries.
    case Ntry, NtryRef, RvslInd, Sts, BookgDt, ValDt, AcctSvcrRef, BkTxCd, Domn, Fmly, SubFmlyCd, Issr
    case AmtDtls, InstdAmt, TxAmt, CcyXchg, XchgRate, NtryDtls, Btch, NbOfTxs, AddtlNtryInf
    // Transaction details.
    case TxDtls, Refs, EndToEndId, MndtId, ChqNb, InstrId, TxId, PmtInfId, UETR, Ref
    case RltdPties, Dbtr, DbtrAcct, UltmtDbtr, Cdtr, CdtrAcct, UltmtCdtr, Pty, Agt, PstlAdr, Ctry
    case RltdAgts, DbtrAgt, CdtrAgt, Purp, RmtInf, Ustrd, Strd, CdtrRefInf, RtrInf, Rsn, AddtlTxInf

    /// The element's local name as written in the schemas.
    var name: String { String(describing: self) }

    /// Local name → element, for names read as bytes.
    static let table: [[UInt8]: CAMTElement] = {
        var table: [[UInt8]: CAMTElement] = [:]
        for element in CAMTElement.allCases where element != .other { table[Array(element.name.utf8)] = element }
        return table
    }()

    /// The element named by `bytes` (a local name, without prefix), or ``other``.
    ///
    /// - Complexity: O(n) in the name's length (one hash lookup).
    static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> CAMTElement {
        table[Array(bytes)] ?? .other
    }
}

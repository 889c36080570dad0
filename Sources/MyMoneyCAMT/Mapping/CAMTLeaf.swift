/// The leaves (text-only elements) the camt reader takes a value from, told apart by where they
/// stand: `Cd` is a balance type under `Bal/Tp/CdOrPrtry`, a domain under `BkTxCd/Domn`, a
/// status under `Ntry/Sts` (v8), a return reason under `RtrInf/Rsn`, …
enum CAMTLeaf: UInt8, Sendable {
    case none
    // Group header.
    case messageId, groupCreated, pageNumber, lastPage
    // Statement and account.
    case statementId, electronicSequence, legalSequence, statementCreated, fromDateTime, toDateTime, statementInfo
    case accountIBAN, accountOther, accountCurrency, accountName, accountType, ownerName, servicerBIC, servicerName
    // Balances and summary.
    case balanceCode, balanceAmount, balanceIndicator, balanceDate, summaryCount
    case summaryCreditCount, summaryCreditSum, summaryDebitCount, summaryDebitSum
    // Entries.
    case entryReference, entryAmount, entryIndicator, reversal, status, bookingDate, valueDate, entryServicerReference
    case domainCode, familyCode, subFamilyCode, proprietaryCode, proprietaryIssuer
    case instructedAmount, transactionAmount, exchangeRate, batchCount, entryInfo
    // Transaction details.
    case detailAmount, detailIndicator, detailServicerReference, endToEndId, mandateId, chequeNumber, instructionId
    case transactionId, paymentInformationId, uetr, proprietaryReference
    case partyName, partyCountry, partyIBAN, partyAccountOther, agentBIC
    case purpose, unstructured, creditorReference, returnReason, detailInfo

    /// The leaf `element` is when it stands under `parent`, `grand` and `great` (nearest first);
    /// `inDetail` and `role` say whether a `TxDtls` and a party element are open.
    ///
    /// - Complexity: O(1).
    static func resolve(_ element: CAMTElement, parent: CAMTElement, grand: CAMTElement, great: CAMTElement,
                        inDetail: Bool, role: CAMTPartyRole?) -> CAMTLeaf {
        let inRecord = parent == .Stmt || parent == .Rpt || parent == .Ntfctn
        switch element {
        case .MsgId: return parent == .GrpHdr ? .messageId : .none
        case .CreDtTm: return parent == .GrpHdr ? .groupCreated : (inRecord ? .statementCreated : .none)
        case .PgNb: return parent == .MsgPgntn && grand == .GrpHdr ? .pageNumber : .none
        case .LastPgInd: return parent == .MsgPgntn && grand == .GrpHdr ? .lastPage : .none
        case .Id:
            if inRecord { return .statementId }
            if parent == .Othr && grand == .Id {
                if great == .Acct && !inDetail { return .accountOther }
                if great == .DbtrAcct || great == .CdtrAcct { return role == nil ? .none : .partyAccountOther }
            }
            return .none
        case .ElctrncSeqNb: return inRecord ? .electronicSequence : .none
        case .LglSeqNb: return inRecord ? .legalSequence : .none
        case .FrDtTm: return parent == .FrToDt ? .fromDateTime : .none
        case .ToDtTm: return parent == .FrToDt ? .toDateTime : .none
        case .AddtlStmtInf, .AddtlRptInf, .AddtlNtfctnInf: return inRecord ? .statementInfo : .none
        case .IBAN:
            guard parent == .Id else { return .none }
            if grand == .Acct && !inDetail { return .accountIBAN }
            if (grand == .DbtrAcct || grand == .CdtrAcct) && role != nil { return .partyIBAN }
            return .none
        case .Ccy: return parent == .Acct && !inDetail ? .accountCurrency : .none
        case .Nm:
            if role != nil { return .partyName }
            if inDetail { return .none }
            if parent == .Acct { return .accountName }
            if parent == .Ownr || (parent == .Pty && grand == .Ownr) { return .ownerName }
            if parent == .FinInstnId && grand == .Svcr { return .servicerName }
            return .none
        case .BIC, .BICFI:
            guard parent == .FinInstnId else { return .none }
            if grand == .Svcr && !inDetail { return .servicerBIC }
            if role != nil { return .agentBIC }
            return .none
        case .Cd:
            switch parent {
            case .CdOrPrtry: return grand == .Tp && great == .Bal ? .balanceCode : .none
            case .Tp: return grand == .Acct ? .accountType : .none
            case .Domn: return .domainCode
            case .Fmly: return .familyCode
            case .Prtry: return grand == .BkTxCd ? .proprietaryCode : .none
            case .Sts: return .status
            case .Rsn: return grand == .RtrInf ? .returnReason : .none
            case .Purp: return inDetail ? .purpose : .none
            default: return .none
            }
        case .Prtry:
            if parent == .CdOrPrtry && grand == .Tp && great == .Bal { return .balanceCode }
            if parent == .Tp && grand == .Acct { return .accountType }
            if parent == .Sts { return .status }
            return .none
        case .SubFmlyCd: return parent == .Fmly ? .subFamilyCode : .none
        case .Issr: return parent == .Prtry && grand == .BkTxCd ? .proprietaryIssuer : .none
        case .Amt:
            switch parent {
            case .Bal: return .balanceAmount
            case .Ntry: return .entryAmount
            case .TxDtls: return .detailAmount
            case .InstdAmt: return grand == .AmtDtls ? .instructedAmount : .none
            case .TxAmt: return grand == .AmtDtls && inDetail ? .transactionAmount : .none
            default: return .none
            }
        case .CdtDbtInd:
            switch parent {
            case .Bal: return .balanceIndicator
            case .Ntry: return .entryIndicator
            case .TxDtls: return .detailIndicator
            default: return .none
            }
        case .Dt, .DtTm:
            if parent == .Dt && grand == .Bal { return .balanceDate }
            if grand == .Ntry { return parent == .BookgDt ? .bookingDate : (parent == .ValDt ? .valueDate : .none) }
            return .none
        case .NbOfNtries:
            guard grand == .TxsSummry else { return .none }
            switch parent {
            case .TtlNtries: return .summaryCount
            case .TtlCdtNtries: return .summaryCreditCount
            case .TtlDbtNtries: return .summaryDebitCount
            default: return .none
            }
        case .Sum:
            guard grand == .TxsSummry else { return .none }
            return parent == .TtlCdtNtries ? .summaryCreditSum : (parent == .TtlDbtNtries ? .summaryDebitSum : .none)
        case .NtryRef: return parent == .Ntry ? .entryReference : .none
        case .RvslInd: return parent == .Ntry ? .reversal : .none
        case .Sts: return parent == .Ntry ? .status : .none
        case .AcctSvcrRef:
            if parent == .Ntry { return .entryServicerReference }
            return parent == .Refs ? .detailServicerReference : .none
        case .XchgRate: return parent == .CcyXchg && grand == .InstdAmt ? .exchangeRate : .none
        case .NbOfTxs: return parent == .Btch ? .batchCount : .none
        case .AddtlNtryInf: return parent == .Ntry ? .entryInfo : .none
        case .EndToEndId: return parent == .Refs ? .endToEndId : .none
        case .MndtId: return parent == .Refs ? .mandateId : .none
        case .ChqNb: return parent == .Refs ? .chequeNumber : .none
        case .InstrId: return parent == .Refs ? .instructionId : .none
        case .TxId: return parent == .Refs ? .transactionId : .none
        case .PmtInfId: return parent == .Refs ? .paymentInformationId : .none
        case .UETR: return parent == .Refs ? .uetr : .none
        case .Ref:
            if parent == .Prtry && grand == .Refs { return .proprietaryReference }
            return parent == .CdtrRefInf ? .creditorReference : .none
        case .Ctry: return parent == .PstlAdr && role != nil ? .partyCountry : .none
        case .Ustrd: return parent == .RmtInf && inDetail ? .unstructured : .none
        case .AddtlTxInf: return parent == .TxDtls ? .detailInfo : .none
        default: return .none
        }
    }
}

/// Leaf elements (text values), dispatched by the aggregate that holds them (format notes §4–§12).
extension OFXStatementBuilder {
    mutating func leaf(_ tag: OFXTag, parent: OFXTag) {
        switch parent {
        case .STATUS:
            switch tag {
            case .CODE: status?.codeText = leafText.string; status?.code = Int(leafText.string)
            case .SEVERITY: status?.severity = leafText.string
            case .MESSAGE: status?.message = leafText.string
            default: break
            }
        case .SONRS:
            let name = tag == .unknown ? (unknownName ?? "") : tag.name
            if name.uppercased() == "INTU.BID" { hasIntuitBankId = true }
            if name.contains(".") { signonExtra.append(StatementField(name.uppercased(), leafText.string)) }
            else { signonExtra.append(StatementField("SONRS.\(name)", leafText.string)) }
        case .FI:
            signonExtra.append(StatementField("FI.\(tag == .unknown ? (unknownName ?? "") : tag.name)", leafText.string))
        case .STMTTRNRS, .CCSTMTTRNRS, .INVSTMTTRNRS:
            if tag == .TRNUID { responseExtra.append(StatementField("TRNUID", leafText.string)) }
        case .STMTRS, .CCSTMTRS, .INVSTMTRS:
            statementLeaf(tag)
        case .ACCTINFO:
            if tag == .DESC, inStatement, st.tag == .ACCTINFO { st.statement.account.name = leafText.optionalString }
        case .BANKACCTFROM, .CCACCTFROM, .INVACCTFROM:
            accountLeaf(tag)
        case .BANKTRANLIST, .INVTRANLIST:
            guard inStatement, tag == .DTSTART || tag == .DTEND else { return }
            if case .success(let d) = leafText.dateTime {
                if tag == .DTSTART { st.start = d } else { st.end = d }
            }
        case .STMTTRN:
            transactionLeaf(tag)
        case .PAYEE:
            guard inTransaction else { return }
            if tag == .NAME { tx.transaction.payee = leafText.optionalString }
            else if let s = leafText.optionalString { tx.transaction.extra.append(StatementField("PAYEE.\(tag == .unknown ? (unknownName ?? "") : tag.name)", s)) }
        case .BANKACCTTO, .CCACCTTO:
            guard inTransaction, let s = leafText.optionalString else { return }
            if tag == .ACCTID { tx.transaction.transferAccount = s }
            tx.transaction.extra.append(StatementField("\(parent.name).\(tag == .unknown ? (unknownName ?? "") : tag.name)", s))
        case .CURRENCY, .ORIGCURRENCY:
            guard inTransaction, let s = leafText.optionalString else { return }
            if tag == .CURSYM {
                tx.currencySymbol = s.uppercased()
                tx.currencyIsOriginal = parent == .ORIGCURRENCY
            }
            tx.transaction.extra.append(StatementField("\(parent.name).\(tag == .unknown ? (unknownName ?? "") : tag.name)", s))
        case .INVBANKTRAN:
            if inTransaction, let s = leafText.optionalString { tx.transaction.extra.append(StatementField(tag == .unknown ? (unknownName ?? "") : tag.name, s)) }
        case .INVTRAN:
            investmentCommonLeaf(tag)
        case .SECID:
            if inTransaction, let s = leafText.optionalString { tx.transaction.extra.append(StatementField("SECID.\(tag == .unknown ? (unknownName ?? "") : tag.name)", s)) }
        case .LEDGERBAL, .AVAILBAL:
            balanceLeaf(tag)
        case .BAL:
            ballistEntry[tag == .unknown ? (unknownName ?? "") : tag.name] = leafText.string
        case .INVBAL:
            if inStatement, let s = leafText.optionalString {
                st.statement.extra.append(StatementField("INVBAL.\(tag == .unknown ? (unknownName ?? "") : tag.name)", s))
            }
        default:
            if parent.isInvestmentTransaction || parent == .INVBUY || parent == .INVSELL {
                investmentLeaf(tag)
            }
        }
    }

    mutating func statementLeaf(_ tag: OFXTag) {
        guard inStatement else { return }
        switch tag {
        case .CURDEF:
            st.curdefSeen = true
            let code = leafText.string
            if let c = Currency(code: code.uppercased()) {
                st.statement.account.currency = c
            } else {
                let fallback = options.currency.map { "; using \($0.code) as --currency says" } ?? ""
                diagnostics.append(.warning("ofx.currency",
                    code.isEmpty ? "the statement's currency (CURDEF) is empty\(fallback)"
                                 : "the statement's currency (CURDEF) \"\(code)\" is not an ISO 4217 code\(fallback)",
                    file: file, at: st.position))
            }
        default:
            if let s = leafText.optionalString {
                st.statement.extra.append(StatementField(tag == .unknown ? (unknownName ?? "") : tag.name, s))
            }
        }
    }

    mutating func accountLeaf(_ tag: OFXTag) {
        guard inStatement, !inTransaction else { return }
        let s = leafText.string
        switch tag {
        case .ACCTID: st.statement.account.id = s.isEmpty ? nil : s
        case .BANKID: st.statement.account.bankId = s.isEmpty ? nil : s
        case .BROKERID: st.statement.account.bankId = s.isEmpty ? nil : s
        case .BRANCHID: st.statement.account.branchId = s.isEmpty ? nil : s
        case .ACCTTYPE:
            let type = s.uppercased()
            st.statement.account.bankType = type.isEmpty ? nil : type
            if st.statement.account.kind == .bank || st.tag == .ACCTINFO {
                st.statement.account.kind = OFXStatementBuilder.kind(forAccountType: type)
            }
        default:
            if !s.isEmpty { st.statement.extra.append(StatementField("ACCT.\(tag == .unknown ? (unknownName ?? "") : tag.name)", s)) }
        }
    }

    /// ACCTTYPE → kind (spec §11.3.1.1): CHECKING bank, SAVINGS and CD savings, MONEYMRKT money market,
    /// CREDITLINE credit line; anything else a bank account.
    static func kind(forAccountType type: String) -> AccountKind {
        switch type {
        case "SAVINGS", "CD": return .savings
        case "MONEYMRKT": return .moneyMarket
        case "CREDITLINE": return .creditLine
        default: return .bank
        }
    }

    mutating func transactionLeaf(_ tag: OFXTag) {
        guard inTransaction else { return }
        switch tag {
        case .TRNTYPE:
            let s = leafText.upperCased
            if !s.isEmpty {
                if tx.tag == .INVBANKTRAN || tx.tag == .STMTTRN { tx.transaction.bankType = s }
            }
        case .DTPOSTED:
            switch leafText.dateTime {
            case .success(let d):
                tx.day = d.day
                if d.secondsOfDay != nil { tx.transaction.extra.append(StatementField("DTPOSTED", keptText(Self.postingStampStream) ?? "")) }
            case .failure(let e): tx.problems.append(OFXStatementBuilder.describe(e, field: "DTPOSTED"))
            }
        case .DTUSER, .DTAVAIL:
            let s = leafText.string
            guard !s.isEmpty else { return }
            if case .failure(let e) = leafText.dateTime, e != .zero {
                tx.warnings.append(OFXStatementBuilder.describe(e, field: tag.name))
            }
            tx.transaction.extra.append(StatementField(tag.name, s))
        case .TRNAMT:
            switch leafText.amount {
            case .value(let a): tx.amount = a
            case .placeholder:
                tx.amount = .zero
                tx.warnings.append("TRNAMT \"\(leafText.string)\" has no digits; read as 0")
            case .invalid(let reason): tx.problems.append("TRNAMT: \(reason)")
            }
        case .FITID: tx.transaction.id = leafText.optionalString
        case .CHECKNUM: tx.transaction.checkNumber = leafText.optionalString
        case .NAME: if let s = keptText(Self.payeeStream) { tx.transaction.payee = s }
        case .PAYEE: if let s = keptText(Self.payeeStream) { tx.transaction.payee = s }   // a leaf where the DTD wants an aggregate
        case .MEMO: tx.transaction.memo = leafText.optionalString   // rarely repeated: not worth the cache
        default:
            if let s = leafText.optionalString {
                tx.transaction.extra.append(StatementField(tag == .unknown ? (unknownName ?? "") : tag.name, s))
            }
        }
    }

    mutating func investmentCommonLeaf(_ tag: OFXTag) {
        guard inTransaction else { return }
        switch tag {
        case .FITID: tx.transaction.id = leafText.optionalString
        case .MEMO: tx.transaction.memo = leafText.optionalString
        case .DTTRADE, .DTSETTLE:
            switch leafText.dateTime {
            case .success(let d):
                if tag == .DTTRADE { tx.tradeDay = d.day } else { tx.settleDay = d.day }
                tx.transaction.extra.append(StatementField(tag.name, leafText.string))
            case .failure(let e):
                if tag == .DTTRADE { tx.problems.append(OFXStatementBuilder.describe(e, field: "DTTRADE")) }
            }
        default:
            if let s = leafText.optionalString { tx.transaction.extra.append(StatementField(tag == .unknown ? (unknownName ?? "") : tag.name, s)) }
        }
    }

    mutating func investmentLeaf(_ tag: OFXTag) {
        guard inTransaction, tx.tag != .STMTTRN, tx.tag != .INVBANKTRAN else { return }
        switch tag {
        case .TOTAL:
            switch leafText.amount {
            case .value(let a): tx.amount = a
            case .placeholder: tx.amount = .zero
            case .invalid(let reason): tx.problems.append("TOTAL: \(reason)")
            }
        default:
            if let s = leafText.optionalString { tx.transaction.extra.append(StatementField(tag == .unknown ? (unknownName ?? "") : tag.name, s)) }
        }
    }

    mutating func balanceLeaf(_ tag: OFXTag) {
        guard balance != nil else { return }
        switch tag {
        case .BALAMT:
            switch leafText.amount {
            case .value(let a): balance?.amount = a
            case .placeholder: balance?.problem = "its amount (BALAMT) \"\(leafText.string)\" has no digits"
            case .invalid(let reason): balance?.problem = "BALAMT: \(reason)"
            }
        case .DTASOF:
            switch leafText.dateTime {
            case .success(let d): balance?.day = d.day
            case .failure(.zero), .failure(.empty): break     // "no date": the balance stays undated
            case .failure(let e):
                diagnostics.append(.warning("ofx.date", OFXStatementBuilder.describe(e, field: "DTASOF") + "; the balance is kept without a day",
                                            file: file, at: balance?.position))
            }
        default: break
        }
    }

    static func describe(_ error: OFXDateTime.ParseError, field: String) -> String {
        switch error {
        case .empty: return "\(field) is empty"
        case .zero: return "\(field) is 00000000 (no date)"
        case .malformed(let why): return "\(field) \(why)"
        }
    }

}

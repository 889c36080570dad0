extension CAMTDocumentBuilder {
    /// Takes the value of a leaf that just ended into the statement, balance, entry or detail
    /// open around it; values that cannot be read become diagnostics at the leaf.
    mutating func take(_ leaf: CAMTLeaf) {
        switch leaf {
        case .none: return
        // Group header.
        case .messageId:
            let value = string()
            header.messageId = value
        case .groupCreated:
            let value = string()
            header.created = value
        case .pageNumber:
            let value = string()
            header.pageNumber = value
        case .lastPage:
            let value = string()
            header.lastPage = value
        // Statement and account.
        case .statementId:
            let value = string(); statementField("Id")
            statement?.statementId = value
        case .electronicSequence: statementField("ElctrncSeqNb")
        case .legalSequence: statementField("LglSeqNb")
        case .statementCreated: statementField("CreDtTm")
        case .fromDateTime, .toDateTime: period(leaf == .fromDateTime)
        case .statementInfo: statementField("AddtlInf")
        case .accountIBAN, .accountOther:
            let value = string()
            if statement?.statement.account.id == nil { statement?.statement.account.id = value }
        case .accountCurrency:
            guard let s = string() else { return }
            if let c = Currency(code: s) { statement?.statement.account.currency = c } else { unknownCurrency(s) }
        case .accountName:
            let value = string()
            statement?.statement.account.name = value
        case .accountType:
            let value = string()
            statement?.statement.account.bankType = value
        case .ownerName:
            let value = string()
            statement?.ownerName = value
            statementField("owner")
        case .servicerBIC:
            let value = string()
            statement?.statement.account.bankId = value
        case .servicerName: statementField("servicer")
        // Balances and summary.
        case .balanceCode:
            let value = string()
            balance?.code = value
        case .balanceAmount:
            let value = amount()
            balance?.amount = value
            balance?.currency = leafCurrency
        case .balanceIndicator:
            let value = indicator()
            balance?.indicator = value
        case .balanceDate:
            let value = day()
            balance?.day = value
        case .summaryCount:
            if let s = string() {
                let at = leafPosition()
                statement?.summaryCount = (s, at)
            }
        case .summaryCreditCount, .summaryDebitCount:
            if let s = string() {
                let at = leafPosition()
                if leaf == .summaryCreditCount { statement?.creditSummary.count = (s, at) } else { statement?.debitSummary.count = (s, at) }
            }
        case .summaryCreditSum, .summaryDebitSum:
            let at = leafPosition()
            if let a = amount() {
                if leaf == .summaryCreditSum { statement?.creditSummary.sum = (a, at) } else { statement?.debitSummary.sum = (a, at) }
            }
        default:
            takeEntryLeaf(leaf)
        }
    }

    private mutating func takeEntryLeaf(_ leaf: CAMTLeaf) {
        guard inEntry else { return }
        switch leaf {
        case .entryReference:
            let value = withText(CAMTValues.reference)
            entry.entryReference = value
        case .entryAmount:
            let value = amount()
            entry.amount = value
            entry.currency = leafCurrency
        case .entryIndicator:
            let value = indicator()
            entry.indicator = value
        case .reversal:
            guard let value = withText(CAMTValues.boolean) else { return invalid("RvslInd", expected: "true or false") }
            entry.reversal = value
        case .status:
            let value = withText(CAMTEntryStatus.init(bytes:))
            entry.status = value
        case .bookingDate:
            let value = day()
            entry.bookingDay = value
            let written = withText({ CAMTValues.trimmed($0).count > 10 }) ? string() : nil
            if let written { entry.bookingDateTime = written }
        case .valueDate:
            let value = day()
            entry.valueDay = value
        case .entryServicerReference:
            let value = withText(CAMTValues.reference)
            entry.servicerReference = value
        case .domainCode, .familyCode, .subFamilyCode, .proprietaryCode, .proprietaryIssuer:
            let value = string()
            if inDetail { detail.codes.set(leaf, value) } else { entry.codes.set(leaf, value) }
        case .instructedAmount:
            guard let a = amount() else { return }
            let written = "\(a)" + (leafCurrency.map { " \($0.code)" } ?? "")
            if inDetail { detail.instructedAmount = written } else { entry.instructedAmount = written }
        case .transactionAmount:
            let value = amount()
            detail.transactionAmount = value
            detail.transactionCurrency = leafCurrency
        case .exchangeRate:
            let value = string()
            if inDetail { detail.exchangeRate = value } else { entry.exchangeRate = value }
        case .batchCount:
            let value = string()
            entry.batchCount = value
        case .entryInfo:
            let value = string()
            entry.additionalInfo = value
        default:
            takeDetailLeaf(leaf)
        }
    }

    private mutating func takeDetailLeaf(_ leaf: CAMTLeaf) {
        guard inDetail else { return }
        switch leaf {
        case .detailAmount:
            let value = amount()
            detail.amount = value
            detail.currency = leafCurrency
        case .detailIndicator:
            let value = indicator()
            detail.indicator = value
        case .detailServicerReference:
            let value = withText(CAMTValues.reference)
            detail.servicerReference = value
        case .endToEndId:
            let value = withText(CAMTValues.reference)
            detail.endToEndId = value
        case .mandateId:
            let value = string()
            detail.mandateId = value
        case .chequeNumber:
            let value = string()
            detail.chequeNumber = value
        case .instructionId:
            let value = withText(CAMTValues.reference)
            detail.instructionId = value
        case .transactionId:
            let value = withText(CAMTValues.reference)
            detail.transactionId = value
        case .paymentInformationId:
            let value = withText(CAMTValues.reference)
            detail.paymentInformationId = value
        case .uetr:
            let value = string()
            detail.uetr = value
        case .proprietaryReference:
            let value = withText(CAMTValues.reference)
            detail.proprietaryReference = value
        case .partyName, .partyCountry, .partyIBAN, .partyAccountOther, .agentBIC: takeParty(leaf)
        case .purpose:
            let value = string()
            detail.purpose = value
        case .unstructured: if let s = string() { detail.unstructured.append(s) }
        case .creditorReference:
            let value = string()
            detail.creditorReference = value
        case .returnReason:
            let value = string()
            detail.returnReason = value
        case .detailInfo:
            let value = string()
            detail.additionalInfo = value
        default: return
        }
    }

    /// A party leaf goes to the side its open element names; the first name found below a party
    /// counts (`Cdtr/Nm` up to .07, `Cdtr/Pty/Nm` from .08, an agent's `Cdtr/Agt/FinInstnId/Nm`).
    private mutating func takeParty(_ leaf: CAMTLeaf) {
        guard let role, let value = string() else { return }
        switch (role, leaf) {
        case (.debtor, .partyName): if detail.parties.debtor.name == nil { detail.parties.debtor.name = value }
        case (.creditor, .partyName): if detail.parties.creditor.name == nil { detail.parties.creditor.name = value }
        case (.ultimateDebtor, .partyName): if detail.parties.ultimateDebtor == nil { detail.parties.ultimateDebtor = value }
        case (.ultimateCreditor, .partyName): if detail.parties.ultimateCreditor == nil { detail.parties.ultimateCreditor = value }
        case (.debtor, .partyCountry): detail.parties.debtor.country = value
        case (.creditor, .partyCountry): detail.parties.creditor.country = value
        case (.debtorAccount, .partyIBAN): detail.parties.debtor.iban = value
        case (.creditorAccount, .partyIBAN): detail.parties.creditor.iban = value
        case (.debtorAccount, .partyAccountOther): detail.parties.debtor.account = value
        case (.creditorAccount, .partyAccountOther): detail.parties.creditor.account = value
        case (.debtorAgent, .agentBIC): detail.parties.debtor.bic = value
        case (.creditorAgent, .agentBIC): detail.parties.creditor.bic = value
        default: return
        }
    }

    // MARK: - Values

    private func string() -> String? { withText(CAMTValues.text) }

    private mutating func statementField(_ key: String) {
        guard let value = string() else { return }
        statement?.statement.extra.append(StatementField(key, value))
    }

    private mutating func period(_ isStart: Bool) {
        guard let d = day() else { return }
        let current = statement?.statement.period
        statement?.statement.period = DayRange(start: isStart ? d : (current?.start ?? d), end: isStart ? (current?.end ?? d) : d)
    }

    private mutating func amount() -> Amount? {
        if let unknown = leafUnknownCurrency { unknownCurrency(unknown) }
        if let a = withText(CAMTValues.amount) { return a }
        let written = withText { String(decoding: CAMTValues.trimmed($0), as: UTF8.self) }
        diagnostics.append(.error("camt.amount",
            written.isEmpty ? "an amount is empty" : "cannot read \"\(written.prefix(40))\" as an amount: expected digits with \".\" and no sign (1234.56)",
            file: file, at: leafPosition()))
        return nil
    }

    private mutating func indicator() -> CAMTCreditDebit? {
        let written = string() ?? ""
        if written == "CRDT" { return .credit }
        if written == "DBIT" { return .debit }
        diagnostics.append(.error("camt.indicator", "CdtDbtInd is \"\(written.prefix(20))\", expected CRDT or DBIT",
                                  file: file, at: leafPosition()))
        return nil
    }

    private mutating func day() -> Day? {
        if let d = withText(CAMTValues.day) { return d }
        let written = withText { String(decoding: CAMTValues.trimmed($0), as: UTF8.self) }
        diagnostics.append(.error("camt.date", "cannot read \"\(written.prefix(40))\" as a date: expected YYYY-MM-DD (a day that exists), optionally with a time",
                                  file: file, at: leafPosition()))
        return nil
    }

    private mutating func invalid(_ element: String, expected: String) {
        let written = string() ?? ""
        diagnostics.append(.warning("camt.value", "\(element) is \"\(written.prefix(40))\", expected \(expected); it is ignored",
                                    file: file, at: leafPosition()))
    }

    private mutating func unknownCurrency(_ written: String) {
        diagnostics.append(.warning("camt.currency", "\"\(written.prefix(10))\" is not an ISO 4217 currency code; the amount is read without a currency",
                                    file: file, at: leafPosition()))
    }
}

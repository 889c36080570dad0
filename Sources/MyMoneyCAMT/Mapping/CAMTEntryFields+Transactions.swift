/// What an entry's mapping needs to know of its statement.
struct CAMTEntryContext: Sendable {
    /// The account's currency: entries in another one keep theirs.
    var currency: Currency?
    /// The account's IBAN and owner, to tell the counterparty of a reversal from the owner.
    var iban: String?
    var ownerName: String?
}

extension CAMTEntryFields {
    /// The transactions this entry stands for: none when it is not booked (a note says so) or
    /// cannot be read (an error says why); one per `TxDtls` when a batch's details carry amounts
    /// that add up to the entry's; one otherwise.
    func transactions(_ context: CAMTEntryContext, file: String, diagnostics: inout [Diagnostic]) -> [StatementTransaction] {
        switch status ?? .booked {
        case .booked: break
        case .pending:
            diagnostics.append(Diagnostic(.note, code: "camt.pending", "a pending entry (Sts PDNG) of \(amountText) is not booked yet; it was not read",
                                          file: file, position: position))
            return []
        case .other(let written):
            diagnostics.append(Diagnostic(.note, code: "camt.status", "an entry with status \"\(written.prefix(20))\" (not BOOK) of \(amountText) was not read",
                                          file: file, position: position))
            return []
        }
        guard let amount, let indicator else {
            if self.amount == nil {
                diagnostics.append(.error("camt.entry", "an entry has no amount (Ntry/Amt): it cannot be read", file: file, at: position))
            } else {
                diagnostics.append(.error("camt.entry", "an entry has no credit/debit indicator (Ntry/CdtDbtInd): it cannot be read", file: file, at: position))
            }
            return []
        }
        guard let day = bookingDay ?? valueDay else {
            diagnostics.append(.error("camt.entry", "an entry has no booking date (BookgDt) or value date (ValDt): it cannot be read",
                                      file: file, at: position))
            return []
        }
        let signed = indicator == .debit ? Amount(units: -amount.units, scale: amount.scale) : amount
        let foreign = (currency != nil && context.currency != nil && currency != context.currency) ? currency : nil
        if details.count > 1, let parts = splitAmounts(total: signed, file: file, diagnostics: &diagnostics) {
            return details.indices.map { i in
                make(day: day, amount: parts[i], currency: foreign, detail: i, batch: (i + 1, details.count), context: context)
            }
        }
        return [make(day: day, amount: signed, currency: foreign, detail: details.count == 1 ? 0 : nil, batch: nil, context: context)]
    }

    /// `12.34 EUR` for messages.
    private var amountText: String {
        guard let amount else { return "an unknown amount" }
        return "\(indicator == .debit ? "-" : "")\(amount)" + (currency.map { " \($0.code)" } ?? "")
    }

    /// The signed amounts of the details, when every detail has one in the entry's currency and
    /// they add up to the entry's amount; nil otherwise (with a warning when they have amounts
    /// that do not add up).
    private func splitAmounts(total: Amount, file: String, diagnostics: inout [Diagnostic]) -> [Amount]? {
        var parts: [Amount] = []
        var sum = Amount.zero
        for d in details {
            guard let (a, c) = d.bookedAmount, c == nil || c == currency else { return nil }
            let sign = d.indicator ?? indicator
            let part = sign == .debit ? Amount(units: -a.units, scale: a.scale) : a
            guard let next = try? sum + part else { return nil }
            sum = next
            parts.append(part)
        }
        guard sum == total else {
            diagnostics.append(.warning("camt.batch",
                "the \(details.count) details of a batch entry add up to \(sum), not the entry's \(total); the entry is read as one transaction",
                file: file, at: position))
            return nil
        }
        return parts
    }

    /// One transaction: the entry's facts, with `detail`'s where it has one.
    private func make(day: Day, amount: Amount, currency: Currency?, detail index: Int?,
                      batch: (index: Int, count: Int)?, context: CAMTEntryContext) -> StatementTransaction {
        let detail = index.map { details[$0] }
        let multiple = index == nil && details.count > 1
        let party = detail.flatMap { counterparty($0.parties, direction: $0.indicator, context: context) }
            ?? (multiple ? sharedCounterparty(context) : nil)
        let remittance = detail.flatMap(remittanceText) ?? (multiple ? joinedRemittance() : nil)
        let payee = party?.name
        let memo = remittance ?? additionalInfo
        let codes = (detail?.codes.isEmpty == false ? detail?.codes : nil) ?? codes
        let id = detail?.servicerReference ?? servicerReference ?? detail?.proprietaryReference ?? entryReference ?? detail?.transactionId
        var t = StatementTransaction(day: day, amount: amount, currency: currency, payee: payee, memo: memo, id: id,
                                     bankType: codes.iso ?? codes.proprietary, checkNumber: detail?.chequeNumber,
                                     position: batch != nil ? (detail?.position ?? position) : position)
        var extra: [StatementField] = []
        extra.reserveCapacity(16)
        func add(_ key: String, _ value: String?) { if let value { extra.append(StatementField(key, value)) } }
        if let valueDay { add("value date", CAMTValues.isoText(valueDay)) }
        add("booking time", bookingDateTime)
        add("entry reference", entryReference)
        if let detail, id != detail.servicerReference { add("bank reference", detail.servicerReference) }
        if id != servicerReference { add("bank reference", servicerReference) }
        add("end-to-end id", detail?.endToEndId)
        add("mandate id", detail?.mandateId)
        add("instruction id", detail?.instructionId)
        if id != detail?.transactionId { add("transaction id", detail?.transactionId) }
        add("payment information id", detail?.paymentInformationId)
        add("UETR", detail?.uetr)
        if id != detail?.proprietaryReference { add("proprietary reference", detail?.proprietaryReference) }
        add("proprietary code", codes.proprietary)
        add("proprietary code issuer", codes.issuer)
        add("GVC", codes.businessCode)
        if reversal { add("reversal", "true") }
        add("counterparty.iban", party?.iban)
        add("counterparty.account", party?.account)
        add("counterparty.bic", party?.bic)
        add("counterparty.country", party?.country)
        add("ultimate debtor", detail?.parties.ultimateDebtor)
        add("ultimate creditor", detail?.parties.ultimateCreditor)
        if remittance != nil || detail?.unstructured.isEmpty != false { add("creditor reference", detail?.creditorReference) }
        add("purpose", detail?.purpose)
        add("return reason", detail?.returnReason)
        if memo != additionalInfo { add("additional entry info", additionalInfo) }
        if memo != detail?.additionalInfo { add("additional transaction info", detail?.additionalInfo) }
        add("original amount", detail?.instructedAmount ?? instructedAmount)
        add("exchange rate", detail?.exchangeRate ?? exchangeRate)
        if let batch { add("batch", "\(batch.index) of \(batch.count)") } else { add("batch", batchCount.map { "\($0) transactions" }) }
        if multiple { appendDetails(to: &extra, context: context) }
        t.extra = extra
        return t
    }

    /// The detail's memo: the unstructured remittance lines joined (a full 140-character chunk
    /// goes on without a space), else the structured creditor reference, else `AddtlTxInf`.
    private func remittanceText(_ d: CAMTDetailFields) -> String? {
        if let first = d.unstructured.first {
            var out = first
            var previous = first
            for line in d.unstructured.dropFirst() {
                if previous.count != 140 { out += " " }
                out += line
                previous = line
            }
            return out
        }
        return d.creditorReference ?? d.additionalInfo
    }

    /// The other party of a payment: the debtor of a credit, the creditor of a debit; for a
    /// reversal (`RvslInd`) the parties keep their original roles, so the one that is not the
    /// account's owner.
    private func counterparty(_ parties: CAMTParties, direction: CAMTCreditDebit? = nil, context: CAMTEntryContext) -> CAMTParty? {
        let debit = (direction ?? indicator) == .debit
        let normal = debit ? parties.creditor : parties.debtor
        guard reversal else { return normal.isEmpty ? nil : normal }
        let other = debit ? parties.debtor : parties.creditor
        func isOwner(_ p: CAMTParty) -> Bool {
            (context.iban != nil && p.iban == context.iban) || (context.ownerName != nil && p.name == context.ownerName)
        }
        for p in [other, normal] where !p.isEmpty && !isOwner(p) { return p }
        return nil
    }

    /// The counterparty every detail of a batch kept as one transaction shares, if they share one.
    private func sharedCounterparty(_ context: CAMTEntryContext) -> CAMTParty? {
        let names = details.map { counterparty($0.parties, direction: $0.indicator, context: context)?.name }
        guard let first = names.first, first != nil, names.allSatisfy({ $0 == first }) else { return nil }
        return counterparty(details[0].parties, direction: details[0].indicator, context: context)
    }

    /// The distinct memos of a batch kept as one transaction, joined with `; `.
    private func joinedRemittance() -> String? {
        var seen: [String] = []
        for d in details { if let r = remittanceText(d), !seen.contains(r) { seen.append(r) } }
        return seen.isEmpty ? nil : seen.joined(separator: "; ")
    }

    /// Each detail of a batch kept as one transaction, as `detail.N.*` fields.
    private func appendDetails(to extra: inout [StatementField], context: CAMTEntryContext) {
        for (i, d) in details.enumerated() {
            let prefix = "detail.\(i + 1)."
            if let (a, c) = d.bookedAmount { extra.append(StatementField(prefix + "amount", "\(a)" + (c.map { " \($0.code)" } ?? ""))) }
            if let p = counterparty(d.parties, direction: d.indicator, context: context) {
                if let name = p.name { extra.append(StatementField(prefix + "payee", name)) }
                if let iban = p.iban { extra.append(StatementField(prefix + "counterparty.iban", iban)) }
            }
            if let memo = remittanceText(d) { extra.append(StatementField(prefix + "memo", memo)) }
            if let e2e = d.endToEndId { extra.append(StatementField(prefix + "end-to-end id", e2e)) }
        }
    }
}

/// `Sts` as written: `BOOK`, `PDNG`, or another code (`INFO`, `FUTR`, a proprietary one).
enum CAMTEntryStatus: Equatable {
    case booked, pending
    case other(String)

    init(written: String) {
        switch written.uppercased() {
        case "BOOK": self = .booked
        case "PDNG": self = .pending
        default: self = .other(written)
        }
    }

    /// The status a leaf's text names (white space around it ignored).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        let t = CAMTValues.trimmed(bytes)
        if t.count == 4 {
            let word = UInt32(t[0] & 0xDF) << 24 | UInt32(t[1] & 0xDF) << 16 | UInt32(t[2] & 0xDF) << 8 | UInt32(t[3] & 0xDF)
            if word == 0x424F_4F4B { self = .booked; return }    // BOOK
            if word == 0x5044_4E47 { self = .pending; return }   // PDNG
        }
        self.init(written: String(decoding: t, as: UTF8.self))
    }
}

/// A `Stmt` (or `Rpt`, `Ntfctn`) being read: the statement so far, its balances as written, and
/// the running figures its checks need (the booked entries' sum, the entry count).
struct CAMTStatementInProgress: Sendable {
    var statement: Statement
    var position: SourcePosition
    var statementId: String?
    var ownerName: String?
    var balances: [CAMTBalanceFields] = []
    /// Whether the account (its currency above all) is settled: from the first entry on.
    var accountSettled = false
    /// Σ of the booked entries in the statement's currency, and whether adding overflowed.
    var bookedSum = Amount.zero
    var sumOverflowed = false
    /// Every `Ntry`, booked or not (what `TxsSummry/TtlNtries/NbOfNtries` counts).
    var entryCount = 0
    var summaryCount: (text: String, position: SourcePosition)?
    /// `TxsSummry/TtlCdtNtries` and `TtlDbtNtries` as written, and the entries' own figures.
    var creditSummary = CAMTSideSummary(), debitSummary = CAMTSideSummary()
    var credits = CAMTSideTally(), debits = CAMTSideTally()
    /// Entries in another currency than the statement's: how many, the first one's currency and place.
    var foreignEntries = 0
    var firstForeign: (currency: Currency, position: SourcePosition?)?

    /// Adds a booked transaction to the running figures.
    mutating func count(_ transaction: StatementTransaction) {
        if transaction.currency == nil {
            if !sumOverflowed {
                do { bookedSum = try bookedSum + transaction.amount } catch { sumOverflowed = true }
            }
        } else {
            foreignEntries += 1
            if firstForeign == nil, let c = transaction.currency { firstForeign = (c, transaction.position) }
        }
    }

    /// Adds an entry (booked or not, as `TxsSummry` counts) to its side's count and sum.
    mutating func tally(_ entry: CAMTEntryFields) {
        guard let indicator = entry.indicator else { return }
        if indicator == .credit { credits.add(entry.amount) } else { debits.add(entry.amount) }
    }

    /// How the statement names itself in messages: `statement 2024-03-15-001 (NL91ABNA0417164300)`.
    var label: String {
        let noun: String
        switch statement.source.format {
        case CAMTMessage.Kind.report.rawValue: noun = "report"
        case CAMTMessage.Kind.notification.rawValue: noun = "notification"
        default: noun = "statement"
        }
        var out = noun
        if let statementId { out += " \(statementId)" }
        if let id = statement.account.id { out += " (\(id))" }
        return out
    }

    /// The account's currency, settled when the first entry ends: `Acct/Ccy`, else the first
    /// balance's, else the caller's (`--currency`), else that first entry's.
    mutating func settleAccount(options: ReadOptions, entryCurrency: Currency?) {
        guard !accountSettled else { return }
        accountSettled = true
        if statement.account.currency == nil {
            statement.account.currency = balances.lazy.compactMap(\.currency).first ?? options.currency ?? entryCurrency
        }
        if statement.account.id == nil, let id = options.accountId { statement.account.id = id }
    }
}

/// One `Bal` as written.
struct CAMTBalanceFields: Sendable {
    var position: SourcePosition
    /// `Tp/CdOrPrtry/Cd` (or `Prtry`): `OPBD`, `CLBD`, …
    var code: String?
    var amount: Amount?
    var currency: Currency?
    var indicator: CAMTCreditDebit?
    var day: Day?

    /// The amount with its sign: `DBIT` is negative (overdrawn).
    var signedAmount: Amount? {
        guard let amount else { return nil }
        return indicator == .debit ? (try? -amount) : amount
    }

    /// The statement balance kind a code maps to, or nil for codes kept only as fields
    /// (`OPAV`, `XPCD`, `INFO`; `PRCD` is decided by the statement: opening when there is no `OPBD`).
    static func kind(of code: String) -> StatementBalance.Kind? {
        switch code {
        case "OPBD": return .opening
        case "CLBD": return .closing
        case "ITBD": return .ledger
        case "CLAV", "ITAV", "FWAV": return .available
        default: return nil
        }
    }
}

/// The transactions that take part in a match, column by column, with their text read once.
///
/// Index `i` of every column is the same leg. Amount magnitudes are kept as integers of 10^-6
/// units (`key`), so equal amounts written with different scales (`6.6`, `6.60`) compare equal.
struct LegTable: Sendable {
    static let keyScale = 6

    var transactionIndex: [Int] = []
    var account: [Int32] = []
    var day: [Int32] = []
    var key: [Int64] = []
    var outgoing: [Bool] = []
    var currency: [Int16] = []
    var text: [TextEvidence] = []
    /// The account the leg's transfer hint names: -1 no hint (or its own account), -2 a hint naming no single account.
    var hint: [Int32] = []
    /// Amounts and references the leg's texts write.
    var figures = WrittenFigureTable()
    /// Whether the leg's payee is a transfer party: the user (``TransferMatchInput/ownerNames``)
    /// or a payee that some leg of the input names together with own-transfer evidence
    /// (`Alex Morgan` beside `Umbuchung auf Tagesgeld`, `Wise Europe SA` beside `eigenes USD-Konto`).
    var party: [Bool] = []
    /// Leg index by transaction id.
    var legOfId: [Int64: Int32] = [:]

    var count: Int { key.count }

    /// Reads `input`'s transactions; leaves out excluded, zero, duplicate and unplaceable ones.
    init(input: TransferMatchInput, accounts: AccountDirectory, reader: TextEvidenceReader, figureReader: WrittenFigureReader,
         excludedIds: Set<Int64>, diagnostics: inout [Diagnostic]) {
        var seenIds = Set<Int64>()
        var unknownAccounts = Set<Int64>()
        var hintCache: [String: Int32] = [:]
        let n = input.transactions.count
        transactionIndex.reserveCapacity(n); account.reserveCapacity(n); day.reserveCapacity(n)
        key.reserveCapacity(n); outgoing.reserveCapacity(n); currency.reserveCapacity(n)
        text.reserveCapacity(n); hint.reserveCapacity(n); figures.reserveCapacity(n)
        // Sized once: growing them a million rows long rehashed every id several times.
        seenIds.reserveCapacity(n); legOfId.reserveCapacity(n)
        // Most legs share their currency with the leg before (a currency hashes its code to look up).
        var lastCurrency: (currency: Currency, index: Int16)?
        for (index, transaction) in input.transactions.enumerated() {
            if let id = transaction.id {
                if excludedIds.contains(id) || !seenIds.insert(id).inserted { continue }
            }
            guard let accountIndex = accounts.index(ofId: transaction.accountId) else {
                if unknownAccounts.insert(transaction.accountId).inserted {
                    diagnostics.append(.warning("transfers.unknown-account",
                        "transactions name account id \(transaction.accountId), which is not among the accounts given; they take no part in transfer matching"))
                }
                continue
            }
            guard !transaction.amount.isZero else { continue }
            guard let magnitude = try? transaction.amount.magnitude(),
                  let scaled = try? magnitude.rounded(toScale: LegTable.keyScale) else {
                diagnostics.append(.warning("transfers.amount-range",
                    "the amount \(transaction.amount) \(transaction.currency.code) on \(transaction.day) is too large to compare; it takes no part in transfer matching"))
                continue
            }
            var evidence = reader.read(transaction.payee, payee: true)
            evidence.merge(reader.read(transaction.memo, payee: false))
            if let type = transaction.bankType { evidence.merge(reader.read(type, payee: false)) }
            if transaction.originalPayee != transaction.payee {
                evidence.merge(reader.read(transaction.originalPayee, payee: false))
            }
            var written = figureReader.read(transaction.payee)
            written.merge(figureReader.read(transaction.memo))
            if transaction.originalPayee != transaction.payee { written.merge(figureReader.read(transaction.originalPayee)) }
            var hinted: Int32 = -1
            if let raw = transaction.transferHint {
                if let cached = hintCache[raw] {
                    hinted = cached
                } else {
                    hinted = accounts.resolve(hint: raw).map { Int32($0) } ?? -2
                    hintCache[raw] = hinted
                }
                if hinted == Int32(accountIndex) { hinted = -1 } // names its own account: an opening balance
            }
            transactionIndex.append(index)
            account.append(Int32(accountIndex))
            day.append(transaction.day.daysSinceEpoch)
            key.append(scaled.units)
            outgoing.append(transaction.amount.isNegative)
            if let last = lastCurrency, last.currency == transaction.currency {
                currency.append(last.index)
            } else {
                let index = Int16(accounts.currencyIndex(transaction.currency))
                lastCurrency = (transaction.currency, index)
                currency.append(index)
            }
            text.append(evidence)
            hint.append(hinted)
            figures.append(written)
            if let id = transaction.id { legOfId[id] = Int32(key.count - 1) }
        }
        // Transfer parties: the owner, and payees seen with own-transfer evidence.
        var heads = Set(input.ownerNames.map { reader.read($0, payee: true).payeeHead }.filter { $0 != 0 })
        for leg in 0..<count where text[leg].payeeHead != 0 && hasOwnTransferEvidence(leg) { heads.insert(text[leg].payeeHead) }
        party = (0..<count).map { text[$0].payeeHead != 0 && heads.contains(text[$0].payeeHead) }
    }

    /// The leg's text names one of the user's accounts other than its own.
    func mentionsOtherAccount(_ leg: Int) -> Bool {
        let own = Int(account[leg])
        let ownBit: UInt64 = own < 64 ? 1 << UInt64(own) : 0
        return text[leg].mentionedAccounts & ~ownBit != 0
    }

    /// The leg's own text says it moves money between the user's accounts: its hint names
    /// another account, its text names one, or it has an own-account transfer word.
    func hasOwnTransferEvidence(_ leg: Int) -> Bool {
        let own = Int(account[leg])
        let ownBit: UInt64 = own < 64 ? 1 << UInt64(own) : 0
        return hint[leg] >= 0 || text[leg].mentionedAccounts & ~ownBit != 0 || text[leg].has(.strongTransfer)
    }

    /// Anything in the leg's own text that speaks for a transfer: a hint or mention of another
    /// account, a transfer, cash or card-payment word, another currency's code.
    func hasTransferEvidence(_ leg: Int) -> Bool {
        let t = text[leg]
        let currencyBit: UInt64 = currency[leg] < 64 ? 1 << UInt64(currency[leg]) : 0
        return hasOwnTransferEvidence(leg)
            || t.kinds & (TextEvidence.bit(.weakTransfer) | TextEvidence.bit(.cash) | TextEvidence.bit(.cardPayment)) != 0
            || t.mentionedCurrencies & ~currencyBit != 0
    }
}

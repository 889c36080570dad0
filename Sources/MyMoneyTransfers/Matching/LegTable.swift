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
    var text = LegTexts()
    /// The account the leg's transfer hint names: -1 no hint (or its own account), -2 a hint naming no single account.
    var hint: [Int32] = []
    /// Amounts and references the leg's texts write.
    var figures = WrittenFigureTable()
    /// Whether the leg's payee is a transfer party: the user (``TransferMatchInput/ownerNames``)
    /// or a payee that some leg of the input names together with own-transfer evidence
    /// (`Alex Morgan` beside `Umbuchung auf Tagesgeld`, `Wise Europe SA` beside `eigenes USD-Konto`).
    var party: [Bool] = []
    /// Leg index by transaction id, of the ids `linkedIds` names (every id in the plain twin).
    var legOfId: [Int64: Int32] = [:]

    var count: Int { key.count }

    /// How the table keeps its transactions' ids.
    enum IdKeeping {
        /// Ids taken as bits over their range where they lie close (``TakenIds``), and leg
        /// indices only for the ids of stored links (the only ones looked up).
        case compact
        /// A `Set` of every id and a leg index for every id (the plain twin).
        case plain
    }

    /// Reads `input`'s transactions; leaves out excluded, zero, duplicate and unplaceable ones.
    /// `linkedIds` are the ids whose leg ``legOfId`` must give (those of the stored links).
    /// Without `readingTexts` every leg's text and written figures are left empty (legs that
    /// cannot pair: only a candidate is scored by them).
    init(input: TransferMatchInput, accounts: AccountDirectory, reader: TextEvidenceReader, figureReader: WrittenFigureReader,
         excludedIds: Set<Int64>, linkedIds: Set<Int64>, keeping: IdKeeping = .compact, readingTexts: Bool = true,
         diagnostics: inout [Diagnostic]) {
        let rows = input.transactions
        var seenIds = TakenIds(for: rows, dense: keeping == .compact)
        var unknownAccounts = Set<Int64>()
        var hintCache: [String: Int32] = [:]
        let n = rows.count
        transactionIndex.reserveCapacity(n); account.reserveCapacity(n); day.reserveCapacity(n)
        key.reserveCapacity(n); outgoing.reserveCapacity(n); currency.reserveCapacity(n)
        if readingTexts { text.reserveCapacity(n) }
        hint.reserveCapacity(n); figures.reserveCapacity(n)
        // Sized once: growing it a million rows long rehashed every id several times.
        legOfId.reserveCapacity(keeping == .plain ? n : linkedIds.count)
        // Most legs share their currency and their account with the leg before (a look-up hashes).
        var lastCurrency: (currency: Currency, index: Int16)?
        var lastAccount: (id: Int64, index: Int)?
        // By index, each field read in place: a `for t in transactions` copied every transaction
        // (a retain and a release per text of each).
        for index in rows.indices {
            let id = rows[index].id
            if let id {
                if !excludedIds.isEmpty, excludedIds.contains(id) { continue }
                if !seenIds.insert(id) { continue }
            }
            let accountId = rows[index].accountId
            let placed: Int?
            if let last = lastAccount, last.id == accountId {
                placed = last.index
            } else {
                placed = accounts.index(ofId: accountId)
                if let placed { lastAccount = (accountId, placed) }
            }
            guard let accountIndex = placed else {
                if unknownAccounts.insert(accountId).inserted {
                    diagnostics.append(.warning("transfers.unknown-account",
                        "transactions name account id \(accountId), which is not among the accounts given; they take no part in transfer matching"))
                }
                continue
            }
            let amount = rows[index].amount
            guard !amount.isZero else { continue }
            guard let magnitude = try? amount.magnitude(),
                  let scaled = try? magnitude.rounded(toScale: LegTable.keyScale) else {
                diagnostics.append(.warning("transfers.amount-range",
                    "the amount \(amount) \(rows[index].currency.code) on \(rows[index].day) is too large to compare; it takes no part in transfer matching"))
                continue
            }
            var evidence = TextEvidence()
            var written = WrittenFigures()
            if readingTexts {
                let payee = rows[index].payee, memo = rows[index].memo, original = rows[index].originalPayee
                evidence = reader.read(payee, payee: true)
                evidence.merge(reader.read(memo, payee: false))
                if let type = rows[index].bankType { evidence.merge(reader.read(type, payee: false)) }
                if original != payee {
                    evidence.merge(reader.read(original, payee: false))
                }
                written = figureReader.read(payee)
                written.merge(figureReader.read(memo))
                if original != payee { written.merge(figureReader.read(original)) }
            }
            var hinted: Int32 = -1
            if let raw = rows[index].transferHint {
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
            day.append(rows[index].day.daysSinceEpoch)
            key.append(scaled.units)
            outgoing.append(amount.isNegative)
            let legCurrency = rows[index].currency
            if let last = lastCurrency, last.currency == legCurrency {
                currency.append(last.index)
            } else {
                let index = Int16(accounts.currencyIndex(legCurrency))
                lastCurrency = (legCurrency, index)
                currency.append(index)
            }
            if readingTexts { text.append(evidence) }
            hint.append(hinted)
            figures.append(written)
            if let id, keeping == .plain || (!linkedIds.isEmpty && linkedIds.contains(id)) { legOfId[id] = Int32(key.count - 1) }
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

/// Each leg's text evidence, by leg; none is kept when the texts are not read (legs that cannot
/// pair, ``LegTable/init(input:accounts:reader:figureReader:excludedIds:linkedIds:keeping:readingTexts:diagnostics:)``):
/// every leg's evidence is then empty, and a million of them took 48 MB.
struct LegTexts: Sendable {
    private var evidence: [TextEvidence] = []
    private let empty = TextEvidence()

    subscript(leg: Int) -> TextEvidence { evidence.isEmpty ? empty : evidence[leg] }

    mutating func append(_ leg: TextEvidence) { evidence.append(leg) }
    mutating func reserveCapacity(_ count: Int) { evidence.reserveCapacity(count) }
}

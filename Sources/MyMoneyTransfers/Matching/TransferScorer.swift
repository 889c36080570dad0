/// Scores a candidate pair from its amounts, days, texts and account kinds, and writes the reasons.
///
/// The weights (documented in `docs/transfers.md`):
/// - amounts: same amount 0.45; a fee by difference 0.35; a rate near the day's reference
///   0.25–0.35 (the closer the more); a rate within the wide band of an older reference 0.15;
///   without a reference, a rate within ±25% of the coarse built-in rate 0.10, a pair the
///   built-in table does not know 0.05;
/// - days: 0.15 on the same day, falling linearly to 0.15/(window+1) at the window's edge;
///   −0.05 when the money arrives before it leaves;
/// - text: a hint naming the other account 0.35 per leg; the other
///   account's name or number in payee or memo 0.25 per leg; a transfer word 0.15 (own-account
///   words, ATM words toward cash, card-payment words on a card) or 0.07 (payment orders, transfer
///   services) per leg; the other leg's currency code 0.10 per leg; the same payee on both legs 0.08;
/// - account kinds: bank → credit card 0.10, bank → cash 0.10, cash → bank 0.05;
/// - against: a hint naming a third account −0.5 per leg; a text naming only a third account −0.3
///   per leg; a shop-like text (store number, merchant code, shop name) or a third party's words
///   (interest, salary, refund, cheque) −0.3 per leg, unless that leg's own hint or text names the
///   other account.
///
/// The confidence shown is the score clamped to 0…1.
struct TransferScorer: Sendable {
    let legs: LegTable
    let directory: AccountDirectory
    let options: TransferMatchOptions
    let reader: TextEvidenceReader
    let transactions: [LedgerTransaction]
    /// Each account's kind, by account index.
    let kinds: [AccountKind]

    init(legs: LegTable, directory: AccountDirectory, options: TransferMatchOptions, reader: TextEvidenceReader,
         transactions: [LedgerTransaction]) {
        self.legs = legs
        self.directory = directory
        self.options = options
        self.reader = reader
        self.transactions = transactions
        self.kinds = directory.accounts.map(\.kind)
    }

    /// The pair's raw score (not clamped: assignment compares raw totals, so a pair with more
    /// evidence still outranks one that also reaches 1) and, with `explain`, its reasons.
    /// A score of 0 means "not a candidate".
    func evaluate(from o: Int, to i: Int, relation: AmountRelation, explain: Bool) -> (score: Double, reasons: [String]) {
        // The transactions and the accounts' names are read only to write reasons.
        var reasons: [String]? = explain ? [] : nil
        let outTx: LedgerTransaction? = explain ? transactions[legs.transactionIndex[o]] : nil
        let inTx: LedgerTransaction? = explain ? transactions[legs.transactionIndex[i]] : nil
        let oAccount = Int(legs.account[o]), iAccount = Int(legs.account[i])
        func name(_ account: Int) -> String { directory.accounts[account].name }
        func code(_ tx: LedgerTransaction?) -> String { tx?.currency.code ?? "" }
        func size(_ tx: LedgerTransaction?) -> Amount { tx.map { magnitude($0.amount) } ?? .zero }
        var score = 0.0

        switch relation {
        case .equal:
            score += 0.45
            reasons?.append("same amount \(size(outTx)) \(code(outTx))")
        case .fee:
            score += 0.35
            if explain {
                let fee = (try? size(outTx) - size(inTx)) ?? .zero
                reasons?.append("sent \(size(outTx)) \(code(outTx)), received \(size(inTx)): fee \(fee) \(code(outTx))")
            }
        case .rate(let check):
            switch check.tier {
            case .near:
                let band = Double(options.referenceBand.units) / pow10(options.referenceBand.scale)
                let closeness = band > 0 ? max(0, 1 - abs(check.deviation) / band) : 1
                score += 0.25 + 0.10 * closeness
            case .wide: score += 0.15
            case .coarse: score += 0.10
            case .none: score += 0.05
            }
            if explain {
                let rate = TransferPair.displayRate(received: size(inTx), sent: size(outTx)).map(\.description) ?? "?"
                let reference = Amount(units: check.referenceUnits, scale: ExchangeRateTable.scale).normalized
                let source = (check.crossed ? "cross rate, " : "") + (check.source == .file ? "rates file" : "confirmed transfer")
                let referenceDay = Day(daysSinceEpoch: check.referenceDay)
                let pair = "\(code(outTx))→\(code(inTx))"
                switch check.tier {
                case .near:
                    reasons?.append("rate \(rate) within \(percent(options.referenceBand)) of reference \(reference) (\(source), \(referenceDay))")
                case .wide:
                    reasons?.append("rate \(rate) within \(percent(options.wideReferenceBand)) of reference \(reference) (\(source), \(referenceDay); none within \(options.referenceDays) days)")
                case .coarse:
                    reasons?.append("rate \(rate) plausible for \(pair) (within \(percent(CoarseRates.band)) of the built-in \(reference); no reference rate)")
                case .none:
                    reasons?.append("rate \(rate), no reference rate for \(pair)")
                }
            }
        }

        let gap = Int(legs.day[i]) - Int(legs.day[o])
        score += 0.15 * (1 - Double(abs(gap)) / Double(options.windowDays + 1))
        if gap < 0 {
            score -= 0.05
            reasons?.append("received \(days(-gap)) before it was sent")
        } else {
            reasons?.append(gap == 0 ? "same day" : "\(days(gap)) apart")
        }

        // Text. A leg is tied to the pair when its own hint or text names the other account.
        var positive = 0.0, negative = 0.0
        var tied = (false, false)
        func hint(_ leg: Int, own: Int, other: Int, _ tx: LedgerTransaction?) -> Bool {
            let hinted = Int(legs.hint[leg])
            if hinted == other {
                positive += 0.35
                reasons?.append("\(name(own)) hint “\(tx?.transferHint ?? "")” names \(name(other))")
                return true
            } else if hinted >= 0 {
                negative += 0.5
                reasons?.append("\(name(own)) hint “\(tx?.transferHint ?? "")” names \(name(hinted)), another account")
            }
            return false
        }
        func mention(_ leg: Int, own: Int, other: Int) -> Bool {
            let mentions = legs.text[leg].mentionedAccounts
            let otherBit: UInt64 = other < 64 ? 1 << UInt64(other) : 0
            let ownBit: UInt64 = own < 64 ? 1 << UInt64(own) : 0
            if mentions & otherBit != 0 {
                positive += 0.25
                if explain { reasons?.append(contentsOf: mentionReasons(leg: leg, account: other)) }
                return true
            } else if mentions & ~ownBit != 0 {
                negative += 0.3
                if explain {
                    let names = (0..<min(64, directory.accounts.count)).filter { mentions & ~ownBit & (1 << UInt64($0)) != 0 }
                        .map(name).joined(separator: ", ")
                    reasons?.append("\(name(own)) text names \(names), not \(name(other))")
                }
            }
            return false
        }
        tied.0 = hint(o, own: oAccount, other: iAccount, outTx)
        tied.1 = hint(i, own: iAccount, other: oAccount, inTx)
        tied.0 = mention(o, own: oAccount, other: iAccount) || tied.0
        tied.1 = mention(i, own: iAccount, other: oAccount) || tied.1
        func words(_ leg: Int, own: Int, other: Int) {
            guard legs.text[leg].kinds != 0 else { return }
            let (weight, word) = wordWeight(leg: leg, own: kinds[own], other: kinds[other], explain: explain)
            if weight > 0 {
                positive += weight
                if let word { reasons?.append("\(name(own)) \(word)") }
            }
        }
        words(o, own: oAccount, other: iAccount)
        words(i, own: iAccount, other: oAccount)
        let oText = legs.text[o], iText = legs.text[i]
        if legs.currency[o] != legs.currency[i] {
            if oText.mentionedCurrencies & currencyBit(legs.currency[i]) != 0 {
                positive += 0.10
                reasons?.append("\(name(oAccount)) text mentions \(code(inTx))")
            }
            if iText.mentionedCurrencies & currencyBit(legs.currency[o]) != 0 {
                positive += 0.10
                reasons?.append("\(name(iAccount)) text mentions \(code(outTx))")
            }
        }
        if oText.payeeHead != 0, oText.payeeHead == iText.payeeHead {
            positive += 0.08
            reasons?.append("both legs name the same payee")
        }
        let textEvidence = positive
        if case .rate(let check) = relation, check.tier == .none || check.tier == .coarse,
           textEvidence < options.minimumTextEvidenceWithoutRate {
            return (0, reasons ?? [])
        }
        func against(_ leg: Int, own: Int) {
            if legs.text[leg].merchantLike {
                negative += 0.3
                if explain { reasons?.append("\(name(own)) text looks like a shop (\(merchantSign(leg)))") }
            } else if legs.text[leg].has(.thirdParty) {
                negative += 0.3
                if explain { reasons?.append("\(name(own)) text looks like money to or from someone else (\(word(leg, .thirdParty)))") }
            }
        }
        if !tied.0 { against(o, own: oAccount) }
        if !tied.1 { against(i, own: iAccount) }
        let kindBonus = kindWeight(from: kinds[oAccount], to: kinds[iAccount])
        if kindBonus.weight > 0 {
            reasons?.append(kindBonus.label)
        }
        score += textEvidence + kindBonus.weight - negative
        return (max(0, score), reasons ?? [])
    }

    private func word(_ leg: Int, _ kind: TransferWordKind) -> String {
        let tx = transactions[legs.transactionIndex[leg]]
        for value in [tx.payee, tx.memo, tx.bankType, tx.originalPayee] {
            var findings = TextFindings()
            _ = withUnsafeMutablePointer(to: &findings) { reader.read(value, payee: false, findings: $0) }
            if let found = findings.words.first(where: { $0.word.kind == kind }) { return "“\(found.written)”" }
        }
        return kind.rawValue
    }

    // MARK: parts

    private func wordWeight(leg: Int, own: AccountKind, other: AccountKind, explain: Bool) -> (Double, String?) {
        let text = legs.text[leg]
        let cardSide = isCredit(own) || isCredit(other)
        let cashSide = own == .cash || other == .cash
        var best = 0.0
        var kind: TransferWordKind?
        func consider(_ k: TransferWordKind, _ weight: Double) {
            if text.has(k), weight > best { best = weight; kind = k }
        }
        consider(.strongTransfer, 0.15)
        consider(.cardPayment, cardSide ? 0.15 : 0.07)
        consider(.cash, cashSide ? 0.15 : 0.07)
        consider(.weakTransfer, 0.07)
        guard let kind, explain else { return (best, nil) }
        let tx = transactions[legs.transactionIndex[leg]]
        for (field, value) in [("payee", tx.payee), ("memo", tx.memo), ("type", tx.bankType), ("original payee", tx.originalPayee)] {
            var findings = TextFindings()
            _ = withUnsafeMutablePointer(to: &findings) { reader.read(value, payee: field == "payee", findings: $0) }
            if let found = findings.words.first(where: { $0.word.kind == kind }) { return (best, "\(field) says “\(found.written)”") }
        }
        return (best, "text says a \(kind.rawValue) word")
    }

    private func mentionReasons(leg: Int, account: Int) -> [String] {
        let tx = transactions[legs.transactionIndex[leg]]
        let own = directory.accounts[Int(legs.account[leg])].name
        var result: [String] = []
        for (field, value) in [("payee", tx.payee), ("memo", tx.memo), ("original payee", tx.originalPayee == tx.payee ? nil : tx.originalPayee)] {
            var findings = TextFindings()
            _ = withUnsafeMutablePointer(to: &findings) { reader.read(value, payee: false, findings: $0) }
            if findings.accounts.contains(account) {
                result.append("\(own) \(field) mentions \(directory.accounts[account].name)")
            }
        }
        return result.isEmpty ? ["\(own) text mentions \(directory.accounts[account].name)"] : result
    }

    private func merchantSign(_ leg: Int) -> String {
        let tx = transactions[legs.transactionIndex[leg]]
        for value in [tx.payee, tx.memo, tx.originalPayee] {
            var findings = TextFindings()
            _ = withUnsafeMutablePointer(to: &findings) { reader.read(value, payee: false, findings: $0) }
            if let sign = findings.merchantSigns.first { return sign }
            if let found = findings.words.first(where: { $0.word.kind == .merchant }) { return "“\(found.written)”" }
        }
        return "shop"
    }

    private func kindWeight(from: AccountKind, to: AccountKind) -> (weight: Double, label: String) {
        if isBankLike(from), isCredit(to) { return (0.10, "bank → credit card payment") }
        if isBankLike(from), to == .cash { return (0.10, "bank → cash withdrawal") }
        if from == .cash, isBankLike(to) { return (0.05, "cash → bank deposit") }
        return (0, "")
    }

    private func isCredit(_ kind: AccountKind) -> Bool { kind == .creditCard || kind == .creditLine }
    private func isBankLike(_ kind: AccountKind) -> Bool { kind == .bank || kind == .savings || kind == .moneyMarket }

    private func currencyBit(_ index: Int16) -> UInt64 { index < 64 ? 1 << UInt64(index) : 0 }

    private func magnitude(_ amount: Amount) -> Amount { (try? amount.magnitude()) ?? amount }

    private func days(_ n: Int) -> String { n == 1 ? "1 day" : "\(n) days" }

    private func percent(_ fraction: Amount) -> String {
        let value = (try? fraction * Amount(units: 100)) ?? fraction
        return "\(value.normalized)%"
    }

    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { acc, _ in acc * 10 } }
}

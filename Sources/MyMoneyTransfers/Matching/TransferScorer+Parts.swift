/// The parts of a pair's score and the words of its reasons (see ``TransferScorer``).
extension TransferScorer {
    /// Text evidence for and against a pair, added up part by part.
    struct TextScore {
        var positive = 0.0
        var negative = 0.0
    }

    /// What the legs' written amounts and references say about the pair.
    struct FigureFindings {
        var amountNamed = false
        var referenceShared = false
        var any: Bool { amountNamed || referenceShared }
    }

    // MARK: amounts

    func amountScore(_ o: Int, _ i: Int, _ relation: AmountRelation, _ outTx: LedgerTransaction?, _ inTx: LedgerTransaction?,
                     _ reasons: inout [String]?) -> Double {
        func code(_ tx: LedgerTransaction?) -> String { tx?.currency.code ?? "" }
        func size(_ tx: LedgerTransaction?) -> Amount { tx.map { magnitude($0.amount) } ?? .zero }
        switch relation {
        case .equal:
            reasons?.append("same amount \(size(outTx)) \(code(outTx))")
            return 0.45
        case .fee:
            if reasons != nil {
                let fee = (try? size(outTx) - size(inTx)) ?? .zero
                reasons?.append("sent \(size(outTx)) \(code(outTx)), received \(size(inTx)): fee \(fee) \(code(outTx))")
            }
            return 0.35
        case .rate(let check):
            var score = 0.0
            switch check.tier {
            case .near:
                // A provider's spread makes the received amount smaller than the reference says:
                // below the reference the score falls gently across the wide lower band, above it
                // fast across the narrow upper one (a stale reference or another transfer's leg).
                let d = check.deviation
                let side = d <= 0 ? options.referenceBand : options.referenceBandAbove
                let band = Double(side.units) / pow10(side.scale)
                let closeness = band > 0 ? max(0, 1 - abs(d) / band) : 1
                score = 0.25 + 0.10 * closeness
            case .wide: score = 0.15
            // Outside a known reference's band, only the built-in table's: plausible, but it loses
            // to any candidate that fits the reference.
            case .coarse: score = check.offReference ? -0.15 : 0.10
            case .none: score = check.offReference ? -0.20 : 0.05
            }
            guard reasons != nil else { return score }
            let rate = TransferPair.displayRate(received: size(inTx), sent: size(outTx)).map(\.description) ?? "?"
            let reference = Amount(units: check.referenceUnits, scale: ExchangeRateTable.scale).normalized
            let source = (check.crossed ? "cross rate, " : "") + (check.source == .file ? "rates file" : "confirmed transfer")
            let referenceDay = Day(daysSinceEpoch: check.referenceDay)
            let pair = "\(code(outTx))→\(code(inTx))"
            let off = "rate \(rate) is \(percentOff(received: size(inTx), sent: size(outTx), reference: reference)) off the reference \(reference) (\(source), \(referenceDay))"
            switch check.tier {
            case .near:
                reasons?.append("rate \(rate) within \(check.deviation <= 0 ? percent(options.referenceBand) + " below" : percent(options.referenceBandAbove) + " above") reference \(reference) (\(source), \(referenceDay))")
            case .wide:
                reasons?.append("rate \(rate) within \(percent(options.wideReferenceBand)) of reference \(reference) (\(source), \(referenceDay); none within \(options.referenceDays) days)")
            case .coarse:
                let coarse = Amount(units: check.coarseUnits, scale: ExchangeRateTable.scale).normalized
                reasons?.append(check.offReference
                    ? "\(off); within \(percent(CoarseRates.band)) of the built-in \(coarse), and both texts say transfer"
                    : "rate \(rate) plausible for \(pair) (within \(percent(CoarseRates.band)) of the built-in \(coarse); no reference rate)")
            case .none:
                reasons?.append(check.offReference ? "\(off); the built-in table does not know \(pair), both texts say transfer"
                                                   : "rate \(rate), no reference rate for \(pair)")
            }
            return score
        }
    }

    /// `4.2%`: how far the implied rate lies from the reference.
    func percentOff(received: Amount, sent: Amount, reference: Amount) -> String {
        guard let implied = try? received.divided(by: sent, scale: 10), !reference.isZero,
              let ratio = try? implied.divided(by: reference, scale: 6), let off = try? ratio - Amount(units: 1),
              let magnitude = try? off.magnitude(), let hundred = try? magnitude * Amount(units: 100),
              let rounded = try? hundred.rounded(toScale: 1) else { return "?" }
        return "\(rounded)%"
    }

    // MARK: text

    /// The leg's hint names the other account (for), or a third one (against).
    func hint(_ leg: Int, own: Int, other: Int, _ tx: LedgerTransaction?, _ text: inout TextScore, _ reasons: inout [String]?) -> Bool {
        let hinted = Int(legs.hint[leg])
        if hinted == other {
            text.positive += 0.35
            reasons?.append("\(name(own)) hint “\(tx?.transferHint ?? "")” names \(name(other))")
            return true
        } else if hinted >= 0 {
            text.negative += 0.5
            reasons?.append("\(name(own)) hint “\(tx?.transferHint ?? "")” names \(name(hinted)), another account")
        }
        return false
    }

    /// The leg's text names the other account (for), or only a third one (against).
    func mention(_ leg: Int, own: Int, other: Int, _ text: inout TextScore, _ reasons: inout [String]?) -> Bool {
        let mentions = legs.text[leg].mentionedAccounts
        let otherBit: UInt64 = other < 64 ? 1 << UInt64(other) : 0
        let ownBit: UInt64 = own < 64 ? 1 << UInt64(own) : 0
        if mentions & otherBit != 0 {
            text.positive += 0.25
            if reasons != nil { reasons?.append(contentsOf: mentionReasons(leg: leg, account: other)) }
            return true
        } else if mentions & ~ownBit != 0 {
            text.negative += 0.3
            if reasons != nil {
                let names = (0..<min(64, directory.accounts.count)).filter { mentions & ~ownBit & (1 << UInt64($0)) != 0 }
                    .map(name).joined(separator: ", ")
                reasons?.append("\(name(own)) text names \(names), not \(name(other))")
            }
        }
        return false
    }

    func words(_ leg: Int, own: Int, other: Int, _ text: inout TextScore, _ reasons: inout [String]?) {
        guard legs.text[leg].kinds != 0 else { return }
        let (weight, word) = wordWeight(leg: leg, own: kinds[own], other: kinds[other], explain: reasons != nil)
        if weight > 0 {
            text.positive += weight
            if let word { reasons?.append("\(name(own)) \(word)") }
        }
    }

    /// Each leg's text naming the other leg's currency (for), or a third currency, neither its
    /// own nor the other leg's (against: `eigenes USD-Konto` paired with a euro account).
    func currencies(_ o: Int, _ i: Int, _ outTx: LedgerTransaction?, _ inTx: LedgerTransaction?, _ text: inout TextScore,
                    _ reasons: inout [String]?) {
        let both = currencyBit(legs.currency[o]) | currencyBit(legs.currency[i])
        func foreign(_ leg: Int) {
            guard legs.text[leg].mentionedCurrencies & ~both != 0 else { return }
            text.negative += 0.2
            if reasons != nil {
                let codes = directory.currencies.indices.filter { $0 < 64 && legs.text[leg].mentionedCurrencies & ~both & (1 << UInt64($0)) != 0 }
                    .map { directory.currencies[$0].code }.joined(separator: ", ")
                reasons?.append("\(name(Int(legs.account[leg]))) text names \(codes), the currency of neither leg")
            }
        }
        foreign(o)
        foreign(i)
        guard legs.currency[o] != legs.currency[i] else { return }
        if legs.text[o].mentionedCurrencies & currencyBit(legs.currency[i]) != 0 {
            text.positive += 0.10
            reasons?.append("\(name(Int(legs.account[o]))) text mentions \(inTx?.currency.code ?? "")")
        }
        if legs.text[i].mentionedCurrencies & currencyBit(legs.currency[o]) != 0 {
            text.positive += 0.10
            reasons?.append("\(name(Int(legs.account[i]))) text mentions \(outTx?.currency.code ?? "")")
        }
    }

    /// Amounts and references the texts write: the other leg's amount (for), another amount in the
    /// other leg's currency (against), a reference both write (for, with transfer evidence on a leg).
    func writtenFigures(_ o: Int, _ i: Int, evidenceOnALeg: Bool, _ text: inout TextScore, _ reasons: inout [String]?) -> FigureFindings {
        var found = FigureFindings()
        guard legs.figures.has(o) || legs.figures.has(i) else { return found }
        func amounts(_ leg: Int, _ other: Int) {
            guard legs.figures.has(leg) else { return }
            let own = Int(legs.account[leg])
            if legs.key[other] != legs.key[leg], legs.figures.names(leg, key: legs.key[other], currency: legs.currency[other]) {
                text.positive += 0.30
                found.amountNamed = true
                if reasons != nil {
                    let tx = transactions[legs.transactionIndex[other]]
                    reasons?.append("\(name(own)) text names the other leg's amount \(magnitude(tx.amount)) \(tx.currency.code)")
                }
            } else if legs.currency[other] != legs.currency[leg],
                      legs.figures.contradicts(leg, key: legs.key[other], currency: legs.currency[other], own: legs.key[leg]) {
                text.negative += 0.25
                if reasons != nil {
                    let tx = transactions[legs.transactionIndex[other]]
                    reasons?.append("\(name(own)) text names another amount in \(tx.currency.code) than \(magnitude(tx.amount))")
                }
            }
        }
        amounts(o, i)
        amounts(i, o)
        if evidenceOnALeg, legs.figures.shareReference(o, i) {
            text.positive += 0.30
            found.referenceShared = true
            reasons?.append("both legs carry the same reference")
        }
        return found
    }

    /// The same payee on both legs: for when it is a transfer party, against (a purchase and its
    /// refund) when it is not and nothing in either text says transfer. Returns whether it counted against.
    func payees(_ o: Int, _ i: Int, figures: FigureFindings, _ text: inout TextScore, _ reasons: inout [String]?) -> Bool {
        guard legs.text[o].samePayee(as: legs.text[i]) else { return false }
        if legs.party[o] && legs.party[i] {
            text.positive += 0.08
            reasons?.append("both legs name the same payee")
            return false
        }
        guard !legs.hasTransferEvidence(o), !legs.hasTransferEvidence(i), !figures.any else { return false }
        text.negative += 0.3
        if reasons != nil {
            let payee = transactions[legs.transactionIndex[o]].payee ?? ""
            reasons?.append("both legs name “\(payee)”, none of your accounts, and nothing says transfer (a purchase and its refund?)")
        }
        return true
    }

    /// Against a leg not tied to the pair: a shop, a third party's words, or (`plain`) a payee
    /// naming someone else with nothing saying transfer.
    func against(_ leg: Int, own: Int, plain: Bool, _ text: inout TextScore, _ reasons: inout [String]?) {
        if legs.text[leg].merchantLike {
            text.negative += 0.3
            if reasons != nil { reasons?.append("\(name(own)) text looks like a shop (\(merchantSign(leg)))") }
        } else if legs.text[leg].has(.thirdParty) {
            text.negative += 0.3
            if reasons != nil { reasons?.append("\(name(own)) text looks like money to or from someone else (\(word(leg, .thirdParty)))") }
        } else if plain, legs.text[leg].payeeHead != 0, !legs.party[leg], !legs.hasTransferEvidence(leg), !legs.figures.has(leg) {
            text.negative += 0.1
            if reasons != nil {
                let payee = transactions[legs.transactionIndex[leg]].payee ?? ""
                reasons?.append("\(name(own)) payee “\(payee)” names someone, and nothing says transfer")
            }
        }
    }

    func name(_ account: Int) -> String { directory.accounts[account].name }

    func word(_ leg: Int, _ kind: TransferWordKind) -> String {
        let tx = transactions[legs.transactionIndex[leg]]
        for value in [tx.payee, tx.memo, tx.bankType, tx.originalPayee] {
            var findings = TextFindings()
            _ = withUnsafeMutablePointer(to: &findings) { reader.read(value, payee: false, findings: $0) }
            if let found = findings.words.first(where: { $0.word.kind == kind }) { return "“\(found.written)”" }
        }
        return kind.rawValue
    }

    // MARK: parts

    func wordWeight(leg: Int, own: AccountKind, other: AccountKind, explain: Bool) -> (Double, String?) {
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

    func mentionReasons(leg: Int, account: Int) -> [String] {
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

    func merchantSign(_ leg: Int) -> String {
        let tx = transactions[legs.transactionIndex[leg]]
        for value in [tx.payee, tx.memo, tx.originalPayee] {
            var findings = TextFindings()
            _ = withUnsafeMutablePointer(to: &findings) { reader.read(value, payee: false, findings: $0) }
            if let sign = findings.merchantSigns.first { return sign }
            if let found = findings.words.first(where: { $0.word.kind == .merchant }) { return "“\(found.written)”" }
        }
        return "shop"
    }

    func kindWeight(from: AccountKind, to: AccountKind) -> (weight: Double, label: String) {
        if isBankLike(from), isCredit(to) { return (0.10, "bank → credit card payment") }
        if isBankLike(from), to == .cash { return (0.10, "bank → cash withdrawal") }
        if from == .cash, isBankLike(to) { return (0.05, "cash → bank deposit") }
        return (0, "")
    }

    func isCredit(_ kind: AccountKind) -> Bool { kind == .creditCard || kind == .creditLine }
    func isBankLike(_ kind: AccountKind) -> Bool { kind == .bank || kind == .savings || kind == .moneyMarket }

    func currencyBit(_ index: Int16) -> UInt64 { index < 64 ? 1 << UInt64(index) : 0 }

    func magnitude(_ amount: Amount) -> Amount { (try? amount.magnitude()) ?? amount }

    func days(_ n: Int) -> String { n == 1 ? "1 day" : "\(n) days" }

    func percent(_ fraction: Amount) -> String {
        let value = (try? fraction * Amount(units: 100)) ?? fraction
        return "\(value.normalized)%"
    }

    func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { acc, _ in acc * 10 } }
}

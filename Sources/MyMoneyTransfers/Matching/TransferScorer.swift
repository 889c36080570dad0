/// Scores a candidate pair from its amounts, days, texts and account kinds, and writes the reasons.
///
/// The weights (documented in `docs/transfers.md`):
/// - amounts: same amount 0.45; a fee by difference 0.35 (only with transfer evidence on both
///   legs, or a written amount or reference); a rate near the day's reference 0.25–0.35 (0.35 at
///   the reference, falling to 0.25 at 6% below it or 2% above it); a rate within
///   the wide band of an older reference 0.15; with words on both legs, a rate within ±25% of the
///   coarse built-in rate 0.10 (−0.15 when it misses a known reference's band), a pair the table
///   does not know 0.05 (−0.20);
/// - days: 0.15 on the same day, falling linearly to 0.15/(window+1) at the window's edge;
///   −0.03 a day beyond the window (up to the evidence window, where only pairs whose texts name
///   each other are proposed, others listed as close calls); −0.05 a day (up to four) when the
///   money arrives before it leaves toward or from a card, −0.10 a day between other accounts;
/// - text: a hint naming the other account 0.35 per leg; the other account's name or number in
///   payee or memo 0.25 per leg; the other leg's amount written out 0.30 per leg; a reference
///   both legs write 0.30; a transfer word 0.15 (own-account words, ATM words toward cash,
///   card-payment words on a card) or 0.07 (payment orders, transfer services) per leg; the other
///   leg's currency code 0.10 per leg; the same payee on both legs 0.08 when it is a transfer
///   party (the user, or a payee seen with own-transfer words);
/// - account kinds: bank → credit card 0.10, bank → cash 0.10, cash → bank 0.05; −0.10 when money
///   leaves a credit card for another kind of account and the card's text says nothing of a transfer;
/// - against: a hint naming a third account −0.5 per leg; a text naming only a third account −0.3
///   per leg; a shop-like text (store number, merchant code, shop name) or a third party's words
///   (interest, salary, refund, cheque) −0.3 per leg, unless that leg's own hint or text names the
///   other account; the same payee on both legs that is no transfer party, with nothing in
///   either text saying transfer, −0.3 (a purchase and its refund); a payee naming someone else
///   with nothing saying transfer −0.1 per leg; an amount in the other leg's currency that is not
///   the other leg's −0.25 per leg; a currency code that is neither leg's −0.2 per leg.
///
/// The confidence shown is the score clamped to 0…1, and held below 0.70 (the import's
/// auto-confirm level) unless both texts have transfer evidence (a word, hint, account or
/// currency), a text writes the other leg's amount, or one text names the other account over an
/// exact amount: nothing is confirmed on amounts, days and similar texts alone, nor on one
/// leg's words beside a rate that only roughly fits.
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

    /// What the scorer makes of a candidate pair.
    struct Evaluation {
        /// The raw score (not clamped: assignment compares raw totals, so a pair with more evidence
        /// still outranks one that also reaches 1); 0 means "not a candidate".
        var score: Double
        var reasons: [String]
        /// Beyond the day window without texts that name each other: a close call at best.
        var reviewOnly = false
        /// The highest confidence the pair may show (below 0.70 without transfer evidence in either text).
        var confidenceCap = 1.0
    }

    /// The highest confidence of a pair whose texts say nothing of a transfer.
    static let similarityOnlyCap = 0.69

    /// Scores the pair `o` → `i` and, with `explain`, writes its reasons.
    func evaluate(from o: Int, to i: Int, relation: AmountRelation, explain: Bool) -> Evaluation {
        // The transactions and the accounts' names are read only to write reasons.
        var reasons: [String]? = explain ? [] : nil
        let outTx: LedgerTransaction? = explain ? transactions[legs.transactionIndex[o]] : nil
        let inTx: LedgerTransaction? = explain ? transactions[legs.transactionIndex[i]] : nil
        let oAccount = Int(legs.account[o]), iAccount = Int(legs.account[i])
        var score = amountScore(o, i, relation, outTx, inTx, &reasons)

        let gap = Int(legs.day[i]) - Int(legs.day[o])
        let beyond = abs(gap) > options.windowDays
        if beyond {
            score -= 0.03 * Double(abs(gap) - options.windowDays)
            reasons?.append("\(days(abs(gap))) \(gap < 0 ? "before it was sent" : "apart"), beyond the \(options.windowDays)-day window")
        } else {
            score += 0.15 * (1 - Double(abs(gap)) / Double(options.windowDays + 1))
        }
        if gap < 0 {
            // A card may book a payment a day or two before the bank does; between bank accounts
            // money arriving before it leaves is a posting quirk at most.
            let cardSide = isCredit(kinds[oAccount]) || isCredit(kinds[iAccount])
            score -= (cardSide ? 0.05 : 0.10) * Double(min(-gap, 4))
            if !beyond { reasons?.append("received \(days(-gap)) before it was sent") }
        } else if !beyond {
            reasons?.append(gap == 0 ? "same day" : "\(days(gap)) apart")
        }

        // Text. A leg is tied to the pair when its own hint or text names the other account.
        var text = TextScore()
        let tiedOut = hint(o, own: oAccount, other: iAccount, outTx, &text, &reasons)
        let tiedIn = hint(i, own: iAccount, other: oAccount, inTx, &text, &reasons)
        let tied = (mention(o, own: oAccount, other: iAccount, &text, &reasons) || tiedOut,
                    mention(i, own: iAccount, other: oAccount, &text, &reasons) || tiedIn)
        words(o, own: oAccount, other: iAccount, &text, &reasons)
        words(i, own: iAccount, other: oAccount, &text, &reasons)
        currencies(o, i, outTx, inTx, &text, &reasons)
        let evidenceOnALeg = legs.hasTransferEvidence(o) || legs.hasTransferEvidence(i)
        let figures = writtenFigures(o, i, evidenceOnALeg: evidenceOnALeg || legs.party[o] || legs.party[i], &text, &reasons)
        let sameParty = payees(o, i, figures: figures, &text, &reasons)

        // Gates: what a candidate needs besides its amounts.
        if case .rate(let check) = relation, check.tier == .none || check.tier == .coarse,
           text.positive < options.minimumTextEvidenceWithoutRate {
            return Evaluation(score: 0, reasons: reasons ?? [])
        }
        if case .fee = relation, !figures.any,
           !((legs.hasTransferEvidence(o) || legs.party[o]) && (legs.hasTransferEvidence(i) || legs.party[i])) {
            // An expense and an unrelated income a little smaller, or a transfer's leg and a bare
            // leg of another one: a fee needs transfer evidence on both legs.
            return Evaluation(score: 0, reasons: reasons ?? [])
        }
        if beyond, text.positive == 0 { return Evaluation(score: 0, reasons: reasons ?? []) }

        if !tied.0 { against(o, own: oAccount, plain: !sameParty, &text, &reasons) }
        if !tied.1 { against(i, own: iAccount, plain: !sameParty, &text, &reasons) }
        let kindBonus = kindWeight(from: kinds[oAccount], to: kinds[iAccount])
        if kindBonus.weight > 0 { reasons?.append(kindBonus.label) }
        if isCredit(kinds[oAccount]), !isCredit(kinds[iAccount]), !legs.hasTransferEvidence(o), !legs.party[o], !figures.any {
            // Money leaves a card for a purchase; a cash advance or balance transfer says so.
            text.negative += 0.10
            reasons?.append("\(name(oAccount)) is a card and its text says nothing of a transfer (a purchase?)")
        }
        score += text.positive + kindBonus.weight - text.negative
        var evaluation = Evaluation(score: max(0, score), reasons: reasons ?? [])
        if beyond {
            let strong = (tied.0 && tied.1) || figures.amountNamed || figures.referenceShared
            evaluation.reviewOnly = !strong
            if !strong { evaluation.reasons.append("beyond the window only texts that name each other pair: a close call") }
        }
        // Confirmed without asking only with transfer evidence on both legs, the other leg's
        // amount written out, or one leg naming the other account over an exact amount.
        var exactAmount = false
        if case .equal = relation { exactAmount = true }
        if case .fee = relation { exactAmount = true }
        let bothLegs = legs.hasTransferEvidence(o) && legs.hasTransferEvidence(i)
        if !(bothLegs || figures.amountNamed || ((tied.0 || tied.1) && exactAmount)) {
            evaluation.confidenceCap = TransferScorer.similarityOnlyCap
        }
        return evaluation
    }

}

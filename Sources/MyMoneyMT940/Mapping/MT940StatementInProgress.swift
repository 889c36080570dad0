/// One MT940 message being read: its statement so far and what its checks need.
struct MT940StatementInProgress: Sendable {
    var statement: Statement
    var position: SourcePosition
    /// `:20:`, as written.
    var reference: String?
    var opening: (balance: MT940Balance, intermediate: Bool, position: SourcePosition)?
    var closing: (balance: MT940Balance, intermediate: Bool, position: SourcePosition)?
    var available: [(balance: MT940Balance, position: SourcePosition, forward: Bool)] = []
    /// The currency written after the account in `:25:` (`1291.99.348EUR`).
    var accountCurrency: Currency?
    var bookedSum = Amount.zero
    var sumOverflowed = false
    /// A `:61:` could not be read: the balances cannot be checked.
    var lineFailed = false
    /// MT942 fields (`:13D:`, `:34F:`, `:90D:`, `:90C:`) were seen.
    var interim = false

    /// `statement STARTUMS (12345678/1020304050)` for messages.
    var label: String {
        var out = interim ? "report" : "statement"
        if let reference { out += " \(reference)" }
        if let id = statement.account.id { out += " (\(id))" }
        return out
    }

    /// The statement with its balances, its page and the balance check: opening + the lines =
    /// closing (`mt940.balance`: an error, or a warning when broken balances are accepted).
    func finish(options: ReadOptions, file: String, diagnostics: inout [Diagnostic]) -> Statement {
        var result = statement
        let currency = opening?.balance.currency ?? closing?.balance.currency ?? accountCurrency ?? options.currency
        if result.account.currency == nil { result.account.currency = currency }
        if result.account.id == nil { result.account.id = options.accountId }
        if interim { result.source.format = "mt942" }
        if let opening {
            result.balances.append(StatementBalance(kind: .opening, amount: opening.balance.amount, day: opening.balance.day,
                                                    currency: opening.balance.currency ?? currency, position: opening.position))
        }
        if let closing {
            result.balances.append(StatementBalance(kind: .closing, amount: closing.balance.amount, day: closing.balance.day,
                                                    currency: closing.balance.currency ?? currency, position: closing.position))
        }
        for a in available {
            result.balances.append(StatementBalance(kind: .available, amount: a.balance.amount, day: a.balance.day,
                                                    currency: a.balance.currency ?? currency, position: a.position))
        }
        if opening != nil || closing != nil {
            let first = opening.map { !$0.intermediate } ?? true
            let last = closing.map { !$0.intermediate } ?? true
            result.extra.append(StatementField("page", first && last ? "only" : (first ? "first" : (last ? "last" : "intermediate"))))
        }
        checkChain(options: options, file: file, diagnostics: &diagnostics)
        return result
    }

    private func checkChain(options: ReadOptions, file: String, diagnostics: inout [Diagnostic]) {
        guard let opening, let closing, !lineFailed else { return }
        if let a = opening.balance.currency, let b = closing.balance.currency, a != b { return }
        guard !sumOverflowed, let expected = try? opening.balance.amount + bookedSum else {
            diagnostics.append(.error("mt940.amount", "the lines of \(label) add up to more than 18 digits hold", file: file, at: position))
            return
        }
        guard expected != closing.balance.amount else { return }
        let difference = (try? closing.balance.amount - expected).map { "\($0)" } ?? "?"
        let message = "the balances of \(label) do not add up: opening \(opening.balance.amount) + lines \(bookedSum) = \(expected), but the closing balance is \(closing.balance.amount) (difference \(difference))"
        let notes = ["opening balance at line \(opening.position.line)"]
            + (options.acceptBrokenBalances ? ["read anyway: broken balances are accepted"] : ["a missing, duplicated or changed line; the file was read but not imported"])
        diagnostics.append(Diagnostic(options.acceptBrokenBalances ? .warning : .error, code: "mt940.balance", message,
                                      file: file, position: closing.position, notes: notes))
    }
}

/// Legs in other accounts that name an account: by their transfer hint (the account's name,
/// `[Name]`, or its number) or by their payee or memo (the account's name as whole words, or at
/// least six trailing digits of its number). They fill ``ReconciliationInput/counterpartLegs``
/// when all accounts are reconciled together, and the Kit sieves the ledger's other accounts with it.
///
/// - Complexity: O(n · w) for n legs of the other accounts and w words per text.
public enum CounterpartLegs {
    /// The legs of `others` (other accounts' transactions) that name `account`.
    public static func naming(_ account: Account, in others: [LedgerTransaction]) -> [LedgerTransaction] {
        let nameWords = TransactionText.words(of: account.name)
        let numbers = account.numbers.map { String($0.filter(\.isNumber)) }.filter { $0.count >= 6 }
        guard !nameWords.isEmpty || !numbers.isEmpty else { return [] }
        return others.filter { t in
            guard t.accountId != account.id else { return false }
            if let hint = t.transferHint {
                let words = TransactionText.words(of: hint)
                if words == nameWords { return true }
                let digits = String(hint.filter(\.isNumber))
                if digits.count >= 4, numbers.contains(where: { $0.hasSuffix(digits) || digits.hasSuffix($0) }) { return true }
            }
            for text in [t.payee ?? t.originalPayee, t.memo] {
                guard let text else { continue }
                let words = TransactionText.words(of: text)
                if !nameWords.isEmpty, words.count >= nameWords.count,
                   (0...(words.count - nameWords.count)).contains(where: { Array(words[$0..<($0 + nameWords.count)]) == nameWords }) {
                    return true
                }
                let digits = String(text.filter(\.isNumber))
                if digits.count >= 6, numbers.contains(where: { digits.contains(String($0.suffix(6))) }) {
                    return true
                }
            }
            return false
        }
    }
}

import Foundation

/// The user's accounts as the matcher indexes them: by store id, by hint, and their currencies.
struct AccountDirectory: Sendable {
    let accounts: [Account]
    private var byId: [Int64: Int] = [:]
    /// Currencies of the accounts (sorted by code), then any others transactions carry.
    private(set) var currencies: [Currency]
    private var currencyIndices: [Currency: Int] = [:]

    init(_ accounts: [Account], extraCurrencies: [Currency]) {
        self.accounts = accounts
        for (index, account) in accounts.enumerated() {
            if let id = account.id, byId[id] == nil { byId[id] = index }
        }
        var list = Array(Set(accounts.map(\.currency))).sorted()
        for currency in Set(extraCurrencies).subtracting(list).sorted() { list.append(currency) }
        currencies = list
        for (index, currency) in list.enumerated() { currencyIndices[currency] = index }
    }

    func index(ofId id: Int64) -> Int? { byId[id] }

    func currencyIndex(_ currency: Currency) -> Int { currencyIndices[currency] ?? 0 }

    /// The one account a transfer hint names: by name (case and brackets ignored), else by
    /// number (the same digits, or at least four trailing digits in common). Nil when none or several.
    func resolve(hint raw: String) -> Int? {
        var text = raw.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<close])
        }
        text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        let folded = text.lowercased()
        let byName = accounts.indices.filter { accounts[$0].name.lowercased() == folded }
        if byName.count == 1 { return byName[0] }
        if byName.count > 1 { return nil }
        let digits = Array(text.utf8.filter { $0 >= 0x30 && $0 <= 0x39 })
        guard digits.count >= 4 else { return nil }
        let byNumber = accounts.indices.filter { index in
            accounts[index].numbers.contains { number in
                let own = Array(number.utf8.filter { $0 >= 0x30 && $0 <= 0x39 })
                guard own.count >= 4 else { return false }
                return own.count >= digits.count ? own.suffix(digits.count).elementsEqual(digits)
                    : digits.suffix(own.count).elementsEqual(own)
            }
        }
        return byNumber.count == 1 ? byNumber[0] : nil
    }
}

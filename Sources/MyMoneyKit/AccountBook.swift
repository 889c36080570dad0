import Foundation
import MyMoneyStore

/// The user's accounts declared in a file (`Rules/accounts.csv`), so statements land in accounts
/// with the names the user and the rules use, whatever the bank calls them.
///
/// ```
/// name,kind,currency,numbers
/// Girokonto,bank,EUR,DE89370400440532013000
/// Visa,credit_card,USD,4111111111114321
/// Wallet,cash,EUR,
/// ```
/// `numbers` holds the account numbers statements use (IBAN, ACCTID, card number), separated by
/// spaces. Blank lines and lines starting with `#` are ignored.
public struct AccountBook: Sendable {
    public var accounts: [Account]
    public var diagnostics: [Diagnostic]

    public init(accounts: [Account] = [], diagnostics: [Diagnostic] = []) {
        self.accounts = accounts
        self.diagnostics = diagnostics
    }

    /// Reads `path`; a missing file is an empty book.
    public static func load(_ path: String) -> AccountBook {
        guard let data = FileManager.default.contents(atPath: path) else { return AccountBook() }
        return parse(String(decoding: data, as: UTF8.self), file: path)
    }

    public static func parse(_ text: String, file: String) -> AccountBook {
        var book = AccountBook()
        var names = Set<String>()
        var offset = 0
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            defer { offset += rawLine.utf8.count + 1 }
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.first?.lowercased() == "name" && fields.dropFirst().first?.lowercased() == "kind" { continue }
            let position = SourcePosition(offset: offset, line: index + 1, column: 1)
            func problem(_ message: String) {
                book.diagnostics.append(.error("accounts.line", message, file: file, at: position,
                                               notes: ["each line is: name,kind,currency,numbers"]))
            }
            guard fields.count >= 3 else { problem("expected name, kind and currency, found \(fields.count) field\(fields.count == 1 ? "" : "s")"); continue }
            guard !fields[0].isEmpty else { problem("the account name should not be blank"); continue }
            guard let kind = AccountKind(userText: fields[1]) else { problem("\"\(fields[1])\" is not a kind of account (bank, savings, credit_card, cash, …)"); continue }
            guard let currency = Currency(code: fields[2]) else { problem("currency \(fields[2]) is unknown"); continue }
            guard names.insert(fields[0].lowercased()).inserted else { problem("the account \(fields[0]) is declared twice"); continue }
            let numbers = fields.count > 3 ? fields[3].split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init) : []
            book.accounts.append(Account(name: fields[0], kind: kind, currency: currency, numbers: numbers))
        }
        return book
    }

    /// Adds the declared accounts the ledger lacks, and the declared numbers an existing account
    /// of that name lacks. Returns the accounts it created.
    func ensure(in ledger: Ledger) throws(LedgerError) -> [Account] {
        var created: [Account] = []
        for declared in accounts {
            // An account renamed in the ledger keeps its numbers: it is the declared one.
            var renamed = false
            for number in declared.numbers where try ledger.account(forNumber: number) != nil { renamed = true }
            let byName = try ledger.account(named: declared.name)
            if renamed && byName == nil { continue }
            if var existing = try ledger.account(named: declared.name) {
                var missing: [String] = []
                for number in declared.numbers where !existing.numbers.contains(number) {
                    if try ledger.account(forNumber: number) == nil { missing.append(number) }
                }
                if !missing.isEmpty {
                    existing.numbers += missing
                    _ = try ledger.updateAccount(existing)
                }
            } else {
                created.append(try ledger.addAccount(declared))
            }
        }
        return created
    }
}

import Foundation
import MyMoneyCore

/// Inputs for the peer tools the comparison script runs on the same generated data:
/// an hledger CSV rules file, a ledger/hledger journal and a beancount file.
extension StatementGenerator {
    /// hledger rules reading `csv(…)` output with `count` conditional rules (hledger's own syntax).
    func hledgerRules(count: Int) -> String {
        var out = """
        skip 1
        fields date, description, memo, amount, currency, code, balance
        date-format %Y-%m-%d
        account1 assets:bank

        """
        for i in 0..<count {
            let merchant = StatementGenerator.merchants[i % StatementGenerator.merchants.count]
            out += "if \(merchant)\n  account2 expenses:\(merchant.lowercased().replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: ".", with: ""))\n\n"
        }
        return out
    }

    /// The same transactions as a ledger-cli / hledger journal.
    func journal(_ list: [GeneratedTransaction], account: Int) -> Data {
        var out = ""
        out.reserveCapacity(list.count * 110)
        let code = currency(of: account).code
        for t in list {
            out += "\(t.day) \(t.payee)\n    assets:account\(account)  \(t.amount) \(code)\n    expenses:unknown\n\n"
        }
        return Data(out.utf8)
    }

    /// The same transactions as a beancount file.
    func beancount(_ list: [GeneratedTransaction], account: Int) -> Data {
        let code = currency(of: account).code
        var out = "option \"operating_currency\" \"\(code)\"\n2000-01-01 open Assets:Account\(account)\n2000-01-01 open Expenses:Unknown\n\n"
        out.reserveCapacity(list.count * 130)
        for t in list {
            let payee = t.payee.replacingOccurrences(of: "\"", with: "'")
            out += "\(t.day) * \"\(payee)\"\n  Assets:Account\(account)  \(t.amount) \(code)\n  Expenses:Unknown\n\n"
        }
        return Data(out.utf8)
    }
}

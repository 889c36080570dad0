import Foundation
import MyMoneyMT940

/// Reads MT940 text the way the command line does.
func readMT940(_ text: String, file: String = "test.sta", options: ReadOptions = ReadOptions()) -> ReadResult {
    MT940Reader().read(Array(text.utf8), file: file, options: options)
}

/// One message around `lines` (each a field such as `:61:…`), with an opening and closing balance.
func message(_ lines: [String], opening: String = "C261001EUR100,00", closing: String = "C261031EUR100,00",
             reference: String = "STARTUMS", account: String = "12030000/1234567890") -> String {
    ([":20:\(reference)", ":25:\(account)", ":28C:00001/001", ":60F:\(opening)"] + lines + [":62F:\(closing)", "-"])
        .joined(separator: "\r\n") + "\r\n"
}

/// The transactions of a text whose balances need not chain.
func lines(_ text: String) -> [StatementTransaction] {
    readMT940(text, options: ReadOptions(acceptBrokenBalances: true)).statements.flatMap(\.transactions)
}

func day(_ iso: String) -> Day { Day(iso: iso)! }
func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }
func codes(_ result: ReadResult) -> [String] { result.diagnostics.map { "\($0.code): \($0.message)" } }

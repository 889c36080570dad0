import Foundation
import MyMoneyKit

/// `mymoney import FILE.json` where FILE.json is a JSON export: restores it into an empty ledger.
enum LedgerRestore {
    /// The export's bytes when the arguments name exactly one file that is a JSON export.
    static func export(in arguments: Arguments) -> Data? {
        guard arguments.positionals.count == 1, let handle = FileHandle(forReadingAtPath: arguments.positionals[0]) else { return nil }
        let head = (try? handle.read(upToCount: 4096)) ?? Data()
        try? handle.close()
        guard LedgerJSONReader.recognizes(head) else { return nil }
        return FileManager.default.contents(atPath: arguments.positionals[0])
    }

    static func run(_ data: Data, _ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let path = context.ledgerPath(arguments)
        let books = try Books.restore(json: data, at: path)
        context.terminal.print("restored \(arguments.positionals[0]) into \(path): \(counted(books.accounts.count, "account")), \(counted(books.transactions.count, "transaction")), \(counted(books.transfers.count, "transfer")), \(counted(books.balances.count, "balance"))")
        return .success
    }
}

import Foundation
import MyMoneyStore

/// Opening the ledger for a command, and turning ledger errors into exit statuses.
extension CommandContext {
    /// Opens the ledger named by `--ledger`/`MYMONEY_LEDGER`/the default path.
    ///
    /// For reading commands (`forWriting == false`) a missing ledger returns nil, so the command
    /// can say what to do next instead of creating an empty file.
    func openLedger(_ arguments: Arguments, forWriting: Bool) throws(CommandFailure) -> Ledger? {
        let path = ledgerPath(arguments)
        if !forWriting && !FileManager.default.fileExists(atPath: path) { return nil }
        do {
            return try Ledger(path: path, readOnly: false)
        } catch {
            throw CommandFailure(error)
        }
    }

    /// The ledger for a listing command; when there is none yet, prints an empty list (`{"KEY": []}`
    /// for JSON) or what to do next, and returns nil.
    func ledgerForListing(_ arguments: Arguments, format: OutputFormat, key: String) throws(CommandFailure) -> Ledger? {
        if let ledger = try openLedger(arguments, forWriting: false) { return ledger }
        if format == .json { terminal.print(JSONValue.object([(key, .array([]))]).serialized()) }
        else { terminal.print(noLedgerYet(arguments)) }
        return nil
    }

    /// The message for a command that needs a ledger that does not exist yet.
    func noLedgerYet(_ arguments: Arguments) -> String {
        "no ledger at \(ledgerPath(arguments)) yet: import statements with 'mymoney import FILE…' or add an account with 'mymoney accounts add NAME --kind bank --currency EUR'"
    }
}

extension CommandFailure {
    /// A ledger error as the user sees it: the message, SQLite's detail as a note, and the exit status
    /// (bad data 65 for refused values, I/O 74 for storage problems).
    init(_ error: LedgerError) {
        var message = error.message
        if let detail = error.detail { message += "\nnote: \(detail)" }
        switch error.kind {
        case .storage, .busy: self.init(message, status: .ioError)
        default: self.init(message, status: .dataError)
        }
    }
}

/// Runs `body` and maps a thrown ``LedgerError`` to a ``CommandFailure``.
func ledgerCall<T>(_ body: () throws(LedgerError) -> T) throws(CommandFailure) -> T {
    do { return try body() } catch { throw CommandFailure(error) }
}

/// Parses a day argument (`2026-10-05`, or any form a bank writes with day-month-year order).
func parseDay(_ text: String, option: String) throws(CommandFailure) -> Day {
    if text == "today" { return Day.today }
    if let day = Day(iso: text) ?? Day.parse(text, order: .yearMonthDay) { return day }
    throw .usage("\(option): \"\(text)\" is not a day (write YYYY-MM-DD)")
}

/// Parses an amount argument written with a point (`-12.50`, `1,234.00`).
func parseAmount(_ text: String, option: String) throws(CommandFailure) -> Amount {
    do { return try Amount(parsing: text, format: .point) } catch {
        throw .usage("\(option): \"\(text)\" is not an amount (\(error.reason))")
    }
}

extension Day {
    /// Today in the machine's zone.
    static var today: Day {
        let c = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return Day(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1) ?? Day(daysSinceEpoch: 0)
    }
}

/// Figures of one entry, one line per currency: income, expense, cashflow, count.
func figureColumns(_ summary: EntrySummary?) -> [[String]] {
    guard let summary, !summary.figures.isEmpty else { return [["", "", "", "0"]] }
    return summary.figures.sorted { $0.currency < $1.currency }.map { f in
        ["\(f.income) \(f.currency.code)", "\(f.expense) \(f.currency.code)", "\(f.cashflow) \(f.currency.code)", String(f.count)]
    }
}

func figuresJSON(_ summary: EntrySummary?) -> JSONValue {
    .array((summary?.figures ?? []).sorted { $0.currency < $1.currency }.map { f in
        .object([("currency", .string(f.currency.code)), ("income", .string(f.income.description)),
                 ("expense", .string(f.expense.description)), ("cashflow", .string(f.cashflow.description)),
                 ("count", .int(f.count)), ("transfers", .int(f.transferCount))])
    })
}

/// Removing a ledger file this command created and did not keep.
enum LedgerFiles {
    /// Removes the file with its SQLite companions (`-wal`, `-shm`, `-journal`).
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

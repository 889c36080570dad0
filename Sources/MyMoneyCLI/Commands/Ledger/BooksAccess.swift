import Foundation
import MyMoneyKit

/// Opening the books for a command.
///
/// Each ledger is opened once per run (kept in the ``CommandSession``); an encrypted one asks for
/// its passphrase then, and is written back once, when the command ends.
extension CommandContext {
    /// The books for a command that changes them: an empty ledger is created when there is none.
    func openBooks(_ arguments: Arguments) throws -> Books {
        let path = ledgerPath(arguments)
        if let books = session.books(at: path) { return books }
        return keep(try Books.open(at: path, passphrase: passphraseSource(arguments), writeBack: .onSave), at: path)
    }

    /// The books for a command that only reads them; nil when there is no ledger yet, so the
    /// command can say what to do next instead of creating an empty file.
    func existingBooks(_ arguments: Arguments) throws -> Books? {
        let path = ledgerPath(arguments)
        if let books = session.books(at: path) { return books }
        guard let books = try Books.openExisting(at: path, passphrase: passphraseSource(arguments), writeBack: .onSave) else { return nil }
        return keep(books, at: path)
    }

    private func keep(_ books: Books, at path: String) -> Books {
        for notice in books.notices { terminal.error("note: \(notice)") }
        session.keep(books, at: path)
        return books
    }

    /// The books for a listing; when there are none yet, prints an empty list (`{"KEY": []}` for
    /// JSON) or what to do next, and returns nil.
    func booksForListing(_ arguments: Arguments, format: OutputFormat, key: String) throws -> Books? {
        if let books = try existingBooks(arguments) { return books }
        if format == .json { terminal.print(JSONValue.object([(key, .array([]))]).serialized()) }
        else { terminal.print(noLedgerYet(arguments)) }
        return nil
    }

    /// The message for a command that needs a ledger that does not exist yet.
    func noLedgerYet(_ arguments: Arguments) -> String {
        "no ledger at \(ledgerPath(arguments)) yet: import statements with 'mymoney import FILE…' or add an account with 'mymoney accounts add NAME --kind bank --currency EUR'"
    }
}

/// Parses a day argument (`2026-10-05`, `today`, or a year-month-day form a bank writes).
///
/// - Throws: a data failure (exit 65): the value is invalid, the command line itself is fine.
func parseDay(_ text: String, option: String) throws(CommandFailure) -> Day {
    if let day = readDay(text) { return day }
    throw .data(dayProblem(text, option: option))
}

/// Parses an amount argument written with a point (`-12.50`, `1,234.00`).
///
/// - Throws: a data failure (exit 65).
func parseAmount(_ text: String, option: String) throws(CommandFailure) -> Amount {
    do { return try Amount(parsing: text, format: .point) } catch {
        throw .data("\(option): \"\(text)\" is not an amount (\(error.reason))")
    }
}

private func readDay(_ text: String) -> Day? {
    if text == "today" { return Day.today }
    return Day(iso: text) ?? Day.parse(text, order: .yearMonthDay)
}

private func dayProblem(_ text: String, option: String) -> String {
    "\(option): \"\(text)\" is not a day (write YYYY-MM-DD)"
}

extension Arguments {
    /// The day given for `option`, if any.
    func day(_ option: String) throws(CommandFailure) -> Day? {
        guard let text = value(option) else { return nil }
        return try parseDay(text, option: option)
    }

    /// The amount given for `option`, if any.
    func amount(_ option: String) throws(CommandFailure) -> Amount? {
        guard let text = value(option) else { return nil }
        return try parseAmount(text, option: option)
    }

    /// The category path given for `option`, if any.
    func categoryPath(_ option: String) throws(CommandFailure) -> CategoryPath? {
        guard let text = value(option) else { return nil }
        guard let path = CategoryPath(parsing: text) else { throw .data("\(option): \"\(text)\" is not a category path") }
        return path
    }

    /// The day given for `option`; one that cannot be read is recorded in `problems` (nil then).
    func day(_ option: String, problems: inout FieldProblems) -> Day? {
        guard let text = value(option) else { return nil }
        guard let day = readDay(text) else { problems.add(option, dayProblem(text, option: option)); return nil }
        return day
    }

    /// The amount given for `option`; one that cannot be read is recorded in `problems`.
    func amount(_ option: String, problems: inout FieldProblems) -> Amount? {
        guard let text = value(option) else { return nil }
        do { return try parseAmount(text, option: option) } catch {
            problems.add(option, error.message)
            return nil
        }
    }

    /// The category path given for `option`; one that cannot be read is recorded in `problems`.
    func categoryPath(_ option: String, problems: inout FieldProblems) -> CategoryPath? {
        guard let text = value(option) else { return nil }
        guard let path = CategoryPath(parsing: text) else {
            problems.add(option, "\(option): \"\(text)\" is not a category path (write Food:Groceries)")
            return nil
        }
        return path
    }

    /// A count above zero given for `option` (`--limit`); anything else is recorded in `problems`.
    func positiveCount(_ option: String, problems: inout FieldProblems) -> Int? {
        guard let text = value(option) else { return nil }
        guard let n = Int(text), n > 0 else {
            problems.add(option, "\(option) should be a whole number above zero, not \"\(text)\"")
            return nil
        }
        return n
    }

    /// The first and last day of a span (`--from`, `--through`), checked to be in order.
    func daySpan(problems: inout FieldProblems) -> (from: Day?, through: Day?) {
        let from = day("--from", problems: &problems), through = day("--through", problems: &problems)
        if let from, let through, through < from {
            problems.add("--through", "--from \(from) is after --through \(through)")
        }
        return (from, through)
    }

    /// The positional word after the action (`mymoney tags add TITLE`), or a usage error saying `what`.
    func subject(_ what: String) throws(CommandFailure) -> String {
        guard let word = positionals.dropFirst().first else { throw .usage(what) }
        return word
    }

    /// The id after the action (`mymoney transfers confirm ID`), or a usage error saying `what`.
    func id(_ what: String) throws(CommandFailure) -> Int64 {
        guard let text = positionals.dropFirst().first, let id = Int64(text) else { throw .usage(what) }
        return id
    }
}

extension Day {
    /// Today in the machine's zone.
    static var today: Day {
        let c = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return Day(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1) ?? Day(daysSinceEpoch: 0)
    }
}

/// Figures of one entry in the reporting currency: income, expense, cash flow, count (transfers
/// included), one row; money without a rate is marked `*` (``unconvertedNote(_:)`` explains).
func figureColumns(_ figures: Figures) -> [[String]] {
    let mark = figures.unconverted.isEmpty ? "" : " *"
    let code = figures.currency.code
    return [["\(figures.income) \(code)", "\(figures.expense) \(code)", "\(figures.cashflow) \(code)\(mark)",
             String(figures.count + figures.transferCount)]]
}

/// `[{"currency","income","expense","cashflow","count","transfers","unconverted"}]`: one entry, in
/// the reporting currency (an array, as when each currency had its own).
func figuresJSON(_ figures: Figures) -> JSONValue {
    .array([figures.json])
}

/// The lines under an entity list when some entries hold money without a rate.
func unconvertedNote(_ figures: [Figures]) -> String? {
    guard let currency = figures.first?.currency else { return nil }
    var tally = UnconvertedTally()
    for f in figures { for e in f.unconverted { try? tally.add(e.amount, e.currency, on: e.firstDayWithoutRate, count: e.count) } }
    guard !tally.isEmpty else { return nil }
    return "* " + UnconvertedMoney.hint(into: currency, tally.entries)
}

extension CommandContext {
    /// The currency figures are shown in; says once on stderr when no primary currency is set.
    func reportingCurrency(_ books: Books) throws -> Currency {
        let chosen = try books.reportingCurrency()
        if let notice = chosen.notice { terminal.error("note: \(notice)") }
        return chosen.currency
    }
}

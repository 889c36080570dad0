import Foundation
import MyMoneyKit

/// `mymoney transfers`: the transfers between the user's own accounts, and correcting the matcher.
struct TransfersCommand: Command {
    let name = "transfers"
    let summary = "list transfers between your accounts; add one; review, confirm, reject, link, unlink; match again"
    let usage = [
        "mymoney transfers [list] [--status confirmed|proposed] [--format table|json]",
        "mymoney transfers add --from ACCOUNT --to ACCOUNT --amount AMOUNT [--to-amount AMOUNT] [--fee AMOUNT] [--date DAY] [--notes TEXT]",
        "mymoney transfers review                 proposed transfers, close calls and hints to decide",
        "mymoney transfers confirm ID             accept a proposed transfer",
        "mymoney transfers reject ID              not a transfer: unlinked, and never proposed again",
        "mymoney transfers link FROM_TX TO_TX [--rate RATE] [--fee AMOUNT]   pair two transactions by hand",
        "mymoney transfers unlink ID              remove a transfer; both legs count as income/expense again",
        "mymoney transfers match [--rates FILE]   match the whole ledger again (import does this for new rows)",
    ]
    let discussion = """
    A transfer is one movement between two of your accounts: money leaving one (from) and arriving
    in the other (to), also across currencies (88.00 EUR → 100.00 USD, rate 1.1364), with a fee
    where the amounts differ by one. Transfers count neither as income nor as expense.

    'add' enters one as a single entry: both legs, linked. --amount is what was sent, --to-amount
    what arrived (needed when the currencies differ; the rate is to-amount / amount, exact where
    the division ends, else to 12 decimal places), --fee what the move cost on top, paid from the
    leaving account (that leg is amount + fee). 'link' of two stored legs works the rate and fee
    out from their amounts where --rate or --fee is not given.

    Close calls the matcher leaves (several candidates about equally likely) stay listed in
    'review', with the transaction ids 'link' needs, until you decide them.
    --rates FILE gives reference exchange rates, one per line: DAY,FROM,TO,RATE (2026-10-05,EUR,USD,1.1364).
    """
    let epilogue = """
    examples:
      mymoney transfers add --from Girokonto --to "US Checking" --amount 88.00 --to-amount 100.00 --date 2026-10-05
      mymoney transfers add --from Girokonto --to Wallet --amount 200.00 --fee 2.50 --notes "ATM abroad"
      mymoney transfers review --format json
    """
    let actions = ["list", "add", "review", "confirm", "reject", "link", "unlink", "match"]
    let options: [Option] = [
        .ledger, .format,
        Option("--status", .one("STATUS"), "only confirmed or proposed transfers", completion: .choices(["confirmed", "proposed"])),
        Option("--rates", .one("FILE"), "reference exchange rates (DAY,FROM,TO,RATE per line)", completion: .file),
        Option("--from", .one("ACCOUNT"), "add: the account money leaves", completion: .accounts),
        Option("--to", .one("ACCOUNT"), "add: the account money arrives in", completion: .accounts),
        Option("--amount", .one("AMOUNT"), "add: what was sent, in the leaving account's currency"),
        Option("--to-amount", .one("AMOUNT"), "add: what arrived, in the arriving account's currency (needed across currencies)"),
        Option("--date", .one("DAY"), "add: the day (default today)"),
        Option("--notes", .one("TEXT"), "add: notes on both legs"),
        Option("--rate", .one("RATE"), "link: the exchange rate (default: from the legs)"),
        Option("--fee", .one("AMOUNT"), "add, link: what the move cost, in the leaving account's currency"),
        .force,
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        let rest = Array(arguments.positionals.dropFirst())
        let format = try OutputFormat.from(arguments)
        switch verb {
        case "list":
            var problems = FieldProblems()
            var status: Transfer.Status?
            if let text = arguments.value("--status") {
                status = Transfer.Status(rawValue: text)
                if status == nil { problems.add("--status", "--status: \"\(text)\" is not confirmed or proposed") }
            }
            try problems.throwIfAny()
            return try list(arguments, context, status: status, format: format)
        case "review": return try review(arguments, context, format: format)
        case "add": return try add(arguments, context, format: format)
        case "confirm":
            let id = try arguments.id("name the transfer id (see mymoney transfers)")
            let transfer = try context.openBooks(arguments).confirmTransfer(id: id)
            context.printChange(format, "confirmed transfer \(id)", json: TransferRendering.action("confirmed", transfer))
        case "reject":
            let id = try arguments.id("name the transfer id (see mymoney transfers)")
            let transfer = try context.openBooks(arguments).rejectTransfer(id: id)
            context.printChange(format, "rejected transfer \(id): transactions \(transfer.from.transaction.id ?? 0) and \(transfer.to.transaction.id ?? 0) will not be paired again",
                                json: TransferRendering.action("rejected", transfer))
        case "unlink":
            let id = try arguments.id("name the transfer id (see mymoney transfers)")
            let transfer = try context.openBooks(arguments).unlinkTransfer(id: id)
            context.printChange(format, "unlinked transfer \(id): both transactions count as income or expense again",
                                json: TransferRendering.action("unlinked", transfer))
        case "link":
            guard rest.count == 2, let a = Int64(rest[0]), let b = Int64(rest[1]) else {
                throw CommandFailure.usage("name two transaction ids: mymoney transfers link FROM_TX TO_TX")
            }
            var problems = FieldProblems()
            let rate = arguments.amount("--rate", problems: &problems)
            let fee = arguments.amount("--fee", problems: &problems)
            let transfer = try context.openBooks(arguments).linkTransfer(a, b, rate: rate, fee: fee, problems: problems)
            context.printChange(format, "linked transfer \(transfer.id): \(transfer.from.transaction.id ?? 0) → \(transfer.to.transaction.id ?? 0)"
                                + (transfer.rate.map { ", rate \($0)" } ?? "") + (transfer.fee.map { ", fee \($0.shown(in: transfer.from.transaction.currency))" } ?? ""),
                                json: TransferRendering.action("linked", transfer))
        case "match":
            let books = try context.openBooks(arguments)
            let outcome = try books.matchTransfers(rates: try context.loadRates(arguments))
            if format == .json {
                context.terminal.print(JSONValue.object([
                    ("paired", .int(outcome.confirmed)), ("proposed", .int(outcome.proposed)),
                    ("pairs", .array(outcome.result.pairs.map(TransferRendering.pair))),
                    ("ambiguous", .array(outcome.result.ambiguous.map(TransferRendering.ambiguity))),
                    ("unpaired_hints", .array(outcome.result.unpairedHints.map(TransferRendering.hint))),
                ]).serialized())
                return .success
            }
            context.terminal.print("paired \(outcome.confirmed), proposed \(outcome.proposed) for review, \(outcome.result.ambiguous.count) ambiguous")
            if !outcome.result.pairs.isEmpty { context.terminal.print(TransferTableRenderer.render(pairs: outcome.result.pairs).trimmingCharacters(in: .newlines)) }
            if !outcome.result.ambiguous.isEmpty { context.terminal.print(TransferRendering.closeCalls(outcome.result.ambiguous)) }
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, review, confirm, reject, link, unlink, match)")
        }
        return .success
    }

    func add(_ arguments: Arguments, _ context: CommandContext, format: OutputFormat) throws -> ExitStatus {
        guard let from = arguments.value("--from") else { throw CommandFailure.usage("--from ACCOUNT is required (the account money leaves)") }
        guard let to = arguments.value("--to") else { throw CommandFailure.usage("--to ACCOUNT is required (the account money arrives in)") }
        guard arguments.value("--amount") != nil else { throw CommandFailure.usage("--amount AMOUNT is required (what was sent)") }
        var problems = FieldProblems()
        let amount = arguments.amount("--amount", problems: &problems)
        let toAmount = arguments.amount("--to-amount", problems: &problems)
        let fee = arguments.amount("--fee", problems: &problems)
        let day = arguments.day("--date", problems: &problems) ?? Day.today
        let books = try context.openBooks(arguments)
        let entry = TransferEntry(fromAccount: from, toAccount: to, amount: amount ?? Amount(units: 1), toAmount: toAmount, fee: fee,
                                  day: day, notes: arguments.value("--notes"))
        let transfer = try books.addTransfer(entry, force: arguments.flag("--force"), problems: problems)
        let f = transfer.from.transaction, t = transfer.to.transaction
        var line = "added transfer \(transfer.id): \(f.day) \(transfer.from.accountName) \(f.amount.shown(in: f.currency)) (#\(f.id ?? 0))"
            + " → \(transfer.to.accountName) \(t.amount.shown(in: t.currency)) (#\(t.id ?? 0))"
        if let rate = transfer.rate { line += ", rate \(rate)" }
        if let fee = transfer.fee { line += ", fee \(fee.shown(in: f.currency))" }
        context.printChange(format, line, json: TransferRendering.action("added", transfer))
        return .success
    }

    func list(_ arguments: Arguments, _ context: CommandContext, status: Transfer.Status?, format: OutputFormat) throws -> ExitStatus {
        guard let books = try context.existingBooks(arguments) else {
            if format == .json {
                context.terminal.print(JSONValue.object([("transfers", .array([])), ("ambiguous", .array([])), ("unpaired_hints", .array([]))]).serialized())
            } else {
                context.terminal.print(context.noLedgerYet(arguments))
            }
            return .success
        }
        if format == .json {
            var json = JSONWriter(into: context.terminal)
            try TransfersCommand.writeList(books, status: status, into: &json)
            json.finishLine()
            return .success
        }
        let terminal = context.terminal
        var table = TransferRendering.streamingTable { terminal.print($0) }
        try books.eachTransfer(status: status) { table.add(TransferRendering.cells($0)) }
        if table.count == 0 {
            context.terminal.print(status == nil
                ? "no transfers yet: they are found when you import statements of two of your accounts (or run 'mymoney transfers match'), or enter one with 'mymoney transfers add'"
                : "no \(status!.rawValue) transfers")
            return .success
        }
        table.finish()
        return .success
    }

    /// The document of `transfers --format json`, streamed: each transfer written as it is read,
    /// then what waits for a decision (held to the tree it was built as before by the tests).
    static func writeList(_ books: Books, status: Transfer.Status?, into json: inout JSONWriter) throws(BooksError) {
        json.beginObject()
        json.key("transfers")
        json.beginArray()
        try books.eachTransfer(status: status) { json.value(TransferRendering.transfer($0)) }
        json.endArray()
        let undecided = try books.undecidedTransfers()
        json.key("ambiguous")
        json.value(.array(undecided.ambiguous.map(TransferRendering.ambiguity)))
        json.key("unpaired_hints")
        json.value(.array(undecided.unpairedHints.map(TransferRendering.hint)))
        json.endObject()
    }

    func review(_ arguments: Arguments, _ context: CommandContext, format: OutputFormat) throws -> ExitStatus {
        guard let books = try context.existingBooks(arguments) else {
            if format == .json {
                context.terminal.print(JSONValue.object([("proposed", .array([])), ("ambiguous", .array([])),
                                                         ("unpaired_hints", .array([])), ("confirmed", .int(0))]).serialized())
            } else {
                context.terminal.print(context.noLedgerYet(arguments))
            }
            return .success
        }
        let review = try books.transferReview()
        let ambiguous = review.undecided.ambiguous, hints = review.undecided.unpairedHints
        if format == .json {
            context.terminal.print(JSONValue.object([
                ("proposed", .array(review.proposed.map(TransferRendering.transfer))),
                ("ambiguous", .array(ambiguous.map(TransferRendering.ambiguity))),
                ("unpaired_hints", .array(hints.map(TransferRendering.hint))),
                ("confirmed", .int(review.confirmedCount)),
            ]).serialized())
            return .success
        }
        var sections: [String] = []
        if review.proposed.isEmpty {
            sections.append("no proposed transfers waiting for you" + (review.confirmedCount > 0
                ? " (\(counted(review.confirmedCount, "confirmed transfer")): mymoney transfers)" : ""))
        } else {
            sections.append("Proposed (\(review.proposed.count)): confirm with 'mymoney transfers confirm ID', reject with 'mymoney transfers reject ID'\n"
                            + TransferRendering.table(review.proposed))
        }
        sections.append(ambiguous.isEmpty ? "no close calls" : TransferRendering.closeCalls(ambiguous))
        if !hints.isEmpty { sections.append(TransferRendering.hints(hints)) }
        context.terminal.print(sections.joined(separator: "\n\n"))
        return .success
    }
}

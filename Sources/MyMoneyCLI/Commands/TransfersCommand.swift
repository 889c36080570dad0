import Foundation
import MyMoneyKit

/// `mymoney transfers`: the transfers between the user's own accounts, and correcting the matcher.
struct TransfersCommand: Command {
    let name = "transfers"
    let summary = "list transfers between your accounts; review, confirm, reject, link, unlink; match again"
    let usage = [
        "mymoney transfers [list] [--status confirmed|proposed] [--format table|json]",
        "mymoney transfers review                 proposed transfers and ambiguous cases to decide",
        "mymoney transfers confirm ID             accept a proposed transfer",
        "mymoney transfers reject ID              not a transfer: unlinked, and never proposed again",
        "mymoney transfers link FROM_TX TO_TX     pair two transactions by hand (ids from 'mymoney transactions')",
        "mymoney transfers unlink ID              remove a transfer; both legs count as income/expense again",
        "mymoney transfers match [--rates FILE]   match the whole ledger again (import does this for new rows)",
    ]
    let discussion = """
    A transfer is one movement between two of your accounts: money leaving one (from) and arriving
    in the other (to), also across currencies (88.00 EUR → 100.00 USD, rate 1.1364), with a fee
    where the amounts differ by one. Transfers count neither as income nor as expense.
    --rates FILE gives reference exchange rates, one per line: DAY,FROM,TO,RATE (2026-10-05,EUR,USD,1.1364).
    """
    let actions = ["list", "review", "confirm", "reject", "link", "unlink", "match"]
    let options: [Option] = [
        .ledger, .format,
        Option("--status", .one("STATUS"), "only confirmed or proposed transfers", completion: .choices(["confirmed", "proposed"])),
        Option("--rates", .one("FILE"), "reference exchange rates (DAY,FROM,TO,RATE per line)", completion: .file),
        Option("--rate", .one("RATE"), "the rate of a transfer linked by hand"),
        Option("--fee", .one("AMOUNT"), "the fee of a transfer linked by hand"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        let rest = Array(arguments.positionals.dropFirst())
        switch verb {
        case "list":
            let status = try arguments.value("--status", as: "confirmed or proposed", { Transfer.Status(rawValue: $0) })
            return try list(arguments, context, status: status)
        case "review": return try review(arguments, context)
        case "confirm":
            let id = try arguments.id("name the transfer id (see mymoney transfers)")
            try context.openBooks(arguments).confirmTransfer(id: id)
            context.terminal.print("confirmed transfer \(id)")
        case "reject":
            let id = try arguments.id("name the transfer id (see mymoney transfers)")
            let transfer = try context.openBooks(arguments).rejectTransfer(id: id)
            context.terminal.print("rejected transfer \(id): transactions \(transfer.from.transaction.id ?? 0) and \(transfer.to.transaction.id ?? 0) will not be paired again")
        case "unlink":
            let id = try arguments.id("name the transfer id (see mymoney transfers)")
            try context.openBooks(arguments).unlinkTransfer(id: id)
            context.terminal.print("unlinked transfer \(id): both transactions count as income or expense again")
        case "link":
            guard rest.count == 2, let a = Int64(rest[0]), let b = Int64(rest[1]) else {
                throw CommandFailure.usage("name two transaction ids: mymoney transfers link FROM_TX TO_TX")
            }
            let rate = try arguments.amount("--rate")
            let fee = try arguments.amount("--fee")
            let transfer = try context.openBooks(arguments).linkTransfer(a, b, rate: rate, fee: fee)
            context.terminal.print("linked transfer \(transfer.id): \(transfer.from.transaction.id ?? 0) → \(transfer.to.transaction.id ?? 0)")
        case "match":
            let books = try context.openBooks(arguments)
            let outcome = try books.matchTransfers(rates: try context.loadRates(arguments))
            context.terminal.print("paired \(outcome.confirmed), proposed \(outcome.proposed) for review, \(outcome.result.ambiguous.count) ambiguous")
            if !outcome.result.pairs.isEmpty { context.terminal.print(TransferTableRenderer.render(outcome.result).trimmingCharacters(in: .newlines)) }
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, review, confirm, reject, link, unlink, match)")
        }
        return .success
    }

    func list(_ arguments: Arguments, _ context: CommandContext, status: Transfer.Status?) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "transfers") else { return .success }
        let transfers = try books.transfers(status: status)
        if format == .json {
            func leg(_ leg: Transfer.Leg) -> JSONValue {
                let t = leg.transaction
                return .object([("account", .string(leg.accountName)), ("date", .string(t.day.description)),
                                ("amount", .string(t.amount.description)), ("currency", .string(t.currency.code)),
                                ("transaction_id", .number(String(t.id ?? 0))), ("payee", .optional(t.payee))])
            }
            context.terminal.print(JSONValue.object([("transfers", .array(transfers.map { r in
                .object([("id", .number(String(r.id))), ("from", leg(r.from)), ("to", leg(r.to)),
                         ("rate", .optional(r.rate?.description)), ("fee", .optional(r.fee?.description)),
                         ("confidence", .number(String(format: "%.2f", r.confidence))), ("status", .string(r.status.rawValue))])
            }))]).serialized())
            return .success
        }
        if transfers.isEmpty {
            context.terminal.print("no transfers yet: they are found when you import statements of two of your accounts (or run 'mymoney transfers match')")
            return .success
        }
        var table = TextTable(["id", "from", "", "", "to", "", "", "rate", "fee", "conf.", "status"],
                              alignments: [.right, .left, .left, .right, .left, .left, .right, .right, .right, .right, .left])
        for r in transfers {
            let from = r.from.transaction, to = r.to.transaction
            table.add([String(r.id), from.day.description, r.from.accountName, "\(from.amount) \(from.currency.code)",
                       to.day.description, r.to.accountName, "\(to.amount) \(to.currency.code)",
                       r.rate?.description ?? "-", r.fee?.description ?? "-", String(format: "%.2f", r.confidence),
                       r.status.rawValue])
        }
        context.terminal.print(table.render())
        return .success
    }

    func review(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        guard let books = try context.existingBooks(arguments) else {
            context.terminal.print(context.noLedgerYet(arguments))
            return .success
        }
        _ = try list(arguments, context, status: .proposed)
        let review = try books.transferReview()
        if review.undecided.ambiguous.isEmpty {
            context.terminal.print("no ambiguous cases")
        } else {
            context.terminal.print("ambiguous: several candidates are about equally likely; link the right pair with 'mymoney transfers link FROM_TX TO_TX'")
            context.terminal.print(TransferTableRenderer.render(review.undecided).trimmingCharacters(in: .newlines))
        }
        return .success
    }
}

import Foundation
import MyMoneyKit
import MyMoneyStore
import MyMoneyTransfers

/// `mymoney transfers`: the transfers between the user's own accounts, and correcting the matcher.
struct TransfersCommand: Command {
    let name = "transfers"
    let summary = "list transfers between your accounts; review, confirm, reject, link, unlink; match again"
    let help = """
    usage: mymoney transfers [list] [--status confirmed|proposed] [--format table|json]
           mymoney transfers review                 proposed transfers and ambiguous cases to decide
           mymoney transfers confirm ID             accept a proposed transfer
           mymoney transfers reject ID              not a transfer: unlinked, and never proposed again
           mymoney transfers link FROM_TX TO_TX     pair two transactions by hand (ids from 'mymoney transactions')
           mymoney transfers unlink ID              remove a transfer; both legs count as income/expense again
           mymoney transfers match [--rates FILE]   match the whole ledger again (import does this for new rows)

    A transfer is one movement between two of your accounts: money leaving one (from) and arriving
    in the other (to), also across currencies (88.00 EUR → 100.00 USD, rate 1.1364), with a fee
    where the amounts differ by one. Transfers count neither as income nor as expense.
    --rates FILE gives reference exchange rates, one per line: DAY,FROM,TO,RATE (2026-10-05,EUR,USD,1.1364).

    options:
      --ledger PATH   the ledger file
    """
    let options: Set<String> = ["--ledger", "--format", "--status", "--rates", "--rate", "--fee"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        let rest = Array(arguments.positionals.dropFirst())
        switch verb {
        case "list": return try list(arguments, context, status: try arguments.value("--status", as: "confirmed or proposed", { MyMoneyStore.TransferLink.Status(rawValue: $0) }))
        case "review": return try review(arguments, context)
        case "confirm", "reject", "unlink":
            guard let text = rest.first, let id = Int64(text) else { throw .usage("name the transfer id (see mymoney transfers)") }
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            let link = try ledgerCall { () throws(LedgerError) in try ledger.transfer(id: id) }
            switch verb {
            case "confirm":
                _ = try ledgerCall { () throws(LedgerError) in try ledger.confirmTransfer(id: id) }
                context.terminal.print("confirmed transfer \(id)")
            case "reject":
                try ledgerCall { () throws(LedgerError) in try ledger.rejectTransfer(link.fromTransactionId, link.toTransactionId) }
                context.terminal.print("rejected transfer \(id): transactions \(link.fromTransactionId) and \(link.toTransactionId) will not be paired again")
            default:
                do {
                    try ledger.transaction {
                        try ledger.unlinkTransfer(id: id)
                        // Both legs keep the type their sign implies, set by hand: matching leaves them alone.
                        for legId in [link.fromTransactionId, link.toTransactionId] {
                            let leg = try ledger.transaction(id: legId)
                            _ = try ledger.editTransaction(id: legId, [.type(leg.amount.isNegative ? .expense : .income)])
                        }
                    }
                } catch let error as LedgerError { throw CommandFailure(error) } catch { throw .data("\(error)") }
                context.terminal.print("unlinked transfer \(id): both transactions count as income or expense again")
            }
            return .success
        case "link":
            guard rest.count == 2, let a = Int64(rest[0]), let b = Int64(rest[1]) else { throw .usage("name two transaction ids: mymoney transfers link FROM_TX TO_TX") }
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            let rate = try arguments.value("--rate").map { (t: String) throws(CommandFailure) in try parseAmount(t, option: "--rate") }
            let fee = try arguments.value("--fee").map { (t: String) throws(CommandFailure) in try parseAmount(t, option: "--fee") }
            let first = try ledgerCall { () throws(LedgerError) in try ledger.transaction(id: a) }
            let (from, to) = first.amount.isNegative ? (a, b) : (b, a)
            let link = try ledgerCall { () throws(LedgerError) in
                try ledger.linkTransfer(MyMoneyStore.TransferLink(fromTransactionId: from, toTransactionId: to, rate: rate, fee: fee,
                                                                   confidence: 1, status: .confirmed))
            }
            context.terminal.print("linked transfer \(link.id ?? 0): \(from) → \(to)")
            return .success
        case "match":
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            let rates = try context.loadRates(arguments)
            let outcome: TransferLinking.Outcome
            do {
                outcome = try ledger.transaction {
                    try TransferLinking.match(ledger: ledger, around: nil, confirmThreshold: ImportRequest(paths: []).confirmThreshold, rates: rates)
                }
            } catch let error as LedgerError { throw CommandFailure(error) } catch { throw .data("\(error)") }
            context.terminal.print("paired \(outcome.confirmed), proposed \(outcome.proposed) for review, \(outcome.result.ambiguous.count) ambiguous")
            if !outcome.result.pairs.isEmpty { context.terminal.print(TransferTableRenderer.render(outcome.result).trimmingCharacters(in: .newlines)) }
            return .success
        default:
            throw .usage("unknown action \"\(verb)\" (list, review, confirm, reject, link, unlink, match)")
        }
    }

    func list(_ arguments: Arguments, _ context: CommandContext, status: MyMoneyStore.TransferLink.Status?) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "transfers") else { return .success }
        let links = try ledgerCall { () throws(LedgerError) in try ledger.transfers(status: status) }
        let names = Dictionary(try ledgerCall { () throws(LedgerError) in try ledger.accounts() }.compactMap { a in a.id.map { ($0, a.name) } },
                               uniquingKeysWith: { a, _ in a })
        var rows: [(link: MyMoneyStore.TransferLink, from: LedgerTransaction, to: LedgerTransaction)] = []
        for link in links {
            let from = try ledgerCall { () throws(LedgerError) in try ledger.transaction(id: link.fromTransactionId) }
            let to = try ledgerCall { () throws(LedgerError) in try ledger.transaction(id: link.toTransactionId) }
            rows.append((link, from, to))
        }
        if format == .json {
            func leg(_ t: LedgerTransaction) -> JSONValue {
                .object([("account", .string(names[t.accountId] ?? String(t.accountId))), ("date", .string(t.day.description)),
                         ("amount", .string(t.amount.description)), ("currency", .string(t.currency.code)),
                         ("transaction_id", .number(String(t.id ?? 0))), ("payee", .optional(t.payee))])
            }
            context.terminal.print(JSONValue.object([("transfers", .array(rows.map { r in
                .object([("id", .number(String(r.link.id ?? 0))), ("from", leg(r.from)), ("to", leg(r.to)),
                         ("rate", .optional(r.link.rate?.description)), ("fee", .optional(r.link.fee?.description)),
                         ("confidence", .number(String(format: "%.2f", r.link.confidence))), ("status", .string(r.link.status.rawValue))])
            }))]).serialized())
            return .success
        }
        if rows.isEmpty {
            context.terminal.print("no transfers yet: they are found when you import statements of two of your accounts (or run 'mymoney transfers match')")
            return .success
        }
        var table = TextTable(["id", "from", "", "", "to", "", "", "rate", "fee", "conf.", "status"],
                              alignments: [.right, .left, .left, .right, .left, .left, .right, .right, .right, .right, .left])
        for r in rows {
            table.add([String(r.link.id ?? 0), r.from.day.description, names[r.from.accountId] ?? "", "\(r.from.amount) \(r.from.currency.code)",
                       r.to.day.description, names[r.to.accountId] ?? "", "\(r.to.amount) \(r.to.currency.code)",
                       r.link.rate?.description ?? "-", r.link.fee?.description ?? "-", String(format: "%.2f", r.link.confidence),
                       r.link.status.rawValue])
        }
        context.terminal.print(table.render())
        return .success
    }

    func review(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        guard let ledger = try context.openLedger(arguments, forWriting: false) else {
            context.terminal.print(context.noLedgerYet(arguments))
            return .success
        }
        _ = try list(arguments, context, status: .proposed)
        let outcome: TransferLinking.Outcome
        do {
            outcome = try TransferLinking.match(ledger: ledger, around: nil, confirmThreshold: 1, store: false)
        } catch let error as LedgerError { throw CommandFailure(error) } catch { throw .data("\(error)") }
        if outcome.result.ambiguous.isEmpty {
            context.terminal.print("no ambiguous cases")
        } else {
            context.terminal.print("ambiguous: several candidates are about equally likely; link the right pair with 'mymoney transfers link FROM_TX TO_TX'")
            context.terminal.print(TransferTableRenderer.render(TransferMatchResult(pairs: [], ambiguous: outcome.result.ambiguous)).trimmingCharacters(in: .newlines))
        }
        return .success
    }
}

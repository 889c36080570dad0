import MyMoneyKit

/// `mymoney report html`: the self-contained page, to a file or standard output.
enum HTMLReportOutput {
    static func write(_ books: Books, from: Day?, through: Day?, _ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let page = try books.htmlReport(from: from, through: through, in: try context.reportingCurrency(books))
        try ExportCommand.write(page, to: arguments.value("--output"), context)
        if let path = arguments.value("--output") { context.terminal.error("wrote the report to \(path)") }
        return .success
    }
}

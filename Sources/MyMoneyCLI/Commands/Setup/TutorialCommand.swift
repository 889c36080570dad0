import Foundation
import MyMoneyKit

/// `mymoney tutorial`: five steps on the sample statements, each running the real command in a
/// throw-away ledger, like an app's first-run slides.
struct TutorialCommand: Command {
    let name = "tutorial"
    let summary = "a five-step tour on sample statements in a throw-away ledger (import, rules, transfers, reconcile, budgets and reports)"
    let usage = ["mymoney tutorial [--samples DIR] [--no-pause]"]
    let discussion = """
    Builds a ledger in a temporary folder from the sample statements (Samples/ and Rules/ of the
    My Money sources) and walks through import, rules explain, transfers, reconcile, budgets and a
    report, showing each real command and its output. Your own ledger is not touched. On a
    terminal it waits for Enter between steps (q stops).
    """
    let epilogue = "exit status: 0 done; 74 the samples cannot be found (give --samples DIR) or a step failed."
    let options: [Option] = [
        Option("--samples", .one("DIR"), "the folder holding Samples/ and Rules/ (default: here, else the sources this mymoney was built from)", completion: .directory),
        Option("--no-pause", "run every step without waiting for Enter"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        try tour(samples: arguments.value("--samples"), pause: !arguments.flag("--no-pause"), context)
    }

    /// One step: a title, what it shows, and the commands it runs (arguments after `mymoney`).
    struct Step {
        var title: String
        var text: String
        var commands: [[String]]
    }

    func tour(samples: String?, pause: Bool, _ context: CommandContext) throws -> ExitStatus {
        guard let root = Self.sampleRoot(samples) else {
            throw CommandFailure.io("the tutorial needs the sample statements: give the folder holding Samples/ and Rules/ with --samples DIR")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-tutorial-\(UUID().uuidString.prefix(8))").path
        let ledger = folder + "/ledger.sqlite"
        let setup = BooksSetup(primaryCurrency: .EUR, ownerName: "Alex Morgan", rulesFolder: root + "/Rules")
        _ = try Books.create(at: ledger, with: setup)
        try Books.open(at: ledger).set(.tips, to: "off")
        var environment = context.environment
        environment["MYMONEY_RULES"] = nil
        let out = context.terminal
        let waits = pause && TerminalInput.isAvailable && out.isInteractive
        out.print(out.bold("My Money in five steps") + " — on Alex's October 2026: a German current and savings account, a US checking account, a Visa card and a cash wallet.")
        out.print("A throw-away ledger was made for it, as 'mymoney init --ledger \(quoted(ledger)) --primary-currency EUR --owner \"Alex Morgan\" --rules \(quoted(root + "/Rules"))' would.")
        let steps = Self.steps(root: root, ledger: ledger)
        for (index, step) in steps.enumerated() {
            out.print("")
            out.print(out.bold("Step \(index + 1) of \(steps.count): \(step.title)"))
            out.print(step.text)
            for command in step.commands {
                let words = command.map { $0 == "{amazon}" ? Self.amazonId(ledger) : $0 }
                out.print("")
                out.print(out.dim("$ mymoney " + words.map(quoted).joined(separator: " ")))
                out.flush()
                let status = MyMoneyCommandLine.run(words, terminal: out, environment: environment)
                // reconcile finds the planted difference: exit 1 is what the step shows.
                if status != 0 && !(status == 1 && words.first == "reconcile") {
                    out.error("mymoney tutorial: step \(index + 1) failed (exit \(status)); the tutorial ledger is at \(ledger)")
                    return .ioError
                }
            }
            if waits && index < steps.count - 1 {
                out.flush()
                let answer = TerminalInput.line("\n— Enter: next step, q: stop — ")
                if answer == nil || answer?.lowercased() == "q" { break }
            }
        }
        out.print("")
        out.print("That was the tour. The tutorial ledger stays at \(ledger): try any command on it with --ledger \(quoted(ledger)), and delete the folder \(quoted(folder)) when done.")
        out.print("Your own books start with: mymoney init")
        return .success
    }

    static func steps(root: String, ledger: String) -> [Step] {
        let samples = root + "/Samples"
        // The HTML report goes beside the throw-away ledger, for the browser.
        let page = (ledger as NSString).deletingLastPathComponent + "/october-2026.html"
        return [
            Step(title: "import your statements",
                 text: "Five files in four formats. Each is recognized by its content, put into its account, categorized by the rules, stored once (importing it again adds nothing), and every balance the bank printed is checked. The ECB's reference rates let every figure be shown in your primary currency.",
                 commands: [["import", samples, "--ledger", ledger],
                            ["rates", "import", samples + "/rates/ecb-2026-10.csv", "--ledger", ledger]]),
            Step(title: "why did a rule do that?",
                 text: "Rules are plain text in the rules folder. 'rules explain' shows which rule set each field of a transaction, and the near misses.",
                 commands: [["rules", "explain", "{amazon}", "--ledger", ledger]]),
            Step(title: "transfers between your accounts",
                 text: "Money moving between your own accounts is neither income nor expense: the matcher paired four transfers, one of them from EUR to USD.",
                 commands: [["transfers", "--ledger", ledger]]),
            Step(title: "does the ledger agree with the bank?",
                 text: "Assert the balance your bank shows. This one is off by 3.20, and the suspects point at the reason (exit status 1 means: a difference was found).",
                 commands: [["reconcile", "--account", "Girokonto", "--balance", "3617.50", "--as-of", "2026-10-31", "--ledger", ledger]]),
            Step(title: "budgets and reports",
                 text: "A monthly limit for food, what is left of it, the month's figures, and the whole month as one page to open in a browser (\(page)).",
                 commands: [["budgets", "add", "--category", "Food", "--amount", "150", "--currency", "EUR", "--start", "2026-10-01", "--ledger", ledger],
                            ["budgets", "--as-of", "2026-10-31", "--ledger", ledger],
                            ["report", "--on", "2026-10-31", "--ledger", ledger],
                            ["report", "html", "--from", "2026-10-01", "--through", "2026-10-31", "--output", page, "--ledger", ledger]]),
        ]
    }

    /// The id of the sample's Amazon order (its rule cleans up the payee and sets a category).
    static func amazonId(_ ledger: String) -> String {
        let books = try? Books.openExisting(at: ledger)
        let found = try? books?.transactions(matching: TransactionFilter(text: "AMAZON MKTPL"))
        return found?.first?.id.map(String.init) ?? "1"
    }

    /// The folder holding `Samples/` and `Rules/`: `given`, else the current folder, else the
    /// sources this binary was built in (walking up from it).
    static func sampleRoot(_ given: String?) -> String? {
        func holdsSamples(_ folder: String) -> Bool {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/Samples", isDirectory: &isFolder) && isFolder.boolValue
                && FileManager.default.fileExists(atPath: folder + "/Rules", isDirectory: &isFolder) && isFolder.boolValue
        }
        if let given { return holdsSamples(given) ? URL(fileURLWithPath: given).standardizedFileURL.path : nil }
        let here = FileManager.default.currentDirectoryPath
        if holdsSamples(here) { return here }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            if holdsSamples(folder.path) { return folder.path }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}

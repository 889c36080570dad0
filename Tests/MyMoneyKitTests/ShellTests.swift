import Foundation
import Testing
@testable import MyMoneyCLI
import MyMoneyTestSupport

/// Completions and the manual page come from the commands' declarations, and work in the shells.
@Suite("shell completions and manual page")
struct ShellTests {
    /// Runs `script` with bash after sourcing the bash completion; returns stdout.
    func bash(_ script: String) throws -> String {
        let completion = try MyMoneyBinary.run(["completions", "bash"]).stdout
        let file = MyMoneyBinary.scratch("bash").appendingPathComponent("completion.bash")
        try Data(completion.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "PATH=\(MyMoneyBinary.url.deletingLastPathComponent().path):$PATH; source \(file.path); \(script)"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func complete(_ words: [String]) throws -> [String] {
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let out = try bash("COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _mymoney; printf '%s\\n' \"${COMPREPLY[@]}\"")
        return out.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsActionsOptionsAndChoices() throws {
        #expect(try complete(["mymoney", "tra"]) == ["transfers", "transactions"])
        #expect(try complete(["mymoney", "imports", ""]) == ["list", "undo"])
        #expect(try complete(["mymoney", "import", "--dry"]) == ["--dry-run"])
        #expect(try complete(["mymoney", "report", "analysis", "--by", "w"]) == ["week"])
    }

    @Test func bashCompletesAccountNamesFromTheLedger() throws {
        let ledger = MyMoneyBinary.scratch("complete").appendingPathComponent("ledger.sqlite").path
        for name in ["Girokonto", "Giro Savings"] {
            #expect(try MyMoneyBinary.run(["accounts", "add", name, "--kind", "bank", "--currency", "EUR", "--ledger", ledger]).status == 0)
        }
        #expect(try complete(["mymoney", "reconcile", "--ledger", ledger, "--account", "Giro"]) == ["Giro Savings", "Girokonto"])
    }

    @Test func everyDeclaredCommandAndOptionIsInEveryScript() {
        for shell in CompletionScript.Shell.allCases {
            let script = CompletionScript.script(for: shell, commands: MyMoneyCommandLine.commands)
            for command in MyMoneyCommandLine.commands {
                #expect(script.contains(command.name), "\(shell): \(command.name)")
                for option in command.options {
                    let spelled = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                    #expect(script.contains(spelled), "\(shell): \(command.name) \(option.name)")
                }
            }
        }
    }

    @Test(arguments: ["zsh", "fish"])
    func otherShellsAcceptTheirScripts(_ shell: String) throws {
        let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            print("\(shell) is not installed: its completion script's syntax is not checked")
            return
        }
        let script = MyMoneyBinary.scratch(shell).appendingPathComponent("completion")
        try Data(try MyMoneyBinary.run(["completions", shell]).stdout.utf8).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-n", script.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func theManualPageInDocsIsTheGeneratedOne() throws {
        let generated = try MyMoneyBinary.run(["help", "--man"])
        #expect(generated.status == 0)
        let kept = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("docs/mymoney.1"), encoding: .utf8)
        #expect(kept == generated.stdout, "docs/mymoney.1 is out of date: mymoney help --man > docs/mymoney.1")
        for command in MyMoneyCommandLine.commands { #expect(kept.contains(".SS \(command.name)")) }
    }
}

import Foundation
import MyMoneyKit

extension CommandContext {
    /// The compiled rules of `--rules DIR`, else `MYMONEY_RULES`, else the ledger's rules folder,
    /// else `Rules/` here.
    ///
    /// A missing default folder means no rules (said on stderr); a folder named with `--rules` or
    /// remembered by the ledger must exist. Rule errors stop the command with exit status 65
    /// after printing every diagnostic.
    func loadRules(_ arguments: Arguments, required: Bool = false) throws(CommandFailure) -> RuleCompilation? {
        let (directory, source) = rulesChoice(arguments)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
        if !exists {
            if source == .ledger {
                throw .io("there is no rules folder at \(directory), the folder the ledger remembers (set another with 'mymoney config set rules DIR', or pass --rules DIR)")
            }
            if source == .option || required {
                throw .io("there is no rules folder at \(directory) (pass the folder with --rules DIR)")
            }
            terminal.error("note: no rules folder at \(directory): nothing is categorized (pass --rules DIR)")
            return nil
        }
        let compilation = RuleBook.load(directory: URL(fileURLWithPath: directory), displayName: directory)
        if !compilation.diagnostics.isEmpty {
            terminal.error(compilation.renderDiagnostics(color: terminal.errorColor).trimmingCharacters(in: .newlines))
        }
        if compilation.hasErrors {
            throw .data("the rules in \(directory) have errors (see above); fix them or check with 'mymoney rules check'")
        }
        return compilation
    }

    /// Reference exchange rates from `--rates FILE` (lines `DAY,FROM,TO,RATE`); none without the option.
    func loadRates(_ arguments: Arguments) throws(CommandFailure) -> [ExchangeRate] {
        guard let path = arguments.value("--rates") else { return [] }
        guard let data = FileManager.default.contents(atPath: path) else { throw .io("\(path): cannot read") }
        let file = ExchangeRateFile.parse(String(decoding: data, as: UTF8.self), file: path)
        report(file.diagnostics, sources: [SourceFile(name: path, text: Array(data))])
        if file.diagnostics.containsErrors { throw .data("\(path) has errors") }
        return file.rates
    }
}

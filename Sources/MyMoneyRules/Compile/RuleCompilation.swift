/// The outcome of compiling rule files: the rule set when there were no errors, and every diagnostic.
public struct RuleCompilation: Sendable {
    /// Nil when any diagnostic is an error: a rule set with a broken rule left out would
    /// silently categorize differently from what the user wrote.
    public var ruleSet: CompiledRuleSet?
    /// Parse and compile problems of every file, in file order, then by position.
    public var diagnostics: [Diagnostic]
    /// The files as parsed (their text feeds the diagnostic renderer).
    public var files: [RuleFile]

    /// Whether any diagnostic is an error (`mymoney rules check` exits 1).
    public var hasErrors: Bool { diagnostics.containsErrors }

    /// The diagnostics rendered with source lines and carets, one after another.
    public func renderDiagnostics(color: Bool = false) -> String {
        var sources: [String: SourceFile] = [:]
        for file in files { sources[file.name] = file.source }
        let renderer = DiagnosticRenderer(sources: sources, color: color)
        return diagnostics.map { renderer.render($0) + "\n" }.joined()
    }
}

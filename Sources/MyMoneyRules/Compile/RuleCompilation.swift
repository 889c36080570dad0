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

    /// The diagnostics as JSON: `{"diagnostics":[{"code","severity","message","file","line","column","notes"}],"errors":N,"warnings":N}`.
    public func renderDiagnosticsJSON() -> String {
        struct Item: Codable { var code: String; var severity: String; var message: String; var file: String?; var line: Int?; var column: Int?; var notes: [String] }
        struct Report: Codable { var diagnostics: [Item]; var errors: Int; var warnings: Int }
        let items = diagnostics.map {
            Item(code: $0.code, severity: $0.severity.rawValue, message: $0.message, file: $0.file, line: $0.position?.line,
                 column: $0.position?.column, notes: $0.notes)
        }
        return ReportJSON.encode(Report(diagnostics: items, errors: diagnostics.filter { $0.severity == .error }.count,
                                        warnings: diagnostics.filter { $0.severity == .warning }.count))
    }

    /// The diagnostics rendered with source lines and carets, one after another.
    public func renderDiagnostics(color: Bool = false) -> String {
        var sources: [String: SourceFile] = [:]
        for file in files { sources[file.name] = file.source }
        let renderer = DiagnosticRenderer(sources: sources, color: color)
        return diagnostics.map { renderer.render($0) + "\n" }.joined()
    }
}

import MyMoneyKit

/// A diagnostic as JSON: `{"code","severity","message","file","line","column","notes"}`.
enum DiagnosticJSON {
    static func make(_ d: Diagnostic) -> JSONValue {
        .object([("code", .string(d.code)), ("severity", .string(d.severity.rawValue)), ("message", .string(d.message)),
                 ("file", .optional(d.file)), ("line", d.position.map { .int($0.line) } ?? .null),
                 ("column", d.position.map { .int($0.column) } ?? .null), ("notes", .array(d.notes.map(JSONValue.string)))])
    }
}

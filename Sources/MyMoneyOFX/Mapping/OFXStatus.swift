/// An OFX `STATUS` aggregate (spec §3.1.4): a code, a severity and an optional message.
struct OFXStatus: Sendable {
    var code: Int?
    var codeText: String = ""
    var severity: String = ""
    var message: String = ""
    var position: SourcePosition?

    /// Meanings of the codes banks send most (OFX 2.1.1 §3.1.4.2, §2.5.1.6).
    static let meanings: [Int: String] = [
        1: "client is up to date", 2000: "general error", 2003: "account not found", 2004: "account closed",
        2005: "account not authorized", 2020: "invalid date", 2021: "unsupported version",
        2027: "invalid date range", 2028: "requested element unknown", 13504: "FI missing or invalid",
        15000: "the user must change the password", 15500: "signon invalid (wrong user ID or password)",
        15501: "customer account already in use", 15502: "user password locked out",
        15505: "country not supported", 15506: "empty signon not supported", 15508: "not authorized for this user ID",
    ]

    var isSuccess: Bool { (code ?? 0) == 0 }

    /// The diagnostic for a non-zero status, or nil for success.
    func diagnostic(context: String, file: String) -> Diagnostic? {
        guard let code, code != 0 else {
            if code == nil && !codeText.isEmpty {
                return .warning("ofx.status", "\(context) STATUS has an unreadable CODE \"\(codeText)\"", file: file, at: position)
            }
            return nil
        }
        let meaning = OFXStatus.meanings[code].map { " (\($0))" } ?? ""
        let text = message.isEmpty ? "" : ": \(message)"
        let upper = severity.uppercased()
        let severityLevel: Diagnostic.Severity = upper == "ERROR" || (upper.isEmpty && code >= 2000) ? .error
            : (upper == "WARN" ? .warning : .note)
        return Diagnostic(severityLevel, code: "ofx.status",
                          "the bank reported \(upper.isEmpty ? "status" : upper.lowercased()) \(code)\(meaning) for \(context)\(text)",
                          file: file, position: position,
                          notes: ["OFX STATUS CODE \(code), SEVERITY \(severity.isEmpty ? "(none)" : severity)"])
    }
}

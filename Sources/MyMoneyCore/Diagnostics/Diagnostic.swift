/// A problem found in the user's input, with a stable code and where it is.
///
/// Recoverable problems are returned next to results, never thrown; the message is written for
/// the user, and internal detail (a libxml2 or SQLite message) goes into `notes`.
public struct Diagnostic: Sendable, Hashable, Codable, Error {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case error, warning, note
        private var rank: Int { self == .error ? 2 : (self == .warning ? 1 : 0) }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// A stable code: `csv.amount`, `ofx.header.charset`, `rules.unknown-field`.
    public var code: String
    public var severity: Severity
    public var message: String
    /// The file's name as the user gave it.
    public var file: String?
    public var position: SourcePosition?
    /// How many UTF-8 bytes from `position` the problem covers (the whole bad field), when known:
    /// the renderer underlines them (`^~~~~`); nil marks only the position (`^`).
    public var length: Int?
    /// Further lines printed after the message (`note: …`).
    public var notes: [String]

    public init(_ severity: Severity, code: String, _ message: String, file: String? = nil,
                position: SourcePosition? = nil, length: Int? = nil, notes: [String] = []) {
        self.code = code
        self.severity = severity
        self.message = message
        self.file = file
        self.position = position
        self.length = length
        self.notes = notes
    }

    /// Where the problem is, with its length, when both are known.
    public var range: SourceRange? {
        guard let position, let length else { return nil }
        return SourceRange(start: position, length: length)
    }

    public static func error(_ code: String, _ message: String, file: String? = nil,
                             at position: SourcePosition? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, code: code, message, file: file, position: position, notes: notes)
    }

    public static func warning(_ code: String, _ message: String, file: String? = nil,
                               at position: SourcePosition? = nil, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, code: code, message, file: file, position: position, notes: notes)
    }

    /// An error about the whole stretch `range` (rendered underlined).
    public static func error(_ code: String, _ message: String, file: String? = nil,
                             in range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, code: code, message, file: file, position: range.start, length: range.length, notes: notes)
    }

    /// A warning about the whole stretch `range` (rendered underlined).
    public static func warning(_ code: String, _ message: String, file: String? = nil,
                               in range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, code: code, message, file: file, position: range.start, length: range.length, notes: notes)
    }
}

extension Sequence where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}

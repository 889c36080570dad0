/// The exit statuses users script against (sysexits where one fits).
public enum ExitStatus: Int32, Sendable {
    /// Success.
    case success = 0
    /// A check found a problem (a reconciliation mismatch, rule errors).
    case problemFound = 1
    /// The command line was wrong.
    case usage = 2
    /// The input data was bad (EX_DATAERR).
    case dataError = 65
    /// A file could not be read or written (EX_IOERR).
    case ioError = 74
}

/// A failure that ends a command with a message and an exit status.
public struct CommandFailure: Error, Sendable {
    public var message: String
    public var status: ExitStatus
    public init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    public static func usage(_ message: String) -> CommandFailure { CommandFailure(message, status: .usage) }
    public static func data(_ message: String) -> CommandFailure { CommandFailure(message, status: .dataError) }
    public static func io(_ message: String) -> CommandFailure { CommandFailure(message, status: .ioError) }
}

import MyMoneyKit

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
    /// The passphrase given does not open the encrypted ledger, or none could be had (EX_NOPERM).
    case permission = 77
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

extension ExitStatus {
    /// The exit status and message for any failure a command ends with: the one place where
    /// errors become exit statuses.
    static func of(_ error: any Error) -> (status: ExitStatus, message: String) {
        switch error {
        case let failure as CommandFailure:
            return (failure.status, failure.message)
        case let error as BooksError:
            let status: ExitStatus
            switch error.kind {
            case .invalid, .duplicate, .notFound, .inUse, .locked, .badInput: status = .dataError
            case .unreadable, .busy, .storage, .damaged: status = .ioError
            case .wrongPassphrase, .passphraseRequired: status = .permission
            }
            return (status, error.description)
        case let error as InputError:
            return (.ioError, error.description)
        default:
            return (.dataError, String(describing: error))
        }
    }
}

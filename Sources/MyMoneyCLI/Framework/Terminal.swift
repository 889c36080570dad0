import Foundation

/// Where a command writes: standard output for results, standard error for diagnostics and progress.
///
/// Everything written is data-safe: control characters (ESC, BEL, C1, …) that statements or users
/// put in a payee or a file name are escaped (``TerminalText``), so they can never drive the
/// terminal; only the colors this program adds itself pass, and only while colors are on.
///
/// Colors follow the stream they are written to: standard output is colored when it is a
/// terminal, diagnostics on standard error when that is one; a non-empty `NO_COLOR` (or
/// `TERM=dumb`) turns them off. Final class: it owns the buffered output and is used from one
/// thread only (not Sendable).
public final class Terminal: TextStyle {
    /// Whether text for standard output may carry colors.
    public let color: Bool
    /// Whether text for standard error may carry colors.
    public let errorColor: Bool
    public let isInteractive: Bool
    private var out: [UInt8] = []
    private let standardOutput = FileDescriptorSink(descriptor: STDOUT_FILENO)
    private let capture: Bool
    private var capturedBytes: [UInt8] = []
    /// Everything written to standard output while capturing.
    public var capturedOutput: String { String(decoding: capturedBytes, as: UTF8.self) }
    public private(set) var capturedError = ""

    public init(environment: [String: String] = ProcessInfo.processInfo.environment, capture: Bool = false) {
        self.capture = capture
        let colorAllowed = (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        self.isInteractive = !capture && isatty(STDERR_FILENO) == 1
        self.color = colorAllowed && !capture && isatty(STDOUT_FILENO) == 1
        self.errorColor = colorAllowed && isInteractive
    }

    /// Writes a line (or text ending in a newline) to standard output.
    public func print(_ text: String = "") {
        let text = TerminalText.escaped(text, keepingStyles: color)
        if capture { capturedBytes += text.utf8; capturedBytes.append(0x0A); return }
        out.append(contentsOf: text.utf8)
        out.append(0x0A)
        if out.count > 1 << 16 { flush() }
    }

    /// Writes a line given as bytes to standard output: as ``print(_:)`` writes it, copied as it
    /// is when every byte is printable ASCII (nothing to escape), through ``print(_:)`` otherwise.
    public func printPlainLine(_ bytes: UnsafeRawBufferPointer) {
        guard TerminalText.isPrintableASCII(bytes.assumingMemoryBound(to: UInt8.self)) else {
            print(String(decoding: bytes, as: UTF8.self))
            return
        }
        if capture { capturedBytes += bytes; capturedBytes.append(0x0A); return }
        out.append(contentsOf: bytes)
        out.append(0x0A)
        if out.count > 1 << 16 { flush() }
    }

    /// Writes a line to standard error at once.
    public func error(_ text: String) {
        let text = TerminalText.escaped(text, keepingStyles: errorColor)
        if capture { capturedError += text + "\n"; return }
        flush()
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// A progress line on standard error, overwritten in place; only on an interactive terminal.
    public func progress(_ text: String) {
        guard isInteractive else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    public func endProgress() {
        guard isInteractive else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    public func flush() {
        guard !out.isEmpty else { return }
        out.withUnsafeBytes { standardOutput.write($0) }
        out.removeAll(keepingCapacity: true)
    }

    /// Bold text when colors are on.
    public func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    public func green(_ text: String) -> String { color ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    public func red(_ text: String) -> String { color ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    public func yellow(_ text: String) -> String { color ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
    public func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    deinit { flush() }
}

/// Output streamed to standard output (``JSONWriter``, ``BufferedOutput``), after what was printed.
///
/// The bytes go out as they are, not through ``TerminalText``: a streaming renderer writes JSON,
/// whose escaping already covers every control character (see ``JSONEscaping``), so nothing it
/// writes can drive the terminal. Human text goes through ``Terminal/print(_:)``.
extension Terminal: ByteSink {
    public func write(_ bytes: UnsafeRawBufferPointer) {
        if capture { capturedBytes.append(contentsOf: bytes); return }
        flush()
        standardOutput.write(bytes)
    }
}


import Foundation

/// Runs the built `mymoney` binary on a pseudo-terminal (`posix_openpt`), the way a user at a
/// terminal runs it: standard input, output and error are the terminal, so prompts, echo and
/// "only on a terminal" behaviour are what a user gets. The test reads what the terminal shows
/// (``expect(_:timeout:)``) and types (``type(_:)``).
public final class PseudoTerminal: @unchecked Sendable {
    private let master: Int32
    private let process: Process
    /// The bytes the terminal showed so far (output, and echo of what was typed).
    private var shown: [UInt8] = []
    /// Where the last ``expect(_:timeout:)`` match ended: the next one looks after it.
    private var cursor = 0

    /// Everything the terminal showed so far.
    public var transcript: String { String(decoding: shown, as: UTF8.self) }

    /// Whether this machine gives pseudo-terminals (a container without `/dev/pts` does not):
    /// suites that need one are enabled only then, and say why they were skipped otherwise.
    public static let isAvailable: Bool = {
        guard let (master, slave) = try? openPair() else { return false }
        close(slave)
        close(master)
        return true
    }()

    /// The message a suite skipped for want of a pseudo-terminal shows.
    public static let absentMessage = "no pseudo-terminal here (posix_openpt or /dev/pts missing): terminal tests skipped"

    /// A new pseudo-terminal: its master side and its slave side, both open.
    private static func openPair() throws -> (master: Int32, slave: Int32) {
        // glibc declares these only under _XOPEN_SOURCE, which Swift's Glibc module does not set:
        // look them up by name.
        typealias OpenPT = @convention(c) (Int32) -> Int32
        typealias OnPT = @convention(c) (Int32) -> Int32
        typealias NamePT = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32
        let library = dlopen(nil, RTLD_NOW)
        guard let openSymbol = dlsym(library, "posix_openpt"), let grantSymbol = dlsym(library, "grantpt"),
              let unlockSymbol = dlsym(library, "unlockpt"), let nameSymbol = dlsym(library, "ptsname_r") else {
            throw CocoaError(.featureUnsupported)
        }
        let master = unsafeBitCast(openSymbol, to: OpenPT.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw CocoaError(.featureUnsupported) }
        var name = [CChar](repeating: 0, count: 128)
        guard unsafeBitCast(grantSymbol, to: OnPT.self)(master) == 0, unsafeBitCast(unlockSymbol, to: OnPT.self)(master) == 0,
              unsafeBitCast(nameSymbol, to: NamePT.self)(master, &name, name.count) == 0 else {
            close(master)
            throw CocoaError(.featureUnsupported)
        }
        let slave = open(String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw CocoaError(.featureUnsupported)
        }
        return (master, slave)
    }

    /// Starts `mymoney arguments…` in `directory` (default: the repository root) with a clean
    /// environment (`NO_COLOR`, `TERM=dumb`, scratch `HOME`) plus `environment`.
    public init(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws {
        let slave: Int32
        (master, slave) = try Self.openPair()
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process = Process()
        process.executableURL = MyMoneyBinary.url
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? Corpus.repositoryRoot
        var env = ["NO_COLOR": "1", "TERM": "dumb", "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "TZ": "UTC"]
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        // From here on every property is set: a throw runs deinit, which closes the master side.
        try process.run()
        try handle.close()
    }

    deinit {
        stop()
        close(master)
    }

    /// Ends the process if it still runs: SIGTERM, then SIGKILL after a second.
    private func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(1)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits until the terminal shows `text` after what earlier calls found; whether it did within `timeout`.
    @discardableResult
    public func expect(_ text: String, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let wanted = Array(text.utf8)
        while true {
            if !wanted.isEmpty, shown.count - cursor >= wanted.count,
               let at = (cursor...(shown.count - wanted.count)).first(where: { shown[$0..<($0 + wanted.count)].elementsEqual(wanted) }) {
                cursor = at + wanted.count
                return true
            }
            guard Date() < deadline else { return false }
            _ = readAvailable(until: min(deadline, Date().addingTimeInterval(0.2)))
        }
    }

    /// Types `text` (end a line with "\n").
    public func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits for the process to end, collecting what it still shows; its exit status. A process
    /// still running after `timeout` is ended (its status then says so).
    public func wait(timeout: Double = 60) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { _ = readAvailable(until: Date().addingTimeInterval(0.1)) }
        stop()
        process.waitUntilExit()
        // What it showed last; bounded, should something else still hold the terminal open.
        let drained = Date().addingTimeInterval(2)
        while Date() < drained, readAvailable(until: Date().addingTimeInterval(0.05)) {}
        return process.terminationStatus
    }

    /// Reads what the terminal has until `deadline`; false when nothing more came (or it closed).
    private func readAvailable(until deadline: Date) -> Bool {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let wait = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
        guard poll(&poller, 1, wait) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(master, &buffer, buffer.count)
        guard n > 0 else { return false }
        shown += buffer.prefix(n)
        return true
    }
}

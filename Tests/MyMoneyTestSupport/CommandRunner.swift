import Foundation

/// Runs the built `mymoney` binary the way a user does, capturing stdout, stderr and the exit status.
public struct CommandRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Runs `executable arguments…` with exactly `environment`, feeding `stdin` (then closing it);
    /// a process still running after `timeout` seconds is terminated, so a hang fails its test
    /// instead of the whole run. Both pipes are read at once, so a full pipe never blocks the child.
    public static func of(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                          environment: [String: String], stdin: String? = nil, timeout: TimeInterval) throws -> CommandRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = environment
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CommandRun(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}

public enum MyMoneyBinary {
    /// `.build/<config>/mymoney`, beside the test bundle.
    public static var url: URL {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = me.deletingLastPathComponent()
        // The XCTest bundle may be a folder (`…xctest/…`); walk up to the build folder.
        while dir.path.contains(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("mymoney")
    }

    /// Runs `mymoney arguments…` in `directory` (default: the repository root) with `environment`
    /// added to a clean one (`NO_COLOR` set, `HOME` pointing at a scratch folder).
    public static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                           stdin: String? = nil) throws -> CommandRun {
        var env = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "TZ": "UTC"]
        for (k, v) in environment { env[k] = v }
        return try CommandRun.of(url, arguments, in: directory ?? Corpus.repositoryRoot, environment: env, stdin: stdin, timeout: 120)
    }

    /// Starts `mymoney arguments…` and returns at once; ``RunningCommand/wait()`` collects it.
    /// For tests of several processes at once.
    public static func start(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) -> RunningCommand {
        RunningCommand { try run(arguments, in: directory, environment: environment) }
    }

    /// A fresh scratch folder for one test, removed when the test process exits (``ScratchFolders``).
    public static func scratch(_ name: String = "test") -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        ScratchFolders.ofThisProcess.remember(url)
        return url
    }
}

/// Scratch folders to remove: those of the test process go when it exits (a run of the suite
/// left some 500 folders in the temporary directory, thousands over a day's runs).
public final class ScratchFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [URL] = []

    public init() {}

    /// The test process's folders, removed at its exit.
    public static let ofThisProcess: ScratchFolders = {
        let folders = ScratchFolders()
        atexit { ScratchFolders.ofThisProcess.removeAll() }
        return folders
    }()

    public func remember(_ folder: URL) {
        lock.lock()
        folders.append(folder)
        lock.unlock()
    }

    /// Removes every folder remembered (what is already gone is skipped).
    public func removeAll() {
        lock.lock()
        let all = folders
        folders = []
        lock.unlock()
        for folder in all { try? FileManager.default.removeItem(at: folder) }
    }
}

/// A `mymoney` process started by ``MyMoneyBinary/start(_:in:environment:)``.
public final class RunningCommand: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once on the runner's thread before `done` is signalled; read after waiting for it.
    private var result: Result<CommandRun, any Error> = .failure(CancellationError())

    init(_ body: @escaping @Sendable () throws -> CommandRun) {
        Thread.detachNewThread { [self] in
            result = Result { try body() }
            done.signal()
        }
    }

    /// Waits for the process to end.
    public func wait() throws -> CommandRun {
        done.wait()
        done.signal()
        return try result.get()
    }
}
